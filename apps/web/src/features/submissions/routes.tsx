// /submissions/{projectId} (docs/PRODUCT.md#screens), in the signed-in group. The page (and pdf.js, which
// its preview loads on first use) is fetched only when the route is opened.
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

export const submissionRoutes: RouteObject[] = [
  {
    path: 'submissions/:projectId',
    Component: lazyPage(async () => (await import('./SubmissionsPage')).SubmissionsPage),
  },
];
