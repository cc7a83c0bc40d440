import type { RouteObject } from 'react-router';

/** Signed-in routes the payout provider's onboarding returns to. */
export const payoutRoutes: RouteObject[] = [
  {
    path: 'onboarding/complete',
    lazy: async () => ({ Component: (await import('./OnboardingPages')).OnboardingCompletePage }),
  },
  {
    path: 'onboarding/refresh',
    lazy: async () => ({ Component: (await import('./OnboardingPages')).OnboardingRefreshPage }),
  },
];
