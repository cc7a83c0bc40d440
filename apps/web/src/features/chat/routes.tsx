// Chat routes of docs/PRODUCT.md#screens (signed-in): /inbox/{id} with the open room as ?room=, and /inbox.
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

export const chatRoutes: RouteObject[] = [
  { path: 'inbox', Component: lazyPage(async () => (await import('./InboxPage')).InboxRedirect) },
  { path: 'inbox/:id', Component: lazyPage(async () => (await import('./InboxPage')).InboxPage) },
];
