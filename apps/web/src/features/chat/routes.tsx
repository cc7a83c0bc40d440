// Chat routes of spec §2 (signed-in): /inbox/{id} with the open room as ?room=, and /inbox.
import type { RouteObject } from 'react-router';

export const chatRoutes: RouteObject[] = [
  { path: 'inbox', lazy: async () => ({ Component: (await import('./InboxPage')).InboxRedirect }) },
  { path: 'inbox/:id', lazy: async () => ({ Component: (await import('./InboxPage')).InboxPage }) },
];
