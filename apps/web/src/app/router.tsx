// Every route of docs/PRODUCT.md#screens, hash-based. Each feature exports its routes; this file only
// places them under the right access level, and says which pages need the Redux store.
// The declarative router (a hash history + useRoutes) is used, not the data router:
// no page has a loader or an action, and the data router is about 14 KB brotli more on a
// visitor's first page (docs/PERFORMANCE.md).
import { Suspense } from 'react';
import {
  UNSAFE_createHashHistory as createHashHistory,
  unstable_HistoryRouter as HistoryRouter,
  matchRoutes,
  type RouteObject,
  type To,
  useLocation,
  useRoutes,
} from 'react-router';
import { NotFound } from '../components/ErrorPage';
import { adminDashboardRoutes } from '../features/admin/routes';
import { authRoutes } from '../features/auth/routes';
import { chatRoutes } from '../features/chat/routes';
import { clientDashboardRoutes } from '../features/client-dashboard/routes';
import { contactRoutes } from '../features/contact/routes';
import { engineerDashboardRoutes } from '../features/engineer-dashboard/routes';
import { engineerRoutes } from '../features/engineers/routes';
import { marketingRoutes } from '../features/marketing/routes';
import { paymentRoutes } from '../features/payments/routes';
import { payoutRoutes } from '../features/payouts/routes';
import { profileRoutes } from '../features/profile/routes';
import { protectedProjectRoutes, publicProjectRoutes } from '../features/projects/routes';
import { submissionRoutes } from '../features/submissions/routes';
import { type LazyPage, lazyPage } from '../lib/lazyPage';
import { loadStore } from '../lib/lazyStore';
import { type PrefetchHandle, prefetchApi } from '../lib/prefetch';
import { RequireAdmin, RequireUser } from './guards';
import { Layout } from './layout/Layout';

/** Open to everyone, and a visitor's first page: they render without the store (lib/lazyStore.ts). */
const firstVisitRoutes: RouteObject[] = [...marketingRoutes, ...publicProjectRoutes];
/** Open to everyone. */
const publicRoutes: RouteObject[] = [...authRoutes, ...contactRoutes, ...engineerRoutes];
/** The signed-in group. */
const protectedRoutes: RouteObject[] = [
  ...protectedProjectRoutes,
  ...clientDashboardRoutes,
  ...profileRoutes,
  ...engineerDashboardRoutes,
  ...payoutRoutes,
  ...paymentRoutes,
  ...submissionRoutes,
  ...chatRoutes,
];
/** Admins only. */
const adminRoutes: RouteObject[] = [...adminDashboardRoutes];

/**
 * Pages below this route read or change the store: it is loaded (once) with the first of them,
 * and they render once the saved session is restored (lib/lazyStore.ts).
 */
const WithStore = lazyPage(async () => {
  const [, { StoreOutlet }] = await Promise.all([loadStore(), import('./StoreOutlet')]);
  return StoreOutlet;
});

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...firstVisitRoutes,
      {
        Component: WithStore,
        children: [
          ...publicRoutes,
          { element: <RequireUser />, children: protectedRoutes },
          { element: <RequireAdmin />, children: adminRoutes },
        ],
      },
      { path: '*', Component: NotFound },
    ],
  },
];

const isLazyPage = (component: unknown): component is LazyPage =>
  typeof (component as Partial<LazyPage> | undefined)?.preload === 'function';

/**
 * The routes `to` matches. matchRoutes flattens, ranks and compiles every route on each call
 * (a visible part of a phone's main thread while the first page starts, in CPU profiles), and
 * the first page asks for the same path several times, so the last answer is kept.
 */
let lastMatch: { key: string; matches: ReturnType<typeof matchRoutes> } | null = null;
function matchesOf(to: To) {
  // Routes match on the path alone.
  const key = typeof to === 'string' ? to.split(/[?#]/)[0] : (to.pathname ?? '');
  if (lastMatch?.key !== key) lastMatch = { key, matches: matchRoutes(routes, to) };
  return lastMatch.matches ?? [];
}

/** Settles once every lazy chunk of the routes `to` matches is in (or failed: the page then says so). */
const routesLoaded = (to: To) =>
  Promise.all(
    matchesOf(to).map(({ route }) => (isLazyPage(route.Component) ? route.Component.preload() : undefined)),
  );

const hashHistory = createHashHistory({ v5Compat: true });

/**
 * Starts the chunks of the page the browser opened on, before the first render needs them,
 * and the data its route names (lib/prefetch.ts), beside them.
 */
export function preloadFirstPage(): Promise<unknown> {
  for (const { route, params } of matchesOf(hashHistory.location))
    for (const path of (route.handle as PrefetchHandle | undefined)?.prefetch?.(params) ?? [])
      prefetchApi(path);
  return routesLoaded(hashHistory.location);
}
/** Bumped by every navigation asked for, and by back/forward: only the latest one happens. */
let latest = 0;
window.addEventListener('popstate', () => {
  latest++;
});
const afterLoad =
  (go: (to: To, state?: unknown) => void) =>
  (to: To, state?: unknown): void => {
    const mine = ++latest;
    void routesLoaded(to).then(() => {
      if (mine === latest) go(to, state);
    });
  };
/**
 * As with the data router, the address changes (and the page after it, in one render) once the
 * next page's chunks are in: until then the current page stays, header and open menus included.
 * The store's chunk and the page's are fetched side by side, not one after the other.
 *
 * Back, forward and an address typed by hand change the location first. React renders an
 * update made during the browser's popstate at once, not as a transition, so a page still
 * loading there hid the whole app, header included, behind the empty fallback until its chunk
 * came. The router hears of such a change once that page's chunks are in (the latest change only).
 */
const history: typeof hashHistory = Object.create(hashHistory, {
  push: { value: afterLoad(hashHistory.push) },
  replace: { value: afterLoad(hashHistory.replace) },
  listen: {
    value: (listener: Parameters<typeof hashHistory.listen>[0]) =>
      hashHistory.listen((update) => {
        const mine = latest;
        void routesLoaded(update.location).then(() => {
          if (mine === latest) listener(update);
        });
      }),
  },
});

/** The app's routes on the hash history: the page of the current location inside the Layout. */
export function AppRouter() {
  return (
    <HistoryRouter history={history}>
      <PageRoutes />
    </HistoryRouter>
  );
}

function PageRoutes() {
  // The first page did not go through `afterLoad`: React renders a lazy route's children only
  // once it is in, so their chunks are all started here.
  void routesLoaded(useLocation());
  return <Suspense fallback={null}>{useRoutes(routes)}</Suspense>;
}
