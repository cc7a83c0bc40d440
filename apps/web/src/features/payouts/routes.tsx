import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

/** Signed-in routes the payout provider's onboarding returns to. */
export const payoutRoutes: RouteObject[] = [
  {
    path: 'onboarding/complete',
    Component: lazyPage(async () => (await import('./OnboardingPages')).OnboardingCompletePage),
  },
  {
    path: 'onboarding/refresh',
    Component: lazyPage(async () => (await import('./OnboardingPages')).OnboardingRefreshPage),
  },
];
