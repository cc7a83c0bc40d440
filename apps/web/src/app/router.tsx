// Every route of spec §2, hash-based. Each feature exports its routes; this file only
// places them under the right access level, and says which pages need the Redux store.
// The declarative router (<HashRouter> in main.tsx + useRoutes) is used, not the data router:
// no page has a loader or an action, and the data router is about 14 KB brotli more on a
// visitor's first page (docs/PERFORMANCE.md).
import { Suspense } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { NotFound } from '../components/ErrorPage';
import { adminDashboardRoutes } from '../features/admin/routes';
import { authRoutes } from '../features/auth/routes';
import { chatRoutes } from '../features/chat/routes';
import { clientDashboardRoutes } from '../features/client-dashboard/routes';
import { contactRoutes } from '../features/contact/routes';
import { engineerDashboardRoutes } from '../features/engineer-dashboard/routes';
import { engineerRoutes } from '../features/engineers/routes';
import { marketingRoutes } from '../features/marketing/routes';
import { paymentRoutes } from '../features/payments/routes';
import { payoutRoutes } from '../features/payouts/routes';
import { profileRoutes } from '../features/profile/routes';
import { protectedProjectRoutes, publicProjectRoutes } from '../features/projects/routes';
import { submissionRoutes } from '../features/submissions/routes';
import { type LazyPage, lazyPage } from '../lib/lazyPage';
import { loadStore } from '../lib/lazyStore';
import { RequireAdmin, RequireUser } from './guards';
import { Layout } from './layout/Layout';

/** Open to everyone, and a visitor's first page: they render without the store (lib/lazyStore.ts). */
const firstVisitRoutes: RouteObject[] = [...marketingRoutes, ...publicProjectRoutes];
/** Open to everyone. */
const publicRoutes: RouteObject[] = [...authRoutes, ...contactRoutes, ...engineerRoutes];
/** The signed-in group. */
const protectedRoutes: RouteObject[] = [
  ...protectedProjectRoutes,
  ...clientDashboardRoutes,
  ...profileRoutes,
  ...engineerDashboardRoutes,
  ...payoutRoutes,
  ...paymentRoutes,
  ...submissionRoutes,
  ...chatRoutes,
];
/** Admins only. */
const adminRoutes: RouteObject[] = [...adminDashboardRoutes];

/**
 * Pages below this route read or change the store: it is loaded (once) with the first of them,
 * and they render once the saved session is restored (lib/lazyStore.ts).
 */
const WithStore = lazyPage(async () => {
  const [, { StoreOutlet }] = await Promise.all([loadStore(), import('./StoreOutlet')]);
  return StoreOutlet;
});

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...firstVisitRoutes,
      {
        Component: WithStore,
        children: [
          ...publicRoutes,
          { element: <RequireUser />, children: protectedRoutes },
          { element: <RequireAdmin />, children: adminRoutes },
        ],
      },
      { path: '*', Component: NotFound },
    ],
  },
];

const isLazyPage = (component: unknown): component is LazyPage =>
  typeof (component as Partial<LazyPage> | undefined)?.preload === 'function';

/** The page of the current location, inside the Layout (app/layout/Layout.tsx). */
export function AppRoutes() {
  const location = useLocation();
  // React renders a lazy route's children only once it is in: the store's chunk and the page's
  // are fetched side by side instead (as the data router did), not one after the other.
  for (const { route } of matchRoutes(routes, location) ?? []) {
    if (isLazyPage(route.Component)) route.Component.preload();
  }
  return <Suspense fallback={null}>{useRoutes(routes)}</Suspense>;
}
