// The first page's early GET is taken once, by an identical GET with the same token.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchApi, takePrefetched } from './prefetch';

const ORIGIN = 'http://stampworks.test';
const session = (token: string) =>
  JSON.stringify({ session: JSON.stringify({ currentUser: { id: 'u1' }, token }) });

let stored: string | null;
beforeEach(() => {
  stored = session('t1');
  vi.stubGlobal('window', { location: { origin: ORIGIN } });
  vi.stubGlobal('localStorage', { getItem: () => stored });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"id":"p1"}')),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const get = (path: string, token = 't1', method = 'GET') =>
  new Request(`${ORIGIN}/api${path}`, { method, headers: { authorization: `Bearer ${token}` } });

describe('prefetchApi and takePrefetched', () => {
  it('hands the early answer to the first identical GET, once', async () => {
    prefetchApi('/projects/id/p1');
    expect(fetch).toHaveBeenCalledWith(`${ORIGIN}/api/projects/id/p1`, {
      headers: { authorization: 'Bearer t1' },
    });
    const early = takePrefetched(get('/projects/id/p1'));
    expect(await (await early)?.json()).toEqual({ id: 'p1' });
    expect(takePrefetched(get('/projects/id/p1'))).toBeUndefined();
  });

  it('is not taken by another address, another token or another method', () => {
    prefetchApi('/projects/id/p2');
    expect(takePrefetched(get('/projects/id/p3'))).toBeUndefined();
    expect(takePrefetched(get('/projects/id/p2', 't2'))).toBeUndefined();
    expect(takePrefetched(get('/projects/id/p2', 't1', 'DELETE'))).toBeUndefined();
    expect(takePrefetched(get('/projects/id/p2'))).toBeDefined();
  });

  it('asks nothing without a stored session', () => {
    stored = null;
    prefetchApi('/projects/id/p4');
    expect(fetch).not.toHaveBeenCalled();
    expect(takePrefetched(get('/projects/id/p4'))).toBeUndefined();
  });

  it('drops an answer nobody took within ten seconds', () => {
    vi.useFakeTimers();
    try {
      prefetchApi('/projects/id/p5');
      vi.advanceTimersByTime(10_001);
      expect(takePrefetched(get('/projects/id/p5'))).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
