// The public identity pages of docs/PRODUCT.md#screens; app/router.tsx places them among the public routes.
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

export const authRoutes: RouteObject[] = [
  { path: 'sign-in', Component: lazyPage(async () => (await import('./SignInPage')).SignInPage) },
  { path: 'sign-up', Component: lazyPage(async () => (await import('./SignUpPage')).SignUpPage) },
  {
    path: 'forgetPassword',
    Component: lazyPage(async () => (await import('./ForgotPasswordPage')).ForgotPasswordPage),
  },
  {
    path: 'ResetPassword/:email',
    Component: lazyPage(async () => (await import('./ResetPasswordPage')).ResetPasswordPage),
  },
];
