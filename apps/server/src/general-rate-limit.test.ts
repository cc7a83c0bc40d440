// The general API rate limit: its counters, its address keys, and the answers users get from
// it (with Redis as the store when REDIS_URL is set, as in CI).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey, memoryStore } from './general-rate-limit.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

const count = (store: ReturnType<typeof memoryStore>, key: string, windowMs = 60_000) => {
  let result: { count: number; ttlMs: number } | undefined;
  store.incr(key, windowMs, (err, counted) => {
    if (err) throw err;
    result = counted;
  });
  if (!result) throw new Error('the memory store answers at once');
  return result;
};

describe('memory store', () => {
  it('counts per key within a window and starts again when it ends', () => {
    let now = 1_000_000;
    const store = memoryStore(100, () => now);
    expect(count(store, 'a')).toEqual({ count: 1, ttlMs: 60_000 });
    now += 10_000;
    expect(count(store, 'a')).toEqual({ count: 2, ttlMs: 50_000 });
    expect(count(store, 'b')).toEqual({ count: 1, ttlMs: 60_000 });
    now += 50_000;
    expect(count(store, 'a')).toEqual({ count: 1, ttlMs: 60_000 });
  });

  it('holds at most its number of keys, dropping ended windows, then the oldest', () => {
    let now = 0;
    const store = memoryStore(3, () => now);
    count(store, 'old', 1_000);
    count(store, 'x');
    count(store, 'y');
    now = 2_000;
    count(store, 'z'); // 'old' has ended: it goes, and x and y stay
    expect(count(store, 'x').count).toBe(2);
    count(store, 'w'); // all live: the oldest window (x) goes
    expect(count(store, 'y').count).toBe(2);
    expect(count(store, 'z').count).toBe(2);
    expect(count(store, 'w').count).toBe(2);
    expect(count(store, 'x').count).toBe(1);
  });
});

describe('address keys', () => {
  it('keep IPv4 addresses and read IPv4-mapped IPv6 ones as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('count IPv6 addresses by their /64 network, however they are written', () => {
    const key = '2001:db8:85a3:8d3::/64';
    expect(addressKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(key);
    expect(addressKey('2001:0db8:85a3:08d3:ffff:0:0:1')).toBe(key);
    expect(addressKey('2001:DB8:85A3:8D3::1')).toBe(key);
    expect(addressKey('2001:db8:85a3:8d3::1%eth0')).toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8:85a3:8d4::1')).not.toBe(key);
  });

  it('leave malformed text as it is rather than fail', () => {
    expect(addressKey('1:2:3')).toBe('1:2:3');
    expect(addressKey('1::2::3')).toBe('1::2::3');
  });
});

describe('the general limit on API answers', () => {
  let app: TestApp;
  beforeAll(async () => {
    // 600 a minute scaled to 6.
    app = await createTestApp({ rateLimitScale: 0.01 });
  });
  afterAll(() => app.dispose());

  const get = (remoteAddress: string) =>
    app.inject({ method: 'GET', url: '/api/contact/info', remoteAddress });

  it('counts each address, then answers 429 with the wait, the headers and nothing else done', async () => {
    for (let i = 1; i <= 6; i++) {
      const res = await get('198.51.100.1');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('6');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(6 - i));
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    }
    const refused = await get('198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The 429 carries the security headers and request id like every answer.
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['x-request-id']).toBeTruthy();
    // Another address is counted on its own.
    expect((await get('198.51.100.2')).statusCode).toBe(200);
  });

  it('is shared by instances on one Redis (CI), each counting against the same window', async () => {
    if (!process.env.REDIS_URL) return;
    const namespace = `test-rl-shared-${randomBytes(4).toString('hex')}:`;
    const [a, b] = await Promise.all([
      createTestApp({ rateLimitScale: 0.01, rateLimitNamespace: namespace }),
      createTestApp({ rateLimitScale: 0.01, rateLimitNamespace: namespace }),
    ]);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) {
        const instance = i % 2 ? b : a;
        const res = await instance.inject({
          method: 'GET',
          url: '/api/contact/info',
          remoteAddress: '198.51.100.9',
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    } finally {
      await Promise.all([a.dispose(), b.dispose()]);
    }
  });
});
