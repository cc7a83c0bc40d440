// The session as redux-persist keeps it in local storage (key 'root', docs/PRODUCT.md#data), read without
// loading the store: main.tsx decides from it how to draw the first page, and lib/prefetch.ts
// sends its token.
/** The stored signed-in session, or null if none. */
export function storedSession(): { token: string } | null {
  try {
    const root = JSON.parse(localStorage.getItem('persist:root') ?? 'null') as { session?: string } | null;
    const session = root?.session
      ? (JSON.parse(root.session) as { currentUser?: unknown; token?: unknown })
      : null;
    return session?.currentUser && typeof session.token === 'string' ? { token: session.token } : null;
  } catch {
    return null;
  }
}
