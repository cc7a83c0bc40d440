// /client_dashboard/{id} (spec §2), in the signed-in group.
import type { RouteObject } from 'react-router';

export const clientDashboardRoutes: RouteObject[] = [
  {
    path: 'client_dashboard/:id',
    lazy: async () => ({ Component: (await import('./ClientDashboardPage')).ClientDashboardPage }),
  },
];
