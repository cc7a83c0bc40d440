// The signed-in user's menu (docs/PRODUCT.md#screens): avatar button; the panel shows the full name (without
// the original design's '@', which read as a handle the product does not have: docs/DECISIONS.md) and
// the e-mail, then the role dashboard, Profile Preview (engineers), Profile, FAQ & Support
// and Sign out.
import { ChevronDown, CircleHelp, Eye, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../components/avatar/Avatar';
import { signOut } from '../../features/auth/signOut';
import type { SessionUser } from '../../lib/session';
import { useAppDispatch } from '../../lib/store';
import { dashboardLink } from './navItems';

const ITEM =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700';

export function UserMenu({
  user,
  open,
  onOpenChange,
}: {
  user: SessionUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const panelId = useId();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const id = encodeURIComponent(user.id);
  const dashboard = dashboardLink(user);
  const close = () => onOpenChange(false);

  const onSignOut = async () => {
    close();
    await dispatch(signOut());
    navigate('/');
  };

  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Account menu for ${user.full_name}`}
        data-menu-trigger="user"
        onClick={() => onOpenChange(!open)}
        className="flex items-center gap-1 rounded-full p-0.5 hover:bg-slate-100"
      >
        <Avatar name={user.full_name} picture={user.profile_picture} />
        <ChevronDown
          className={`hidden h-4 w-4 text-slate-500 transition-transform sm:block ${open ? 'rotate-180' : ''}`}
          aria-hidden
        />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 top-full z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-xl ring-1 ring-black/5"
        >
          <div className="flex items-center gap-3 border-b border-slate-100 px-3 pb-3 pt-2">
            <Avatar name={user.full_name} picture={user.profile_picture} size="lg" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{user.full_name}</p>
              <p className="text-sm break-all text-slate-600">{user.email}</p>
            </div>
          </div>
          <ul aria-label="Account" className="pt-2">
            <li>
              <Link to={dashboard.to} onClick={close} className={ITEM}>
                <LayoutDashboard className="h-4 w-4" aria-hidden />
                {dashboard.label}
              </Link>
            </li>
            {user.role === 'engineer' && (
              <li>
                <Link to={`/engineer_profile/${id}`} onClick={close} className={ITEM}>
                  <Eye className="h-4 w-4" aria-hidden />
                  Profile Preview
                </Link>
              </li>
            )}
            <li>
              <Link to={`/profile/${id}`} onClick={close} className={ITEM}>
                <UserRound className="h-4 w-4" aria-hidden />
                Profile
              </Link>
            </li>
            <li>
              <Link to="/qa" onClick={close} className={ITEM}>
                <CircleHelp className="h-4 w-4" aria-hidden />
                FAQ &amp; Support
              </Link>
            </li>
            <li className="mt-1 border-t border-slate-100 pt-1">
              <button
                type="button"
                onClick={onSignOut}
                className={`${ITEM} hover:bg-red-50 hover:text-red-700`}
              >
                <LogOut className="h-4 w-4" aria-hidden />
                Sign out
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
