import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

/** Signed-in routes the card provider's checkout returns to (docs/PRODUCT.md#screens). */
export const paymentRoutes: RouteObject[] = [
  {
    path: 'success',
    Component: lazyPage(async () => (await import('./CheckoutResultPages')).PaymentSuccessPage),
  },
  {
    path: 'cancel',
    Component: lazyPage(async () => (await import('./CheckoutResultPages')).PaymentCancelPage),
  },
];
