// Who is online: one entry per connected socket of a signed-in user. Kept in memory for a
// single instance, or in Redis so every instance sees the sockets of the others. A query
// reads the store; nothing asks every instance for its sockets (fetchSockets).
import type { Redis } from 'ioredis';

export type PresenceEntry = { userId: string; socketId: string };

export interface PresenceStore {
  /** Records a socket; answers true when it made the user online (their first socket). */
  add(entry: PresenceEntry): Promise<boolean>;
  /** Forgets a socket; answers true when the user has no socket left (went offline). */
  remove(entry: PresenceEntry): Promise<boolean>;
  isOnline(userId: string): Promise<boolean>;
  /** The ids among `userIds` that have at least one socket. */
  onlineAmong(userIds: string[]): Promise<string[]>;
  /** Keeps this instance's entries alive (Redis); a crashed instance's entries then expire. */
  refresh(entries: PresenceEntry[]): Promise<void>;
}

export function createMemoryPresence(): PresenceStore {
  const sockets = new Map<string, Set<string>>();
  return {
    async add({ userId, socketId }) {
      let set = sockets.get(userId);
      if (!set) {
        set = new Set();
        sockets.set(userId, set);
      }
      set.add(socketId);
      return set.size === 1;
    },
    async remove({ userId, socketId }) {
      const set = sockets.get(userId);
      if (!set?.delete(socketId)) return false;
      if (set.size > 0) return false;
      sockets.delete(userId);
      return true;
    },
    async isOnline(userId) {
      return (sockets.get(userId)?.size ?? 0) > 0;
    },
    async onlineAmong(userIds) {
      return userIds.filter((id) => (sockets.get(id)?.size ?? 0) > 0);
    },
    async refresh() {},
  };
}

/**
 * Redis: a sorted set per user whose members are `instance:socket` and whose scores are
 * the time each entry expires. Instances refresh their entries well within `ttlMs`, so the
 * entries of an instance that died without saying goodbye stop counting after `ttlMs`.
 */
export function createRedisPresence(
  redis: Redis,
  opts: { prefix: string; instanceId: string; ttlMs: number },
): PresenceStore {
  const key = (userId: string) => `${opts.prefix}presence:${userId}`;
  const member = (socketId: string) => `${opts.instanceId}:${socketId}`;
  return {
    async add({ userId, socketId }) {
      const now = Date.now();
      const k = key(userId);
      const res = await redis
        .multi()
        .zremrangebyscore(k, '-inf', now)
        .zadd(k, now + opts.ttlMs, member(socketId))
        .zcard(k)
        .pexpire(k, opts.ttlMs)
        .exec();
      return Number(res?.[2]?.[1]) === 1;
    },
    async remove({ userId, socketId }) {
      const now = Date.now();
      const k = key(userId);
      const res = await redis
        .multi()
        .zrem(k, member(socketId))
        .zremrangebyscore(k, '-inf', now)
        .zcard(k)
        .exec();
      return Number(res?.[0]?.[1]) === 1 && Number(res?.[2]?.[1]) === 0;
    },
    async isOnline(userId) {
      return (await redis.zcount(key(userId), Date.now(), '+inf')) > 0;
    },
    async onlineAmong(userIds) {
      if (userIds.length === 0) return [];
      const now = Date.now();
      const pipe = redis.pipeline();
      for (const id of userIds) pipe.zcount(key(id), now, '+inf');
      const res = (await pipe.exec()) ?? [];
      return userIds.filter((_, i) => Number(res[i]?.[1]) > 0);
    },
    async refresh(entries) {
      if (entries.length === 0) return;
      const expires = Date.now() + opts.ttlMs;
      const pipe = redis.pipeline();
      for (const e of entries) {
        pipe.zadd(key(e.userId), expires, member(e.socketId));
        pipe.pexpire(key(e.userId), opts.ttlMs);
      }
      await pipe.exec();
    },
  };
}
