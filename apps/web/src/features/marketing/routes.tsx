// The public static pages of spec §2 ('/', /about, /qa, /trust, /guide, /terms, /privacy).
// Lazy: a visitor who lands on a dashboard does not download the marketing copy.
import type { RouteObject } from 'react-router';

export const marketingRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./Landing')).Landing }) },
  { path: 'about', lazy: async () => ({ Component: (await import('./About')).About }) },
  { path: 'qa', lazy: async () => ({ Component: (await import('./Qa')).Qa }) },
  { path: 'trust', lazy: async () => ({ Component: (await import('./Trust')).Trust }) },
  { path: 'guide', lazy: async () => ({ Component: (await import('./Guide')).Guide }) },
  { path: 'terms', lazy: async () => ({ Component: (await import('./Terms')).Terms }) },
  { path: 'privacy', lazy: async () => ({ Component: (await import('./Privacy')).Privacy }) },
];
