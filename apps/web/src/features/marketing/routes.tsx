// The public static pages of docs/PRODUCT.md#screens ('/', /about, /qa, /trust, /guide, /terms, /privacy).
// Lazy: a visitor who lands on a dashboard does not download the marketing copy.
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

export const marketingRoutes: RouteObject[] = [
  { index: true, Component: lazyPage(async () => (await import('./Landing')).Landing) },
  { path: 'about', Component: lazyPage(async () => (await import('./About')).About) },
  { path: 'qa', Component: lazyPage(async () => (await import('./Qa')).Qa) },
  { path: 'trust', Component: lazyPage(async () => (await import('./Trust')).Trust) },
  { path: 'guide', Component: lazyPage(async () => (await import('./Guide')).Guide) },
  { path: 'terms', Component: lazyPage(async () => (await import('./Terms')).Terms) },
  { path: 'privacy', Component: lazyPage(async () => (await import('./Privacy')).Privacy) },
];
