// Socket.IO clients for tests: a real socket.io-client against an app listening on a
// loopback port, with helpers that await an acknowledgement or the next matching event.
import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared';
import { io, type Socket } from 'socket.io-client';
import type { App } from '../app.ts';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Listens on a free loopback port (once) and answers the app's base URL. */
export async function listen(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

/** A connected socket, signed in with `token` (or anonymous); `prepare` runs before it connects. */
export async function connect(
  url: string,
  token?: string,
  prepare?: (socket: TestSocket) => void,
): Promise<TestSocket> {
  const socket: TestSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    autoConnect: false,
    auth: token ? { token } : {},
  });
  prepare?.(socket);
  socket.connect();
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

type Ack = { ok: boolean; message?: string } & Record<string, unknown>;

/** Emits `event` with `payload` and answers the server's acknowledgement. */
export function request(socket: TestSocket, event: string, payload: unknown, timeoutMs = 5000): Promise<Ack> {
  return (
    socket.timeout(timeoutMs) as unknown as { emitWithAck(e: string, p: unknown): Promise<Ack> }
  ).emitWithAck(event, payload);
}

/** The next `event` whose payload passes `match`; rejects after `timeoutMs`. */
export function nextEvent<T = unknown>(
  socket: TestSocket,
  event: keyof ServerToClientEvents,
  match: (payload: T) => boolean = () => true,
  timeoutMs = 5000,
): Promise<T> {
  const target = socket as unknown as {
    on(e: string, fn: (p: T) => void): void;
    off(e: string, fn: (p: T) => void): void;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      target.off(event, onEvent);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    function onEvent(payload: T) {
      if (!match(payload)) return;
      clearTimeout(timer);
      target.off(event, onEvent);
      resolve(payload);
    }
    target.on(event, onEvent);
  });
}

/** Collects every `event` the socket receives from now on. */
export function record<T = unknown>(socket: TestSocket, event: keyof ServerToClientEvents): T[] {
  const seen: T[] = [];
  (socket as unknown as { on(e: string, fn: (p: T) => void): void }).on(event, (p) => seen.push(p));
  return seen;
}

/** Resolves when the server drops the socket. */
export function disconnected(socket: TestSocket, timeoutMs = 5000): Promise<string> {
  if (!socket.connected) return Promise.resolve('already');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
