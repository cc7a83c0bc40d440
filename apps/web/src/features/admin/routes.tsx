import type { RouteObject } from 'react-router';

/** Admin-only routes. */
export const adminDashboardRoutes: RouteObject[] = [
  {
    path: 'admin_dashboard/:id',
    lazy: async () => ({ Component: (await import('./AdminDashboardPage')).AdminDashboardPage }),
  },
];
