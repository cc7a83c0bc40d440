import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { usePageMeta } from '../lib/usePageMeta';

/** Spec §2: unknown routes (and any page that throws) show this text followed by the error. */
export function ErrorPage() {
  const error = useRouteError();
  usePageMeta('Page not found');
  // A Response thrown while rendering (NotFound below) reaches here as-is: only loaders'
  // Responses are turned into route error responses.
  const detail =
    isRouteErrorResponse(error) || error instanceof Response
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : String(error);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-6 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="mt-4 font-mono text-lg text-red-700">{detail}</p>
      <Link to="/" className="btn-primary mt-8">
        Back to the home page
      </Link>
    </main>
  );
}

/** The catch-all route: throwing makes the router show ErrorPage with '404 Not Found'. */
export function NotFound(): never {
  throw new Response('', { status: 404, statusText: 'Not Found' });
}
