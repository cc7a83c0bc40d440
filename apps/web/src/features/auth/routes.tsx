// The public identity pages of spec §2; app/router.tsx places them among the public routes.
import type { RouteObject } from 'react-router';

export const authRoutes: RouteObject[] = [
  { path: 'sign-in', lazy: async () => ({ Component: (await import('./SignInPage')).SignInPage }) },
  { path: 'sign-up', lazy: async () => ({ Component: (await import('./SignUpPage')).SignUpPage }) },
  {
    path: 'forgetPassword',
    lazy: async () => ({ Component: (await import('./ForgotPasswordPage')).ForgotPasswordPage }),
  },
  {
    path: 'ResetPassword/:email',
    lazy: async () => ({ Component: (await import('./ResetPasswordPage')).ResetPasswordPage }),
  },
];
