// The general API rate limit: each client address may make `max` requests per window on every
// route that does not set its own `config.rateLimit` (sign-in, uploads, contact and checkout
// set stricter limits through @fastify/rate-limit; static files and the provider's webhook
// set `false`). It protects capacity, so when its shared store (Redis) is briefly unreachable
// the request is served rather than failed.
//
// Why not @fastify/rate-limit's global hook: that hook is an async function awaiting two
// promises and normalising the address through a regular expression on every request, a
// measurable share of a database-free answer (docs/PERFORMANCE.md). This hook is
// synchronous with the in-memory store and callback-style with Redis, and sends the same
// headers and 429 answer the plugin did.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './lib/errors.ts';

type Count = { count: number; ttlMs: number };
type CountCallback = (err: Error | null, count?: Count) => void;

/** Counts a request against `key` in a fixed window starting at the key's first request. */
export type CounterStore = { incr(key: string, windowMs: number, done: CountCallback): void };

/**
 * In-process counters. At most `maxKeys` addresses are held: when full, expired windows are
 * dropped first, then the oldest keys (a flood of new addresses cannot grow memory).
 */
export function memoryStore(maxKeys = 10_000, now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    incr(key, windowMs, done) {
      const at = now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= at) {
        if (entry) windows.delete(key);
        else if (windows.size >= maxKeys) evict(windows, at, maxKeys);
        entry = { count: 0, resetAt: at + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      done(null, { count: entry.count, ttlMs: entry.resetAt - at });
    },
  };
}

function evict(windows: Map<string, { resetAt: number }>, at: number, maxKeys: number) {
  for (const [key, entry] of windows) if (entry.resetAt <= at) windows.delete(key);
  // Map iterates in insertion order: the first keys are the oldest windows.
  for (const key of windows.keys()) {
    if (windows.size < maxKeys) break;
    windows.delete(key);
  }
}

// INCR and the window's expiry in one step, so instances sharing Redis share one counter.
const INCR_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

type WithIncr = Redis & {
  generalRateLimitIncr(
    key: string,
    windowMs: number,
    cb: (err: Error | null, res?: [number, number]) => void,
  ): void;
};

/** Counters in Redis under `prefix`, shared by every instance. */
export function redisStore(redis: Redis, prefix: string): CounterStore {
  redis.defineCommand('generalRateLimitIncr', { numberOfKeys: 1, lua: INCR_SCRIPT });
  const client = redis as WithIncr;
  return {
    incr(key, windowMs, done) {
      client.generalRateLimitIncr(`${prefix}${key}`, windowMs, (err, res) => {
        if (err || !res) done(err ?? new Error('no answer from the rate-limit store'));
        else done(null, { count: Number(res[0]), ttlMs: Number(res[1]) });
      });
    },
  };
}

/**
 * The key a client address is counted under: IPv4 addresses as they are (an IPv4-mapped IPv6
 * address as its IPv4 one), IPv6 addresses by their /64 network, which one subscriber usually
 * holds whole (counting single addresses would let them rotate through it).
 */
export function addressKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const lower = ip.toLowerCase();
  const groups = expandIPv6(lower.split('%')[0]);
  if (!groups) return lower;
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const [high, low] = [parseInt(groups[6], 16), parseInt(groups[7], 16)];
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (without leading zeros), or null when malformed. */
function expandIPv6(ip: string): string[] | null {
  let text = ip;
  // An embedded IPv4 tail (::1.2.3.4) is two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}

/** The 429 answer of every rate limit: this one and the routes' own (app.ts). */
export const tooManyRequests = (ttlMs: number) =>
  new AppError(
    'RATE_LIMITED',
    `Too many requests. Please wait ${Math.max(1, Math.ceil(ttlMs / 1000))} seconds and try again.`,
  );

/**
 * Adds the general limit to every route added after this call whose `config.rateLimit` is
 * unset, as a route-level onRequest hook (after the app's own hooks, so a 429 answer carries
 * the security headers and request id too).
 */
export function addGeneralRateLimit(
  app: FastifyInstance,
  options: { max: number; windowMs: number; store: CounterStore },
): void {
  const { max, windowMs, store } = options;
  const limitText = String(max);
  const hook = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    store.incr(addressKey(req.ip), windowMs, (err, counted) => {
      if (err || !counted) {
        req.log.warn({ err }, 'general rate limit skipped: store unavailable');
        return done();
      }
      const reset = String(Math.max(0, Math.ceil(counted.ttlMs / 1000)));
      reply.header('x-ratelimit-limit', limitText);
      reply.header('x-ratelimit-remaining', String(Math.max(0, max - counted.count)));
      reply.header('x-ratelimit-reset', reset);
      if (counted.count <= max) return done();
      reply.header('retry-after', reset);
      done(tooManyRequests(counted.ttlMs));
    });
  };
  app.addHook('onRoute', (route) => {
    if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit != null) return;
    const own = route.onRequest;
    route.onRequest = own ? [...(Array.isArray(own) ? own : [own]), hook] : [hook];
  });
}
