// The original design carries the project id to /success in navigation state, for Retry Payment. The
// checkout is a page of the card provider, so the app is left and loaded again on return:
// the id is kept in this tab's sessionStorage before leaving, and read back on /success.

const KEY = 'stampworks:checkout-project';

export function rememberCheckoutProject(projectId: string): void {
  try {
    sessionStorage.setItem(KEY, projectId);
  } catch {
    // Storage refused (private mode, quota): Retry Payment then falls back to the dashboard.
  }
}

/** The project of the navigation state when there is one, else of the last checkout in this tab. */
export function checkoutProject(state: unknown): string | null {
  const fromState = (state as { projectId?: unknown } | null)?.projectId;
  if (typeof fromState === 'string' && fromState) return fromState;
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
