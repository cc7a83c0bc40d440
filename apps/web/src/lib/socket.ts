// The one Socket.IO connection of the app (docs/PRODUCT.md#api, #limits). It opens once a user is signed in
// (the client library is loaded then, so a visitor's first page never downloads it) and
// reconnects whenever the signed-in user or token changes, so the server's handshake always
// sees the current token and puts the socket in that user's room. Signing out closes it.
// Features listen with `useSocketEvent(event, handler)` or `onSocketEvent(event, handler)`
// (listeners may be added before the connection exists) and ask with `socketRequest`.
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_OPTIONS } from '@app/shared';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

type SessionView = {
  session: { token: string | null; currentUser: { id: string } | null };
  _persist?: { rehydrated: boolean };
};

let current: { token: string | null; userId: string | null } | null = null;
let socket: AppSocket | null = null;
let loading: Promise<AppSocket> | null = null;
/** Whether this session's socket has connected since sign-in (a later drop is a lost connection). */
let connectedOnce = false;

type Listener = (...args: unknown[]) => void;
const listeners = new Map<string, Set<Listener>>();
const statusListeners = new Set<() => void>();
const connectListeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();

function createSocket(): Promise<AppSocket> {
  loading ??= import('./socket-client').then(({ io }) => {
    const s: AppSocket = io({
      ...SOCKET_OPTIONS,
      autoConnect: false,
      // Read at every (re)connection, so a reconnect after a network drop uses the latest token.
      auth: (cb) => cb({ token: current?.token ?? null }),
    });
    // Every server event goes to the listeners registered for it, whenever they were added.
    s.onAny((event: string, ...args: unknown[]) => {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    });
    s.on('connect', () => {
      connectedOnce = true;
      const userId = current?.userId;
      if (userId) {
        s.emit('join', userId);
        s.emit('user_connected', userId);
      }
      for (const l of statusListeners) l();
      for (const l of connectListeners) l();
    });
    s.on('disconnect', () => {
      for (const l of statusListeners) l();
    });
    s.io.on('reconnect', () => {
      for (const l of reconnectListeners) l();
    });
    socket = s;
    return s;
  });
  return loading;
}

type NativeWrapperWindow = Window & { ReactNativeWebView?: { postMessage(message: string): void } };

/** Inside the native mobile wrapper, hand it the signed-in user's id and token (docs/PRODUCT.md#screens). */
function tellNativeWrapper(userId: string | null, token: string | null) {
  const bridge = (window as NativeWrapperWindow).ReactNativeWebView;
  if (bridge && userId && token) bridge.postMessage(JSON.stringify({ type: 'AUTH_DATA', userId, token }));
}

/** Connects once the persisted session is restored and a user is signed in; follows sign-in and sign-out. */
export function startRealtime(store: { getState(): unknown; subscribe(listener: () => void): () => void }) {
  const sync = () => {
    const state = store.getState() as SessionView;
    if (state._persist && !state._persist.rehydrated) return;
    const next = { token: state.session.token, userId: state.session.currentUser?.id ?? null };
    if (current && current.token === next.token && current.userId === next.userId) return;
    current = next;
    tellNativeWrapper(next.userId, next.token);
    setOnline(new Set());
    connectedOnce = false;
    if (!next.token || !next.userId) {
      socket?.disconnect();
      return;
    }
    const wanted = next;
    createSocket()
      .then((s) => {
        // Another sign-in or a sign-out came while the library loaded: that one decides.
        if (current !== wanted) return;
        s.disconnect();
        s.connect();
      })
      .catch((err) => console.error('Realtime connection unavailable', err));
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
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  const listener = handler as unknown as Listener;
  set.add(listener);
  return () => {
    set.delete(listener);
  };
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

function useLatestIn(set: Set<() => void>, handler: () => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const relay = () => latest.current();
    set.add(relay);
    return () => {
      set.delete(relay);
    };
  }, [set]);
}

/** Calls `handler` on every reconnection after a lost connection (to refetch missed data). */
export function useSocketReconnect(handler: () => void) {
  useLatestIn(reconnectListeners, handler);
}

/** Calls `handler` on every connection, the first one included (to join rooms again). */
export function useSocketConnect(handler: () => void) {
  useLatestIn(connectListeners, handler);
}

const subscribeStatus = (listener: () => void) => {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
};

/** Whether the socket is connected right now. */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(subscribeStatus, () => socket?.connected ?? false);
}

export type SocketStatus = 'connecting' | 'connected' | 'reconnecting';
const statusNow = (): SocketStatus =>
  socket?.connected ? 'connected' : connectedOnce ? 'reconnecting' : 'connecting';

/** 'connecting' until the first connection after sign-in, then 'connected' or 'reconnecting'. */
export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(subscribeStatus, statusNow);
}

/** Whether the socket is connected right now (outside React). */
export const socketConnected = () => socket?.connected ?? false;

type Ack<T> = ({ ok: true } & T) | { ok: false; message: string };
type Payload<E extends keyof ClientToServerEvents> = Parameters<ClientToServerEvents[E]>[0];
type AckResult<E extends keyof ClientToServerEvents> =
  Parameters<ClientToServerEvents[E]> extends [unknown, ((result: infer R) => void)?] ? R : never;

/** What a request answers when the server did not in time (the connection is down). */
export const SOCKET_TIMEOUT_MESSAGE = 'No connection to the server. Please try again.';

/**
 * Sends an event and waits for the server's acknowledgement: `{ ok: true, ... }` or
 * `{ ok: false, message }`. Without an answer within `timeoutMs` (no connection), answers
 * `{ ok: false, message: SOCKET_TIMEOUT_MESSAGE }`.
 */
export async function socketRequest<E extends keyof ClientToServerEvents>(
  event: E,
  payload: Payload<E>,
  timeoutMs = 10_000,
): Promise<AckResult<E> extends Ack<infer T> ? Ack<T> : Ack<object>> {
  type R = AckResult<E> extends Ack<infer T> ? Ack<T> : Ack<object>;
  const failed = { ok: false, message: SOCKET_TIMEOUT_MESSAGE } as R;
  if (!socket?.connected) return failed;
  const s = socket as unknown as {
    timeout(ms: number): { emit(e: string, p: unknown, cb: (err: unknown, res: R) => void): void };
  };
  return new Promise<R>((resolve) => {
    s.timeout(timeoutMs).emit(event, payload, (err, res) => resolve(err ? failed : res));
  });
}

// Who is online among the people the user chats with (docs/PRODUCT.md#states: online status is tracked per
// user). The server sends the list on each connection and every change after it; it is kept
// here from the first event on, so a page opened later still knows it.
let online = new Set<string>();
const onlineListeners = new Set<() => void>();
const setOnline = (next: Set<string>) => {
  online = next;
  for (const l of onlineListeners) l();
};
onSocketEvent('online_status_list', (ids) => setOnline(new Set(ids)));
onSocketEvent('online_status', ({ user_id, online: isOnline }) => noteOnline(user_id, isOnline));

const subscribeOnline = (listener: () => void) => {
  onlineListeners.add(listener);
  return () => {
    onlineListeners.delete(listener);
  };
};

/** Whether this user (someone the signed-in user chats with) is online. */
export function useIsOnline(userId: string | null | undefined): boolean {
  return useSyncExternalStore(subscribeOnline, () => (userId ? online.has(userId) : false));
}

/** Records what the server said of one user (the answer of join_room). */
export function noteOnline(userId: string, isOnline: boolean): void {
  if (online.has(userId) === isOnline) return;
  const next = new Set(online);
  if (isOnline) next.add(userId);
  else next.delete(userId);
  setOnline(next);
}
