// The auth limiters refuse, rather than let guesses through uncounted, when their store fails.
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { byAddress, limiter } from './rate-limits.ts';

/** A store that is unreachable, as Redis can briefly be. */
class UnreachableStore {
  incr(_key: string, cb: (err: Error | null) => void) {
    cb(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
  }
  child() {
    return new UnreachableStore();
  }
}

describe('auth limiter', () => {
  it('answers 503 when the store cannot count, though the plugin skips store errors elsewhere', async () => {
    const app = Fastify();
    app.decorate('ctx', { config: { rateLimitScale: 1 } } as never);
    // As app.ts registers it: store errors skipped for the routes' own capacity limits.
    await app.register(rateLimit, { global: false, skipOnError: true, store: UnreachableStore as never });
    app.setErrorHandler((err, _req, reply) =>
      err instanceof AppError
        ? reply.status(err.status).send({ code: err.code, message: err.message })
        : reply.status(500).send({ message: String(err) }),
    );
    await app.register(async (scope) => {
      const check = limiter(scope, 'signin', { max: 5, windowMs: 60_000 }, byAddress);
      scope.post('/guess', { preHandler: check }, async () => ({ ok: true }));
    });
    const res = await app.inject({ method: 'POST', url: '/guess' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'UNAVAILABLE',
      message: 'This is briefly unavailable. Please try again in a moment.',
    });
    await app.close();
  });
});
