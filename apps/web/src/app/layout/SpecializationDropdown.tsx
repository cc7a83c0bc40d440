// A desktop header dropdown ('Search by Skill', 'Browse Categories'): a disclosure button
// and the list of the eight specializations. The header owns which one is open, so one
// click outside it, Escape or a navigation closes them all.
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { SPECIALIZATION_ITEMS, type SpecializationMenu, specializationHref } from './navItems';

export function SpecializationDropdown({
  menu,
  open,
  onOpenChange,
}: {
  menu: SpecializationMenu;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const panelId = useId();
  const location = useLocation();
  const current = location.pathname === menu.base;
  const selected = current ? new URLSearchParams(location.search).get('specialization') : null;

  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        data-menu-trigger={menu.id}
        onClick={() => onOpenChange(!open)}
        className={`inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium transition hover:bg-slate-100 hover:text-brand-700 ${
          open || selected ? 'text-brand-700' : 'text-slate-700'
        }`}
      >
        {menu.label}
        <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute left-0 top-full z-50 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-xl ring-1 ring-black/5"
        >
          <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
            {menu.base === '/explore' ? 'Projects by specialization' : 'Engineers by specialization'}
          </p>
          <ul aria-label={menu.label}>
            {SPECIALIZATION_ITEMS.map((item) => (
              <li key={item.value}>
                <Link
                  to={specializationHref(menu.base, item.value)}
                  aria-current={selected === item.value ? 'page' : undefined}
                  onClick={() => onOpenChange(false)}
                  className="block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
