import { type Location, Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from '../../components/toast/toast';
import { Footer } from './Footer';
import { Header } from './Header';

/** Moves focus to the page content. (A link to "#main" would be read as a route by the hash router.) */
function skipToContent() {
  const target = document.getElementById('main');
  target?.focus();
  target?.scrollIntoView();
}

/**
 * Where a page's scroll position is remembered. A page loaded afresh (typed, or come back
 * to from another site such as the card checkout) has no history key of its own ('default'),
 * so it is remembered by its path: otherwise it would be scrolled to wherever the previous
 * fresh page was left.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname : location.key);

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
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
