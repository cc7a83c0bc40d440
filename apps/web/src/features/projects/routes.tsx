// Project routes of spec §2; app/router.tsx places them among the public and signed-in routes.
import { Navigate, type RouteObject, useParams } from 'react-router';

/** The explore title link /project/{id} is the same page as /project_details/{id} (decisions.md). */
function ProjectRedirect() {
  const { id } = useParams();
  return <Navigate to={`/project_details/${id ?? ''}`} replace />;
}

export const publicProjectRoutes: RouteObject[] = [
  { path: 'explore', lazy: async () => ({ Component: (await import('./ExplorePage')).ExplorePage }) },
  { path: 'project/:id', Component: ProjectRedirect },
];

export const protectedProjectRoutes: RouteObject[] = [
  {
    path: 'create_project',
    lazy: async () => ({ Component: (await import('./CreateProjectPage')).CreateProjectPage }),
  },
  {
    path: 'project_details/:id',
    lazy: async () => ({ Component: (await import('./ProjectDetailsPage')).ProjectDetailsPage }),
  },
];
