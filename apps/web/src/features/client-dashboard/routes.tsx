// /client_dashboard/{id} (docs/PRODUCT.md#screens), in the signed-in group.
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

export const clientDashboardRoutes: RouteObject[] = [
  {
    path: 'client_dashboard/:id',
    Component: lazyPage(async () => (await import('./ClientDashboardPage')).ClientDashboardPage),
  },
];
