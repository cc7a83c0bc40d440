import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

/** Signed-in routes of the profile feature. */
export const profileRoutes: RouteObject[] = [
  { path: 'profile/:id', Component: lazyPage(async () => (await import('./ProfilePage')).ProfilePage) },
];
