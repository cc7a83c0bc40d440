// The Redux store (lib/store.ts: the session, the RTK Query cache, redux-persist and the
// realtime connection, about 30 KB of script on the wire) is not part of a first visit: the
// public pages a visitor lands on (the landing and static pages, /explore) render without
// it. It is loaded before the first render when this browser holds a signed-in session
// (main.tsx), else by the first page that needs it (app/router.tsx, `WithStore`).
// `useCurrentUser` works before and after: no store means nobody is signed in.
import { useSyncExternalStore } from 'react';
import type { SessionUser } from './session';

type StoreModule = typeof import('./store');

let loaded: StoreModule['store'] | null = null;
let loading: Promise<StoreModule> | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** The store module, once its persisted session is restored (what PersistGate waited for). */
export function loadStore(): Promise<StoreModule> {
  loading ??= import('./store').then(
    async (module) => {
      await module.rehydrated;
      loaded = module.store;
      module.store.subscribe(notify);
      notify();
      return module;
    },
    (error: unknown) => {
      // A failed download (offline, a deploy replaced the chunk) is tried again by the next page.
      loading = null;
      throw error;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const currentUser = (): SessionUser | null => loaded?.getState().session.currentUser ?? null;

/** The signed-in user, or null (also while the store is not loaded: then nobody is signed in). */
export const useCurrentUser = (): SessionUser | null => useSyncExternalStore(subscribe, currentUser);
