// Both presence stores keep the same contract; the Redis one also forgets the entries of
// an instance that stopped refreshing them (it crashed), and counters share a window.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryCounter, createRedisCounter, type WindowCounter } from './counters.ts';
import { createMemoryPresence, createRedisPresence, type PresenceStore } from './presence.ts';

const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : null;
const prefix = `test-presence-${randomBytes(4).toString('hex')}:`;
afterAll(async () => {
  if (!redis) return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const stores: Array<[string, () => PresenceStore]> = [['memory', createMemoryPresence]];
if (redis)
  stores.push([
    'redis',
    () => createRedisPresence(redis, { prefix, instanceId: randomBytes(4).toString('hex'), ttlMs: 60_000 }),
  ]);

describe.each(stores)('%s presence', (_name, make) => {
  it('tells the first socket in and the last socket out', async () => {
    const store = make();
    const user = `u-${randomBytes(4).toString('hex')}`;
    expect(await store.isOnline(user)).toBe(false);
    expect(await store.add({ userId: user, socketId: 'a' })).toBe(true);
    expect(await store.add({ userId: user, socketId: 'b' })).toBe(false);
    expect(await store.isOnline(user)).toBe(true);
    expect(await store.onlineAmong([user, 'someone-else'])).toEqual([user]);
    expect(await store.remove({ userId: user, socketId: 'a' })).toBe(false);
    // Removing what is not there changes nothing and tells nothing.
    expect(await store.remove({ userId: user, socketId: 'a' })).toBe(false);
    expect(await store.remove({ userId: user, socketId: 'b' })).toBe(true);
    expect(await store.isOnline(user)).toBe(false);
    expect(await store.onlineAmong([])).toEqual([]);
  });
});

describe.skipIf(!redis)('redis presence across instances (needs REDIS_URL)', () => {
  it('sees the other instance’s sockets and forgets those of one that stops refreshing', async () => {
    const user = `u-${randomBytes(4).toString('hex')}`;
    const live = createRedisPresence(redis!, { prefix, instanceId: 'live', ttlMs: 60_000 });
    const crashed = createRedisPresence(redis!, { prefix, instanceId: 'crashed', ttlMs: 200 });
    expect(await crashed.add({ userId: user, socketId: 'x' })).toBe(true);
    expect(await live.isOnline(user)).toBe(true);
    // A socket on the live instance is not the first: the user was already online.
    expect(await live.add({ userId: user, socketId: 'y' })).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    // The crashed instance's entry expired; the live one's last socket makes the user offline.
    expect(await live.remove({ userId: user, socketId: 'y' })).toBe(true);
    expect(await live.isOnline(user)).toBe(false);
    // Refreshing keeps entries alive past their first expiry.
    const kept = createRedisPresence(redis!, { prefix, instanceId: 'kept', ttlMs: 200 });
    await kept.add({ userId: user, socketId: 'z' });
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await kept.refresh([{ userId: user, socketId: 'z' }]);
    }
    expect(await live.isOnline(user)).toBe(true);
  });
});

const counters: Array<[string, () => WindowCounter]> = [['memory', createMemoryCounter]];
if (redis) counters.push(['redis', () => createRedisCounter(redis, prefix)]);

describe.each(counters)('%s window counter', (_name, make) => {
  it('counts hits in a window and starts over after it', async () => {
    const counter = make();
    const key = randomBytes(4).toString('hex');
    expect((await counter.hit(key, 200)).count).toBe(1);
    const second = await counter.hit(key, 200);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(200);
    await new Promise((r) => setTimeout(r, 250));
    expect((await counter.hit(key, 200)).count).toBe(1);
  });
});
