import type { RouteObject } from 'react-router';

/** Signed-in routes the card provider's checkout returns to (spec §2). */
export const paymentRoutes: RouteObject[] = [
  {
    path: 'success',
    lazy: async () => ({ Component: (await import('./CheckoutResultPages')).PaymentSuccessPage }),
  },
  {
    path: 'cancel',
    lazy: async () => ({ Component: (await import('./CheckoutResultPages')).PaymentCancelPage }),
  },
];
