// Access levels of spec §2: the protected group needs a current user; the admin guard
// needs a current user whose role is admin. Everyone else goes to /sign-in.
import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '../lib/store';

export function RequireUser() {
  const user = useCurrentUser();
  return user ? <Outlet /> : <Navigate to="/sign-in" replace />;
}

export function RequireAdmin() {
  const user = useCurrentUser();
  return user?.role === 'admin' ? <Outlet /> : <Navigate to="/sign-in" replace />;
}
