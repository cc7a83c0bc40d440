// Socket.IO: authenticated on the handshake with the bearer token; each signed-in
// socket is in its user's room, so services reach a person with emitToUser.

import type { Server as HttpServer } from 'node:http';
import {
  type ClientToServerEvents,
  type NotificationDto,
  type ServerToClientEvents,
  userRoom,
} from '@app/shared';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { bearerToken, findSessionUser } from '../modules/auth/sessions.ts';

type SocketData = { user?: UserRow };
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Other features add their socket handlers here (chat) without touching the core. */
export type SocketHandler = (io: AppIo, socket: AppSocket) => void;

export type Realtime = {
  io: AppIo;
  emitToUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  isOnline(userId: string): Promise<boolean>;
  onConnection(handler: SocketHandler): void;
  close(): Promise<void>;
};

export async function createRealtime(
  server: HttpServer,
  db: Db,
  opts: { redisUrl?: string; corsOrigin?: string },
): Promise<Realtime> {
  const io: AppIo = new Server(server, {
    path: '/socket.io',
    cors: opts.corsOrigin ? { origin: opts.corsOrigin } : undefined,
    serveClient: false,
  });
  let closeRedis = async () => {};
  if (opts.redisUrl) {
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const { Redis } = await import('ioredis');
    const pub = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    closeRedis = async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    };
  }

  // A socket without a valid token still connects (public pages share one connection),
  // but it joins no room and can neither read nor send anything private.
  io.use(async (socket, next) => {
    try {
      const token =
        (typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null) ??
        bearerToken(socket.handshake.headers.authorization);
      if (token) socket.data.user = (await findSessionUser(db, token)) ?? undefined;
      next();
    } catch (err) {
      next(err as Error);
    }
  });

  const handlers: SocketHandler[] = [];
  io.on('connection', (socket) => {
    const user = socket.data.user;
    if (user) socket.join(userRoom(user.id));
    // The client announces its id too (spec §7); only its own id is honoured.
    const join = (userId: string) => {
      if (user && userId === user.id) socket.join(userRoom(user.id));
    };
    socket.on('join', join);
    socket.on('user_connected', join);
    for (const handler of handlers) handler(io, socket);
  });

  return {
    io,
    emitToUser(userId, event, ...args) {
      io.to(userRoom(userId)).emit(event, ...args);
    },
    async isOnline(userId) {
      const sockets = await io.in(userRoom(userId)).fetchSockets();
      return sockets.length > 0;
    },
    onConnection(handler) {
      handlers.push(handler);
    },
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await closeRedis();
    },
  };
}

export type { NotificationDto };
