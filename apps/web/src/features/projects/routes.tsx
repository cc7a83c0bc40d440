// Project routes of docs/PRODUCT.md#screens; app/router.tsx places them among the public and signed-in routes.
import { Navigate, type RouteObject, useParams } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';
import type { PrefetchHandle } from '../../lib/prefetch';

/** The explore title link /project/{id} is the same page as /project_details/{id} (docs/PRODUCT.md). */
function ProjectRedirect() {
  const { id } = useParams();
  return <Navigate to={`/project_details/${id ?? ''}`} replace />;
}

export const publicProjectRoutes: RouteObject[] = [
  { path: 'explore', Component: lazyPage(async () => (await import('./ExplorePage')).ExplorePage) },
  { path: 'project/:id', Component: ProjectRedirect },
];

export const protectedProjectRoutes: RouteObject[] = [
  {
    path: 'create_project',
    Component: lazyPage(async () => (await import('./CreateProjectPage')).CreateProjectPage),
  },
  {
    path: 'project_details/:id',
    Component: lazyPage(async () => (await import('./ProjectDetailsPage')).ProjectDetailsPage),
    // The project itself (api.ts, `project`): asked for while the page's scripts load.
    handle: {
      prefetch: ({ id }) => (id ? [`/projects/id/${encodeURIComponent(id)}`] : []),
    } satisfies PrefetchHandle,
  },
];
