// The e-mailed sign-in PIN (docs/PRODUCT.md): 6 digits, lives 10 minutes, 5 wrong tries void
// it, single use; resends at most one per 30 seconds and five an hour per account.
// The sign-in that opened the challenge holds a random token (`challenge`): only requests
// carrying it can try, resend or use up the PIN, so a stranger who knows the address can
// neither void the owner's PIN nor learn whether one is waiting (docs/SECURITY.md).
// `now` is a parameter so tests move time instead of sleeping.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, PIN_RESEND_INTERVAL_MS, PRODUCT_NAME } from '@app/shared';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { renderMail } from '../../adapters/mail/templates.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { signInPins, type UserRow } from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../lib/crypto.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { waitText } from '../access/index.ts';

export const PIN_TTL_MS = 10 * 60 * 1000;
export const PIN_MAX_ATTEMPTS = 5;
export const RESEND_INTERVAL_MS = PIN_RESEND_INTERVAL_MS;
export const RESENDS_PER_HOUR = 5;
/** A resend is possible for this long after the password was proven. */
export const CHALLENGE_TTL_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export const PIN_MESSAGES = {
  sent: 'A PIN has been sent to your email. Enter it to finish signing in.',
  /** One answer for a wrong PIN and for no PIN waiting for this sign-in. */
  notRight:
    'That PIN is not right, or it is no longer waiting. Check the newest email, or sign in again for a new PIN.',
  expired: 'This PIN has expired. Please ask for a new one.',
  voided: 'Too many wrong PINs. Please sign in again to get a new one.',
} as const;

/** PINs are kept as an HMAC keyed by the server's secret: a database copy alone cannot test guesses. */
export function hashPin(key: Buffer, userId: string, pin: string): string {
  return createHmac('sha256', key).update(`${userId}:${pin}`).digest('hex');
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether `challenge` is the token of the sign-in that opened this PIN challenge. */
const holdsChallenge = (row: { challengeHash: string | null }, challenge: string | null | undefined) =>
  !!challenge && !!row.challengeHash && sameHash(hashToken(challenge), row.challengeHash);

function newPin(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

async function mailPin(ctx: AppContext, tx: DbOrTx, to: string, pin: string): Promise<void> {
  try {
    await ctx.sendMail(tx, {
      to,
      ...renderMail({
        subject: 'Your sign-in PIN',
        lines: [
          `Your ${PRODUCT_NAME} sign-in PIN is ${pin}.`,
          'It is valid for 10 minutes and works once. Enter it on the sign-in page to continue.',
          'If you did not try to sign in, someone knows your password: please reset it.',
        ],
      }),
    });
  } catch (err) {
    ctx.log.error({ err }, 'sending the sign-in PIN failed');
    throw new AppError('UNAVAILABLE', 'We could not send the PIN email. Please try again in a few minutes.');
  }
}

/**
 * Opens (or replaces) the account's PIN challenge after a correct password, mails the PIN
 * and answers the challenge token that this sign-in alone holds.
 */
export async function issuePin(ctx: AppContext, user: UserRow, now = new Date()): Promise<string> {
  const pin = newPin();
  const challenge = randomToken();
  const values = {
    pinHash: hashPin(ctx.config.encryptionKey, user.id, pin),
    expiresAt: new Date(now.getTime() + PIN_TTL_MS),
    attempts: 0,
    challengedAt: now,
    lastSentAt: now,
    challengeHash: hashToken(challenge),
  };
  // The resend counters survive a new sign-in so signing in again does not reset them.
  await ctx.transaction(async (tx) => {
    await tx
      .insert(signInPins)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: signInPins.userId, set: values });
    await mailPin(ctx, tx, user.email, pin);
  });
  return challenge;
}

