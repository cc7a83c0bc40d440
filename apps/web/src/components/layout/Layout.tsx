import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from '../toast/toast';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout({ children }: { children?: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <div id="main" className="flex-1">
        {children ?? <Outlet />}
      </div>
      <Footer />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
