// What the header offers (docs/PRODUCT.md#screens 'Site-wide chrome'), shared by the desktop bar and the
// mobile menu so both always list the same things.
import { SPECIALIZATION_LABELS, SPECIALIZATIONS, type Specialization } from '@app/shared';
import type { SessionUser } from '../../lib/session';

export type MenuId = 'skill' | 'categories';

export type SpecializationMenu = {
  id: MenuId;
  label: string;
  /** Where each specialization leads: `${base}?specialization=<value>`. */
  base: string;
};

export const SPECIALIZATION_MENUS: SpecializationMenu[] = [
  { id: 'skill', label: 'Search by Skill', base: '/find_an_engineer' },
  { id: 'categories', label: 'Browse Categories', base: '/explore' },
];

export const SPECIALIZATION_ITEMS = SPECIALIZATIONS.map((value: Specialization) => ({
  value,
  label: SPECIALIZATION_LABELS[value],
}));

export function specializationHref(base: string, value: Specialization): string {
  return `${base}?specialization=${value}`;
}

export type NavItem = { to: string; label: string };

/** The plain links, in order, for this visitor. */
export function navLinks(user: SessionUser | null): NavItem[] {
  const items: NavItem[] = [{ to: '/find_an_engineer', label: 'Find an Engineer' }];
  if (user?.role === 'client') items.push({ to: '/create_project', label: 'Post a Project' });
  items.push({ to: '/explore', label: 'Explore Projects' });
  if (!user) items.push({ to: '/about', label: 'About Us' });
  items.push({ to: '/contact', label: 'Contact Us' });
  return items;
}

/** The user's own dashboard, by role. */
export function dashboardLink(user: SessionUser): NavItem {
  const id = encodeURIComponent(user.id);
  switch (user.role) {
    case 'admin':
      return { to: `/admin_dashboard/${id}`, label: 'Admin Dashboard' };
    case 'engineer':
      return { to: `/engineer_dashboard/${id}`, label: 'Engineer Dashboard' };
    default:
      return { to: `/client_dashboard/${id}`, label: 'Client Dashboard' };
  }
}
