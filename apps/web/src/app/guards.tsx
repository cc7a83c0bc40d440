// Access levels of docs/PRODUCT.md#screens: the protected group needs a current user; the admin guard
// needs a current user whose role is admin. Everyone else goes to /sign-in, and back after.
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/lazyStore';

export function RequireUser() {
  const user = useCurrentUser();
  return user ? <SignedInArea /> : <ToSignIn />;
}

export function RequireAdmin() {
  const user = useCurrentUser();
  return user?.role === 'admin' ? <SignedInArea /> : <ToSignIn />;
}

/**
 * A signed-in page fills the screen below the header (4rem), so the footer starts below the
 * fold: drawn above its data, it would be pushed down as the data arrives, and the page would
 * jump under the reader's thumb (a layout shift; docs/PERFORMANCE.md). 100vh is the tallest
 * a phone's screen gets (browser bars hidden), so the footer stays out of sight either way.
 */
function SignedInArea() {
  return (
    <div className="min-h-[calc(100vh-4rem)]">
      <Outlet />
    </div>
  );
}

/** To /sign-in, remembering the page so signing in comes back to it (lib/returnTo.ts). */
function ToSignIn() {
  const { pathname, search } = useLocation();
  return <Navigate to="/sign-in" replace state={{ from: pathname + search }} />;
}
