// Site header of docs/PRODUCT.md#screens. One piece of state says which dropdown is open (a specialization
// menu, the user menu or the mobile menu), so a click outside the header, Escape or a
// navigation closes them all at once.
import { Menu, X } from 'lucide-react';
import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { lazyComponent } from '../../lib/lazyComponent';
import { useCurrentUser } from '../../lib/lazyStore';
import { Logo } from './Logo';
import { type MenuId, navLinks, SPECIALIZATION_MENUS } from './navItems';
import { SpecializationDropdown } from './SpecializationDropdown';

// Only on a click (the mobile menu) or for a signed-in user: not part of a visitor's first page.
const MobileMenu = lazyComponent(async () => (await import('./MobileMenu')).MobileMenu);
const SignedInItems = lazyComponent(async () => (await import('./SignedInItems')).SignedInItems);
/** For a signed-in user's first render (main.tsx), which waits for these. */
export const preloadSignedInItems = SignedInItems.preload;

type Open = MenuId | 'user' | 'mobile' | null;

const LINK =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition hover:bg-slate-100 hover:text-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700';

export function Header() {
  const user = useCurrentUser();
  const location = useLocation();
  const headerRef = useRef<HTMLElement>(null);
  const mobileId = useId();
  const [open, setOpen] = useState<Open>(null);
  const closeAll = useCallback(() => setOpen(null), []);

  // A navigation (link, back button) closes whatever was open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => {
    setOpen(null);
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) setOpen(null);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Give focus back to the button that opened the dropdown.
      headerRef.current?.querySelector<HTMLElement>(`[data-menu-trigger="${open}"]`)?.focus();
      setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const toggle = (id: Exclude<Open, null>) => (next: boolean) => setOpen(next ? id : null);

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Logo onClick={closeAll} />

        <nav aria-label="Main" className="ml-4 hidden flex-1 items-center gap-1 lg:flex">
          {SPECIALIZATION_MENUS.map((menu) => (
            <SpecializationDropdown
              key={menu.id}
              menu={menu}
              open={open === menu.id}
              onOpenChange={toggle(menu.id)}
            />
          ))}
          {navLinks(user).map((item) => (
            <NavLink key={item.to} to={item.to} className={LINK}>
              {item.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {user ? (
            <Suspense fallback={null}>
              <SignedInItems user={user} menuOpen={open === 'user'} onMenuOpenChange={toggle('user')} />
            </Suspense>
          ) : (
            <Link to="/sign-in" className="btn-primary whitespace-nowrap px-3 sm:px-4">
              Try For Free
            </Link>
          )}
          <button
            type="button"
            aria-expanded={open === 'mobile'}
            aria-controls={mobileId}
            aria-label={open === 'mobile' ? 'Close menu' : 'Open menu'}
            data-menu-trigger="mobile"
            onClick={() => setOpen(open === 'mobile' ? null : 'mobile')}
            className="ml-1 grid h-10 w-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
          >
            {open === 'mobile' ? (
              <X className="h-6 w-6" aria-hidden />
            ) : (
              <Menu className="h-6 w-6" aria-hidden />
            )}
          </button>
        </div>
      </div>
      {open === 'mobile' && (
        <Suspense fallback={null}>
          <MobileMenu id={mobileId} user={user} onNavigate={closeAll} />
        </Suspense>
      )}
    </header>
  );
}
