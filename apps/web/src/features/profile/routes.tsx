import type { RouteObject } from 'react-router';

/** Signed-in routes of the profile feature. */
export const profileRoutes: RouteObject[] = [
  { path: 'profile/:id', lazy: async () => ({ Component: (await import('./ProfilePage')).ProfilePage }) },
];
