import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from '../../components/toast/toast';
import { Footer } from './Footer';
import { Header } from './Header';

/** Moves focus to the page content. (A link to "#main" would be read as a route by the hash router.) */
function skipToContent() {
  const target = document.getElementById('main');
  target?.focus();
  target?.scrollIntoView();
}

export function Layout({ children }: { children?: React.ReactNode }) {
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
        {children ?? <Outlet />}
      </div>
      <Footer />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
