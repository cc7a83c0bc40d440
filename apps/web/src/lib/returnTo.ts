// A visitor sent to /sign-in from a protected page comes back to it after signing in.
// The guard leaves the page in the navigation state as `{ from: '/project_details/…' }`.

const NOT_A_RETURN = /^\/(sign-in|sign-up|forgetPassword|ResetPassword)(\/|$|\?)/;

/** Where to go after signing in: the page the visitor was on its way to, else `fallback`
 * (the original design's '/' after a password, '/explore' after a PIN). Only in-app paths are followed. */
export function afterSignIn(state: unknown, fallback: string): string {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return fallback;
  if (NOT_A_RETURN.test(from)) return fallback;
  return from;
}

/** The e-mail a visitor just signed up with, which sign-up hands to /sign-in as `{ email }`. */
export function signedUpEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email.slice(0, 320) : '';
}
