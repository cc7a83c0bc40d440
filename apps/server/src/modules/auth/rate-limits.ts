// Limits on the calls that guess or send mail (decisions.md: sign-in, PIN, reset and
// sign-up are limited per address and per account). Each call has two counters — one
// per client address, one per e-mail address — in the rate-limit store app.ts set up
// (memory, or Redis when REDIS_URL is set, so several instances share them).
// RATE_LIMIT_SCALE multiplies every maximum for browser-test stacks.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

type Limit = { max: number; windowMs: number };

export const AUTH_LIMITS = {
  signup: { perAddress: { max: 10, windowMs: 3_600_000 }, perAccount: { max: 5, windowMs: 3_600_000 } },
  signin: { perAddress: { max: 30, windowMs: 900_000 }, perAccount: { max: 10, windowMs: 900_000 } },
  verifyPin: { perAddress: { max: 30, windowMs: 900_000 }, perAccount: { max: 15, windowMs: 900_000 } },
  resendPin: { perAddress: { max: 20, windowMs: 3_600_000 }, perAccount: { max: 10, windowMs: 3_600_000 } },
  passwordReset: {
    perAddress: { max: 10, windowMs: 3_600_000 },
    perAccount: { max: 5, windowMs: 3_600_000 },
  },
  updatePassword: {
    perAddress: { max: 20, windowMs: 3_600_000 },
    perAccount: { max: 10, windowMs: 3_600_000 },
  },
  /** Uploads without an account: one avatar for sign-up, so few per address. */
  anonymousUpload: { perAddress: { max: 10, windowMs: 3_600_000 } },
  upload: { perAccount: { max: 200, windowMs: 3_600_000 } },
} satisfies Record<string, { perAddress?: Limit; perAccount?: Limit }>;

export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const tooMany = (ms: number) =>
  new AppError('RATE_LIMITED', `Too many attempts. Please wait ${waitText(ms)} and try again.`);

/**
 * A counter named `name`, keyed by what `key` picks from the request. Throws a 429 with a
 * readable wait time once the scaled maximum is passed within the window.
 */
export function limiter(
  app: FastifyInstance,
  name: string,
  limit: Limit,
  key: (req: FastifyRequest) => string | undefined,
) {
  const max = Math.max(1, Math.round(limit.max * app.ctx.config.rateLimitScale));
  // Keys carry the limiter's name: every limiter made here shares one Redis prefix.
  const check = app.createRateLimit({
    max,
    timeWindow: limit.windowMs,
    keyGenerator: (req) => `${name}:${key(req) ?? ''}`,
    // The plugin's own setting lets requests through when the store fails (right for the
    // routes' capacity limits); these guard guessing, so a store error must reach the catch
    // below, which refuses.
    skipOnError: false,
  });
  return async (req: FastifyRequest) => {
    if (key(req) === undefined) return;
    let result: Awaited<ReturnType<typeof check>>;
    try {
      result = await check(req);
    } catch (err) {
      // The shared store (Redis) can be briefly unreachable, e.g. right after start: try
      // once more, then refuse rather than let guesses through uncounted.
      await new Promise((r) => setTimeout(r, 250));
      try {
        result = await check(req);
      } catch {
        req.log.error({ err }, 'rate-limit store unavailable');
        throw new AppError('UNAVAILABLE', 'This is briefly unavailable. Please try again in a moment.');
      }
    }
    if (!result.isAllowed && result.isExceeded) throw tooMany(result.ttl);
  };
}

/** The address a limit is counted against. */
export const byAddress = (req: FastifyRequest) => req.ip;

/** The e-mail address a call is about, from the parsed body or the path. */
export function byEmail(req: FastifyRequest): string | undefined {
  const fromBody = (req.body as { email?: unknown } | undefined)?.email;
  const fromParams = (req.params as { email?: unknown } | undefined)?.email;
  const email = typeof fromBody === 'string' ? fromBody : fromParams;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}
