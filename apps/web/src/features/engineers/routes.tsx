import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

/** Public routes of the engineer directory and profiles. */
export const engineerRoutes: RouteObject[] = [
  {
    path: 'find_an_engineer',
    Component: lazyPage(async () => (await import('./FindEngineerPage')).FindEngineerPage),
  },
  {
    path: 'engineer_profile/:id',
    Component: lazyPage(async () => (await import('./EngineerProfilePage')).EngineerProfilePage),
  },
];
