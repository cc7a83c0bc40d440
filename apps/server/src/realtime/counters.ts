// Fixed-window counters for limits on socket events (a socket event is no HTTP request, so
// the HTTP rate limiter does not see it). In memory for one instance, in Redis across several.
import type { Redis } from 'ioredis';

export interface WindowCounter {
  /** Counts one hit of `key`; answers the hits in the current window and the ms left in it. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
}

export function createMemoryCounter(): WindowCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let sweepAt = 0;
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (now > sweepAt) {
        // Forget finished windows now and then, so the map stays as small as the active users.
        for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
        sweepAt = now + 60_000;
      }
      let w = windows.get(key);
      if (!w || w.endsAt <= now) {
        w = { count: 0, endsAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetInMs: w.endsAt - now };
    },
  };
}

export function createRedisCounter(redis: Redis, prefix: string): WindowCounter {
  return {
    async hit(key, windowMs) {
      const k = `${prefix}count:${key}`;
      // SET NX starts the window with its expiry at the first hit; later hits do not stretch it.
      const res = await redis.multi().set(k, '0', 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
      const ttl = Number(res?.[2]?.[1]);
      return { count: Number(res?.[1]?.[1]), resetInMs: ttl > 0 ? ttl : windowMs };
    },
  };
}
