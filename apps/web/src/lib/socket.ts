// The one Socket.IO connection of the app (spec §7, §9). It opens at start (public pages
// share it) and reconnects whenever the signed-in user or token changes, so the server's
// handshake always sees the current token and puts the socket in that user's room.
// Features listen with `useSocketEvent(event, handler)` or `onSocketEvent(event, handler)`.
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_OPTIONS } from '@app/shared';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

type SessionView = {
  session: { token: string | null; currentUser: { id: string } | null };
  _persist?: { rehydrated: boolean };
};

let current: { token: string | null; userId: string | null } | null = null;

export const socket: AppSocket = io({
  ...SOCKET_OPTIONS,
  autoConnect: false,
  // Read at every (re)connection, so a reconnect after a network drop uses the latest token.
  auth: (cb) => cb({ token: current?.token ?? null }),
});

socket.on('connect', () => {
  const userId = current?.userId;
  if (userId) {
    socket.emit('join', userId);
    socket.emit('user_connected', userId);
  }
});

type NativeWrapperWindow = Window & { ReactNativeWebView?: { postMessage(message: string): void } };

/** Inside the native mobile wrapper, hand it the signed-in user's id and token (spec §2). */
function tellNativeWrapper(userId: string | null, token: string | null) {
  const bridge = (window as NativeWrapperWindow).ReactNativeWebView;
  if (bridge && userId && token) bridge.postMessage(JSON.stringify({ type: 'AUTH_DATA', userId, token }));
}

/** Connects once the persisted session is restored, then follows sign-in and sign-out. */
export function startRealtime(store: { getState(): unknown; subscribe(listener: () => void): () => void }) {
  const sync = () => {
    const state = store.getState() as SessionView;
    if (state._persist && !state._persist.rehydrated) return;
    const next = { token: state.session.token, userId: state.session.currentUser?.id ?? null };
    if (current && current.token === next.token && current.userId === next.userId) return;
    const first = current === null;
    current = next;
    tellNativeWrapper(next.userId, next.token);
    if (!first) socket.disconnect();
    socket.connect();
  };
  const unsubscribe = store.subscribe(sync);
  sync();
  return unsubscribe;
}

/** Subscribes to a server event outside React; answers the unsubscribe function. */
export function onSocketEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): () => void {
  // socket.io's listener types are too generic for a keyed event: narrow once here.
  const on = socket.on.bind(socket) as (e: E, h: ServerToClientEvents[E]) => void;
  const off = socket.off.bind(socket) as (e: E, h: ServerToClientEvents[E]) => void;
  on(event, handler);
  return () => off(event, handler);
}

/** Calls the latest `handler` for each `event` while the component is mounted. */
export function useSocketEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const relay = ((...args: unknown[]) =>
      (latest.current as (...a: unknown[]) => void)(...args)) as ServerToClientEvents[E];
    return onSocketEvent(event, relay);
  }, [event]);
}

/** Calls `handler` on every reconnection after the first connection (to refetch missed data). */
export function useSocketReconnect(handler: () => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const onReconnect = () => latest.current();
    socket.io.on('reconnect', onReconnect);
    return () => {
      socket.io.off('reconnect', onReconnect);
    };
  }, []);
}

const subscribeStatus = (listener: () => void) => {
  socket.on('connect', listener);
  socket.on('disconnect', listener);
  return () => {
    socket.off('connect', listener);
    socket.off('disconnect', listener);
  };
};

/** Whether the socket is connected right now. */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(subscribeStatus, () => socket.connected);
}
