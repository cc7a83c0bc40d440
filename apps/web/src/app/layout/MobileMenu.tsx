// The header below the `lg` breakpoint: a panel with the same links as the desktop bar,
// the two specialization menus as expandable groups, and the sign-in call to action.
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { SessionUser } from '../../lib/session';
import {
  type MenuId,
  navLinks,
  SPECIALIZATION_ITEMS,
  SPECIALIZATION_MENUS,
  specializationHref,
} from './navItems';

const ROW =
  'flex w-full items-center justify-between rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700';

export function MobileMenu({
  id,
  user,
  onNavigate,
}: {
  id: string;
  user: SessionUser | null;
  onNavigate: () => void;
}) {
  const [expanded, setExpanded] = useState<MenuId | null>(null);
  const location = useLocation();
  const selected = new URLSearchParams(location.search).get('specialization');

  return (
    <nav
      id={id}
      aria-label="Mobile"
      className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 pt-2 shadow-xl lg:hidden"
    >
      <ul className="space-y-1">
        {SPECIALIZATION_MENUS.map((menu) => {
          const open = expanded === menu.id;
          const groupId = `${id}-${menu.id}`;
          return (
            <li key={menu.id}>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={groupId}
                onClick={() => setExpanded(open ? null : menu.id)}
                className={ROW}
              >
                {menu.label}
                <ChevronDown
                  className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`}
                  aria-hidden
                />
              </button>
              {open && (
                <ul
                  id={groupId}
                  aria-label={menu.label}
                  className="mb-2 ml-3 grid grid-cols-2 gap-1 border-l-2 border-brand-100 pl-3"
                >
                  {SPECIALIZATION_ITEMS.map((item) => (
                    <li key={item.value}>
                      <Link
                        to={specializationHref(menu.base, item.value)}
                        onClick={onNavigate}
                        aria-current={
                          location.pathname === menu.base && selected === item.value ? 'page' : undefined
                        }
                        className="block rounded-md px-2 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700"
                      >
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
        {navLinks(user).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} onClick={onNavigate} className={ROW}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
