import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

/** Admin-only routes. */
export const adminDashboardRoutes: RouteObject[] = [
  {
    path: 'admin_dashboard/:id',
    Component: lazyPage(async () => (await import('./AdminDashboardPage')).AdminDashboardPage),
  },
];
