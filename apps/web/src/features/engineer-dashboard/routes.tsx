import type { RouteObject } from 'react-router';

/** Signed-in routes of the engineer dashboard. */
export const engineerDashboardRoutes: RouteObject[] = [
  {
    path: 'engineer_dashboard/:id',
    lazy: async () => ({ Component: (await import('./EngineerDashboardPage')).EngineerDashboardPage }),
  },
];
