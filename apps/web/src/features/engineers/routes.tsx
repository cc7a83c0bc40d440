import type { RouteObject } from 'react-router';

/** Public routes of the engineer directory and profiles. */
export const engineerRoutes: RouteObject[] = [
  {
    path: 'find_an_engineer',
    lazy: async () => ({ Component: (await import('./FindEngineerPage')).FindEngineerPage }),
  },
  {
    path: 'engineer_profile/:id',
    lazy: async () => ({ Component: (await import('./EngineerProfilePage')).EngineerProfilePage }),
  },
];
