// Every route of spec §2, hash-based. Each feature exports its routes; this file only
// places them under the right access level, and says which pages need the Redux store.
import { createHashRouter, type RouteObject } from 'react-router';
import { ErrorPage, NotFound } from '../components/ErrorPage';
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

/** Pages below this route read or change the store: it is loaded (once) with the first of them. */
const withStore: RouteObject['lazy'] = async () => {
  const [, { StoreOutlet }] = await Promise.all([loadStore(), import('./StoreOutlet')]);
  return { Component: StoreOutlet };
};

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: (
      <Layout>
        <ErrorPage />
      </Layout>
    ),
    children: [
      ...firstVisitRoutes,
      {
        lazy: withStore,
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

export const router = createHashRouter(routes);
