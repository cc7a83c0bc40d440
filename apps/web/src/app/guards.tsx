// Access levels of spec §2: the protected group needs a current user; the admin guard
// needs a current user whose role is admin. Everyone else goes to /sign-in, and back after.
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/lazyStore';

export function RequireUser() {
  const user = useCurrentUser();
  return user ? <Outlet /> : <ToSignIn />;
}

export function RequireAdmin() {
  const user = useCurrentUser();
  return user?.role === 'admin' ? <Outlet /> : <ToSignIn />;
}

/** To /sign-in, remembering the page so signing in comes back to it (lib/returnTo.ts). */
function ToSignIn() {
  const { pathname, search } = useLocation();
  return <Navigate to="/sign-in" replace state={{ from: pathname + search }} />;
}