/** Sends a fresh PIN for the caller's open challenge, within the resend limits. */
export async function resendPin(
  ctx: AppContext,
  user: UserRow | undefined,
  challenge: string | null | undefined,
  now = new Date(),
): Promise<void> {
  const [row] = user
    ? await ctx.db.select().from(signInPins).where(eq(signInPins.userId, user.id)).limit(1)
    : [];
  const open =
    user &&
    row &&
    holdsChallenge(row, challenge) &&
    row.attempts < PIN_MAX_ATTEMPTS &&
    now.getTime() - row.challengedAt.getTime() < CHALLENGE_TTL_MS;
  if (!user || !row || !open) throw notFound(AUTH_MESSAGES.emailNotFound);

  const sinceLast = now.getTime() - row.lastSentAt.getTime();
  if (sinceLast < RESEND_INTERVAL_MS)
    throw new AppError(
      'RATE_LIMITED',
      `Please wait ${waitText(RESEND_INTERVAL_MS - sinceLast)} before asking for another PIN.`,
    );
  let windowStart = row.resendWindowStart;
  let count = row.resendCount;
  if (!windowStart || now.getTime() - windowStart.getTime() >= HOUR_MS) {
    windowStart = now;
    count = 0;
  }
  if (count >= RESENDS_PER_HOUR)
    throw new AppError(
      'RATE_LIMITED',
      `You have asked for ${RESENDS_PER_HOUR} PINs in the last hour. Please try again in ${waitText(
        windowStart.getTime() + HOUR_MS - now.getTime(),
      )}.`,
    );

  const pin = newPin();
  // Guarded on lastSentAt: of two resends racing, one wins and the other is told to wait.
  await ctx.transaction(async (tx) => {
    const updated = await tx
      .update(signInPins)
      .set({
        pinHash: hashPin(ctx.config.encryptionKey, user.id, pin),
        expiresAt: new Date(now.getTime() + PIN_TTL_MS),
        attempts: 0,
        lastSentAt: now,
        resendWindowStart: windowStart,
        resendCount: count + 1,
      })
      .where(and(eq(signInPins.userId, user.id), eq(signInPins.lastSentAt, row.lastSentAt)))
      .returning({ userId: signInPins.userId });
    if (updated.length === 0)
      throw new AppError(
        'RATE_LIMITED',
        `Please wait ${waitText(RESEND_INTERVAL_MS)} before asking for another PIN.`,
      );
    await mailPin(ctx, tx, user.email, pin);
  });
}

/**
 * Checks a PIN for the sign-in holding `challenge`. Without it nothing is counted and the
 * answer is the same as for a wrong PIN. A wrong one is counted; the right one is deleted by
 * a single guarded statement, so of two requests with the same PIN only one succeeds.
 */
export async function consumePin(
  ctx: AppContext,
  user: UserRow | undefined,
  pin: string,
  challenge: string | null | undefined,
  now = new Date(),
): Promise<void> {
  const notRight = () => badRequest(PIN_MESSAGES.notRight, { pin: 'Incorrect PIN.' });
  const [row] = user
    ? await ctx.db.select().from(signInPins).where(eq(signInPins.userId, user.id)).limit(1)
    : [];
  if (!user || !row || !holdsChallenge(row, challenge)) throw notRight();
  if (row.attempts >= PIN_MAX_ATTEMPTS) throw badRequest(PIN_MESSAGES.voided);
  if (row.expiresAt.getTime() <= now.getTime()) throw badRequest(PIN_MESSAGES.expired);

  const given = hashPin(ctx.config.encryptionKey, user.id, pin);
  if (!sameHash(given, row.pinHash)) {
    const [counted] = await ctx.db
      .update(signInPins)
      .set({ attempts: sql`${signInPins.attempts} + 1` })
      .where(and(eq(signInPins.userId, user.id), lt(signInPins.attempts, PIN_MAX_ATTEMPTS)))
      .returning({ attempts: signInPins.attempts });
    if ((counted?.attempts ?? PIN_MAX_ATTEMPTS) >= PIN_MAX_ATTEMPTS)
      throw badRequest(PIN_MESSAGES.voided, { pin: 'Incorrect PIN.' });
    throw notRight();
  }
  const consumed = await ctx.db
    .delete(signInPins)
    .where(
      and(
        eq(signInPins.userId, user.id),
        eq(signInPins.pinHash, given),
        lt(signInPins.attempts, PIN_MAX_ATTEMPTS),
        gt(signInPins.expiresAt, now),
      ),
    )
    .returning({ userId: signInPins.userId });
  if (consumed.length === 0) throw notRight();
}

export async function clearPins(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(signInPins).where(eq(signInPins.userId, userId));
}
