import { Outlet, useLocation } from 'react-router';
import { PageErrorBoundary } from '../../components/ErrorPage';
import { Toaster } from '../../components/toast/toast';
import { Footer } from './Footer';
import { Header } from './Header';
import { useScrollRestoration } from './useScrollRestoration';

/** Moves focus to the page content. (A link to "#main" would be read as a route by the hash router.) */
function skipToContent() {
  const target = document.getElementById('main');
  target?.focus();
  target?.scrollIntoView();
}

export function Layout() {
  const location = useLocation();
  useScrollRestoration();
  return (
    <div className="flex min-h-screen flex-col">
      <button
        type="button"
        onClick={skipToContent}
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </button>
      <Header />
      <div id="main" tabIndex={-1} className="flex-1 outline-none">
        <PageErrorBoundary location={location}>
          <Outlet />
        </PageErrorBoundary>
      </div>
      <Footer />
      <Toaster />
    </div>
  );
}
