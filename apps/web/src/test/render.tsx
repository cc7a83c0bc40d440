// What component tests share (files that start with `// @vitest-environment happy-dom`):
// the app's own store and RTK Query cache, a signed-in user when the test wants one, a
// router, the toaster, and a server answering from a table instead of the network. Each
// test starts with an empty cache, nobody signed in and no requests answered.
import type { PublicUser } from '@app/shared';
import { cleanup, configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, vi } from 'vitest';
import { Toaster } from '../components/toast/toast';
import { api } from '../lib/api';
import { loadStore } from '../lib/lazyStore';
import { sessionActions } from '../lib/session';

// Lazily loaded code (dialogs, the chart) can take seconds on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

/** One answer of the test server: a JSON body, its status (200 unless said), after a delay if given. */
export type Answer = { status?: number; body: unknown; delayMs?: number };
/** 'GET /api/projects/id/p1' → answer; a function sees the request (its JSON body read). */
export type Answers = Record<string, Answer | ((request: { url: URL; body: unknown }) => Answer)>;

/** The requests the components sent, in order: 'POST /api/ratings' and the JSON body. */
export const sent: { route: string; body: unknown }[] = [];

/** Serves `routes`; anything else is the server's 404, as for an unknown path. */
export function serve(routes: Answers): void {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname}`;
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? JSON.parse(text) : undefined;
    sent.push({ route, body });
    const handler = routes[route];
    const answer: Answer = !handler
      ? { status: 404, body: { code: 'NOT_FOUND', message: `No test answer for ${route}` } }
      : typeof handler === 'function'
        ? handler({ url, body })
        : handler;
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

export const users = {
  client: {
    id: 'u-client',
    full_name: 'Clara Client',
    email: 'clara@example.com',
    profile_picture: null,
    role: 'client',
  },
  engineer: {
    id: 'u-eng',
    full_name: 'Evan Engineer',
    email: 'evan@example.com',
    profile_picture: null,
    role: 'engineer',
  },
} satisfies Record<string, PublicUser>;

/**
 * Renders `ui` inside the app's store (signed in as `user`, without a token, so no realtime
 * connection is opened) and a router at `path`; `route` is the pattern a page reads its
 * params from.
 */
export async function renderWithApp(
  ui: ReactNode,
  { user = null, path = '/', route }: { user?: PublicUser | null; path?: string; route?: string } = {},
) {
  const { store } = await loadStore();
  if (user) store.dispatch(sessionActions.updateUserSuccess({ user }));
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        {route ? (
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
        ) : (
          ui
        )}
      </MemoryRouter>
      <Toaster />
    </Provider>,
  );
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  sent.length = 0;
  const { store } = await loadStore();
  store.dispatch(sessionActions.signOutSuccess());
  store.dispatch(api.util.resetApiState());
});
