// Render-as-you-fetch for the page a signed-in browser opens on: its main data is asked for
// while the page's scripts still load, instead of after they have loaded and rendered (on a
// phone that is a round trip or more earlier). A route names what to ask for in its
// `handle.prefetch` (app/router.tsx); the API layer (lib/api.ts) takes the answer for the first
// identical GET, made with the same token, within a few seconds. Anything else asks the server.
import type { Params } from 'react-router';
import { storedSession } from './storedSession';

/** What a route's `handle` may carry: the API paths its page reads first, from its params. */
export type PrefetchHandle = { prefetch?: (params: Params) => string[] };

type Early = { token: string; response: Promise<Response> };

const early = new Map<string, Early>();
/** An answer nobody took by then is dropped: a later read must not get old data. */
const KEEP_MS = 10_000;

const key = (url: string) => new URL(url, window.location.origin).href;

/** Starts GET /api`path` now, with the stored session's token; nothing without a session. */
export function prefetchApi(path: string): void {
  const session = storedSession();
  if (!session) return;
  const url = key(`/api${path}`);
  const response = fetch(url, { headers: { authorization: `Bearer ${session.token}` } });
  // A failed call is the API layer's to report when it takes it; unclaimed, it is dropped.
  response.catch(() => undefined);
  early.set(url, { token: session.token, response });
  setTimeout(() => {
    if (early.get(url)?.response === response) early.delete(url);
  }, KEEP_MS);
}

/** The early answer for this request, once, if one was asked for with the same token. */
export function takePrefetched(request: Request): Promise<Response> | undefined {
  if (request.method !== 'GET') return undefined;
  const url = key(request.url);
  const found = early.get(url);
  if (!found || request.headers.get('authorization') !== `Bearer ${found.token}`) return undefined;
  early.delete(url);
  return found.response;
}
