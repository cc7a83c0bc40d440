import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

/** Signed-in routes of the engineer dashboard. */
export const engineerDashboardRoutes: RouteObject[] = [
  {
    path: 'engineer_dashboard/:id',
    Component: lazyPage(async () => (await import('./EngineerDashboardPage')).EngineerDashboardPage),
  },
];
