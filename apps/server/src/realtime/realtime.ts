// Socket.IO: authenticated on the handshake with the bearer token through the
// `authenticate` function the app hands in; each signed-in socket is in its user's room
// and its session's room, so services reach a person with emitToUser and a revoked
// session loses its sockets at once (disconnectSessions). With Redis, the adapter carries
// rooms and emits across instances and presence lives in Redis; otherwise both are local.

import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import {
  type ClientToServerEvents,
  type NotificationDto,
  type ServerToClientEvents,
  userRoom,
} from '@app/shared';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { UserRow } from '../db/schema/index.ts';
import { bearerToken } from '../lib/bearer.ts';
import { createMemoryCounter, createRedisCounter, type WindowCounter } from './counters.ts';
import { createMemoryPresence, createRedisPresence, type PresenceStore } from './presence.ts';

type SocketData = { user?: UserRow; sessionId?: string };
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Other features add their socket handlers here (chat) without touching the core. */
export type SocketHandler = (io: AppIo, socket: AppSocket) => void;
/** Told when a user's first socket connects (online) or their last one goes (offline). */
export type PresenceHandler = (userId: string, online: boolean) => Promise<void> | void;

export type SocketIdentity = { user: UserRow; sessionId: string };
export type RealtimeAuth = {
  /** The user and session behind a bearer token, or null when it is unknown, revoked or expired. */
  authenticate(token: string): Promise<SocketIdentity | null>;
  /** Which of these sessions still exist; sockets of the others are dropped by the sweep. */
  liveSessions(sessionIds: string[]): Promise<Set<string>>;
};

export type RealtimeOptions = {
  redisUrl?: string;
  corsOrigin?: string;
  /** Prefix of the adapter's channels and of presence and counter keys in Redis. */
  keyPrefix: string;
  auth: RealtimeAuth;
  /** How often sessions are re-checked and Redis presence refreshed (default 30 s). */
  sweepMs?: number;
};

export type Realtime = {
  io: AppIo;
  emitToUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  isOnline(userId: string): Promise<boolean>;
  onlineAmong(userIds: string[]): Promise<string[]>;
  onConnection(handler: SocketHandler): void;
  onPresence(handler: PresenceHandler): void;
  /** Counters for per-user limits on socket events, shared by all instances with Redis. */
  counter: WindowCounter;
  /** Drops, on every instance, the sockets opened with these sessions. */
  disconnectSessions(sessionIds: string[]): void;
  /** Drops, on every instance, every socket of this user. */
  disconnectUser(userId: string): void;
  close(): Promise<void>;
};

export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The part of an Engine.IO connection close() uses: its queue, and when it was handed over. */
type EngineConnection = { writeBuffer: unknown[]; once(event: 'drain' | 'close', fn: () => void): void };

