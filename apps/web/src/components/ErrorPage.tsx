import { Component, type ReactNode } from 'react';
import { Link, type Location } from 'react-router';
import { usePageMeta } from '../lib/usePageMeta';

/** docs/PRODUCT.md#screens: unknown routes (and any page that throws) show this text followed by the error. */
export function ErrorPage({ error }: { error: unknown }) {
  usePageMeta('Page not found');
  const detail =
    error instanceof Response
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

/** The catch-all route: throwing makes PageErrorBoundary show ErrorPage with '404 Not Found'. */
export function NotFound(): never {
  throw new Response('', { status: 404, statusText: 'Not Found' });
}

type BoundaryProps = { location: Location; children: ReactNode };
/** `thrown` is wrapped: a page may throw anything, undefined included. */
type BoundaryState = { location: Location; thrown: { error: unknown } | null };

/** Shows ErrorPage in place of a page that throws (or whose chunk fails to load), until the next navigation. */
export class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location, thrown: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { thrown: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { location: props.location, thrown: null };
  }

  override render() {
    return this.state.thrown ? <ErrorPage error={this.state.thrown.error} /> : this.props.children;
  }
}
