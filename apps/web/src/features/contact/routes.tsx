// /contact is public: the page itself shows the form or the support portal.
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

export const contactRoutes: RouteObject[] = [
  { path: 'contact', Component: lazyPage(async () => (await import('./ContactPage')).ContactPage) },
];