export async function createRealtime(server: HttpServer, opts: RealtimeOptions): Promise<Realtime> {
  const io: AppIo = new Server(server, {
    path: '/socket.io',
    cors: opts.corsOrigin ? { origin: opts.corsOrigin } : undefined,
    serveClient: false,
  });
  const sweepMs = opts.sweepMs ?? 30_000;
  let presence: PresenceStore = createMemoryPresence();
  let counter: WindowCounter = createMemoryCounter();
  let closeRedis = async () => {};
  if (opts.redisUrl) {
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const { Redis } = await import('ioredis');
    const pub: Redis = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: `${opts.keyPrefix}socket.io` }));
    // The publishing connection is an ordinary one: presence and counters use it too.
    presence = createRedisPresence(pub, {
      prefix: opts.keyPrefix,
      instanceId: randomUUID(),
      ttlMs: sweepMs * 3,
    });
    counter = createRedisCounter(pub, opts.keyPrefix);
    closeRedis = async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    };
  }

  // A socket without a valid token still connects (public pages share one connection),
  // but it joins no room and can neither read nor send anything private.
  io.use(async (socket, next) => {
    try {
      const token =
        typeof socket.handshake.auth?.token === 'string'
          ? socket.handshake.auth.token
          : bearerToken(socket.handshake.headers.authorization);
      const identity = token ? await opts.auth.authenticate(token) : null;
      if (identity) {
        socket.data.user = identity.user;
        socket.data.sessionId = identity.sessionId;
      }
      next();
    } catch (err) {
      next(err as Error);
    }
  });

  const handlers: SocketHandler[] = [];
  const presenceHandlers: PresenceHandler[] = [];
  const tellPresence = async (userId: string, online: boolean) => {
    await Promise.allSettled(presenceHandlers.map((h) => h(userId, online)));
  };
  let closing = false;
  // Presence work still running (Redis calls, broadcasts): close() lets it finish first.
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };

  // Events whose acknowledgement is still due: close() lets them finish and delivers their
  // answers, so a client never loses the answer to an event the server acted on (it would send
  // it again elsewhere). Events arriving once close() began are not acted on nor answered: the
  // client's acknowledgement fails with the disconnection, and it sends them again after
  // reconnecting to another instance.
  let unanswered = 0;
  let answeredAll: (() => void) | null = null;
  io.on('connection', (socket) => {
    socket.use((packet, next) => {
      if (closing) return;
      const ack = packet[packet.length - 1];
      if (typeof ack === 'function') {
        unanswered += 1;
        let answered = false;
        packet[packet.length - 1] = (...args: unknown[]) => {
          if (!answered) {
            answered = true;
            unanswered -= 1;
            if (unanswered === 0) answeredAll?.();
          }
          return ack(...args);
        };
      }
      next();
    });
    const { user, sessionId } = socket.data;
    if (user && sessionId) {
      socket.join([userRoom(user.id), sessionRoom(sessionId)]);
      const entry = { userId: user.id, socketId: socket.id };
      // The disconnect waits for the add, so a socket that leaves at once is not left behind.
      const added = presence.add(entry).then(
        (first) => {
          if (first) track(tellPresence(user.id, true));
        },
        () => {},
      );
      track(added);
      socket.on('disconnect', () => {
        // On shutdown close() takes the entries out itself, before Redis goes.
        if (closing) return;
        track(
          added
            .then(() => presence.remove(entry))
            .then((last) => {
              if (last) return tellPresence(user.id, false);
            })
            .catch(() => {}),
        );
      });
    }
    // The client announces its id too (docs/PRODUCT.md#api); only its own id is honoured.
    const join = (userId: unknown) => {
      if (user && userId === user.id) socket.join(userRoom(user.id));
    };
    socket.on('join', join);
    socket.on('user_connected', join);
    for (const handler of handlers) handler(io, socket);
  });

  // Sessions can end without passing through this process (another instance's sign-out is
  // carried by the adapter, but an expiry or the create-admin command is not): re-check the
  // sessions of the sockets here now and then, and keep their presence entries alive.
  const sweep = async () => {
    const sockets = [...io.of('/').sockets.values()].filter((s) => s.data.sessionId);
    if (sockets.length === 0) return;
    const ids = [...new Set(sockets.map((s) => s.data.sessionId!))];
    const live = await opts.auth.liveSessions(ids);
    for (const s of sockets) if (!live.has(s.data.sessionId!)) s.disconnect(true);
    await presence.refresh(
      sockets.filter((s) => s.connected).map((s) => ({ userId: s.data.user!.id, socketId: s.id })),
    );
  };
  const timer = setInterval(() => {
    sweep().catch(() => {});
  }, sweepMs);
  timer.unref();

  return {
    io,
    emitToUser(userId, event, ...args) {
      io.to(userRoom(userId)).emit(event, ...args);
    },
    isOnline: (userId) => presence.isOnline(userId),
    onlineAmong: (userIds) => presence.onlineAmong(userIds),
    onConnection(handler) {
      handlers.push(handler);
    },
    onPresence(handler) {
      presenceHandlers.push(handler);
    },
    counter,
    disconnectSessions(sessionIds) {
      if (sessionIds.length > 0) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    async close() {
      closing = true;
      clearInterval(timer);
      while (pending.size > 0) await Promise.allSettled([...pending]);
      // Partners elsewhere are told these users left, while the adapter can still carry it.
      const local = [...io.of('/').sockets.values()].filter((s) => s.data.user);
      for (const s of local) {
        const last = await presence.remove({ userId: s.data.user!.id, socketId: s.id }).catch(() => false);
        if (last) await tellPresence(s.data.user!.id, false);
      }
      // At most 10 s: an event whose handler never answers must not hold the shutdown.
      if (unanswered > 0)
        await new Promise<void>((resolve) => {
          answeredAll = resolve;
          setTimeout(resolve, 10_000).unref();
        });
      // Answers still queued for a long-polling client leave with its next poll: wait for those
      // connections to hand their queue over, since closing discards what is queued. A client
      // polls again at once, but on a busy machine that took over 3 s (the deployment test saw an
      // answer lost that way); 8 s stays well inside the shutdown's own 15 s limit.
      const queued = Object.values(
        (io.engine as unknown as { clients: Record<string, EngineConnection> }).clients,
      ).filter((c) => c.writeBuffer.length > 0);
      if (queued.length > 0)
        await Promise.race([
          Promise.all(
            queued.map(
              (c) =>
                new Promise<void>((resolve) => {
                  c.once('drain', resolve);
                  c.once('close', resolve);
                }),
            ),
          ),
          new Promise((resolve) => setTimeout(resolve, 8_000).unref()),
        ]);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await closeRedis();
    },
  };
}

export type { NotificationDto };
