// Limits on the calls that guess or send mail, per client address (an IPv6 address by its
// /64), in the rate-limit store app.ts set up (memory, or Redis when REDIS_URL is set, so
// several instances share them). They slow down the address that sends too much. What is
// counted per account lives in attempts.ts and is counted per account *and* source: a
// counter per account alone would let anyone who knows an address lock its owner out.
// RATE_LIMIT_SCALE multiplies every maximum for browser-test stacks.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { sourceOfAddress } from './addresses.ts';

type Limit = { max: number; windowMs: number };

export const AUTH_LIMITS = {
  signup: { perAddress: { max: 10, windowMs: 3_600_000 } },
  signin: { perAddress: { max: 30, windowMs: 900_000 } },
  verifyPin: { perAddress: { max: 30, windowMs: 900_000 } },
  resendPin: { perAddress: { max: 20, windowMs: 3_600_000 } },
  /** Past it the answer is the usual one and no mail goes out (attempts.ts counts the rest). */
  passwordReset: { perAddress: { max: 10, windowMs: 3_600_000 } },
  updatePassword: { perAddress: { max: 20, windowMs: 3_600_000 } },
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
  const count = counter(app, name, limit, key);
  return async (req: FastifyRequest) => {
    const over = await count(req);
    if (over) throw tooMany(over.waitMs);
  };
}

/**
 * The same counter, answering instead of throwing: `{ waitMs }` once the request is past the
 * limit, null while it is within.
 */
export function counter(
  app: FastifyInstance,
  name: string,
  limit: Limit,
  key: (req: FastifyRequest) => string | undefined,
): (req: FastifyRequest) => Promise<{ waitMs: number } | null> {
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
    if (key(req) === undefined) return null;
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
    return !result.isAllowed && result.isExceeded ? { waitMs: result.ttl } : null;
  };
}

/** The address a limit is counted against: IPv4, or an IPv6 address's /64. */
export const byAddress = (req: FastifyRequest) => sourceOfAddress(req.ip);
