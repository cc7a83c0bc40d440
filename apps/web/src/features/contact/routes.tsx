// /contact is public: the page itself shows the form or the support portal.
import type { RouteObject } from 'react-router';

export const contactRoutes: RouteObject[] = [
  { path: 'contact', lazy: async () => ({ Component: (await import('./ContactPage')).ContactPage }) },
];
