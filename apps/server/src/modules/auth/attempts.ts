// Who may try again, counted per account *and* source (docs/SECURITY.md, 'Nobody can lock
// someone else out'). A limit counted per account alone lets anyone who knows an address keep
// its owner out: ten wrong passwords from anywhere used to make the owner's right one answer
// 429. Here a source's failures slow only that source down on that account; a far higher
// ceiling per account stops guessing spread over many sources, and even then the owner gets
// through from a trusted device or from any source that has not failed.
import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authCounters } from '../../db/schema/index.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const ATTEMPT_RULES = {
  /** Wrong passwords: free tries per source, then a doubling wait; a ceiling per account. */
  signinFailure: {
    windowMs: HOUR,
    freePerSource: 5,
    firstWaitMs: 30_000,
    maxWaitMs: 15 * MINUTE,
    perAccount: 100,
  },
  /** Reset mails: per source and per account in an hour; past either, nothing is sent. */
  resetMail: { windowMs: HOUR, perSource: 3, perAccount: 10 },
  /** 'Someone tried to sign up with your address' mails: one an hour per account. */
  signupNotice: { windowMs: HOUR, perAccount: 1 },
} as const;

export type AttemptKind = keyof typeof ATTEMPT_RULES;

/** The account a count belongs to: the address's SHA-256, whether or not an account has it. */
export const accountKey = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** A trusted device is a source of its own, wherever it connects from. */
export const deviceSource = (deviceTokenHash: string): string => `device:${deviceTokenHash.slice(0, 32)}`;

/** How long a source waits after `failures` wrong passwords in the window (0: it may try now). */
export function signinWaitMs(failures: number): number {
  const r = ATTEMPT_RULES.signinFailure;
  if (failures < r.freePerSource) return 0;
  return Math.min(r.maxWaitMs, r.firstWaitMs * 2 ** (failures - r.freePerSource));
}

export type Counted = { count: number; lastAt: Date } | null;

/**
 * Whether a sign-in may check its password now, or how long it waits: the source's own
 * failures back it off; past the account's ceiling a source that has failed on this account
 * waits out the window, while a trusted device or a source without failures still gets through.
 */
export function signinVerdict(
  input: { source: Counted; accountFailures: number; trustedDevice: boolean },
  now: Date,
): { allowed: true } | { allowed: false; waitMs: number } {
  const r = ATTEMPT_RULES.signinFailure;
  const { source } = input;
  if (!source || source.count === 0) return { allowed: true };
  const backoff = source.lastAt.getTime() + signinWaitMs(source.count) - now.getTime();
  if (backoff > 0) return { allowed: false, waitMs: backoff };
  if (!input.trustedDevice && input.accountFailures >= r.perAccount)
    return { allowed: false, waitMs: Math.max(1000, source.lastAt.getTime() + r.windowMs - now.getTime()) };
  return { allowed: true };
}

/** Whether one more mail of `kind` may go to this account from this source. */
export function mayMail(kind: 'resetMail' | 'signupNotice', source: Counted, accountTotal: number): boolean {
  const r = ATTEMPT_RULES[kind];
  if (accountTotal >= r.perAccount) return false;
  return !('perSource' in r) || (source?.count ?? 0) < r.perSource;
}

// ---------------------------------------------------------------------------------------
// The counts, in the database: shared by every instance, kept across restarts.

const windowStart = (kind: AttemptKind, now: Date) => new Date(now.getTime() - ATTEMPT_RULES[kind].windowMs);

/** This source's count on the account, and the account's total, in the current windows. */
export async function readCounts(
  db: DbOrTx,
  kind: AttemptKind,
  account: string,
  source: string,
  now = new Date(),
): Promise<{ source: Counted; accountTotal: number }> {
  const since = windowStart(kind, now);
  const rows = await db
    .select({ source: authCounters.source, count: authCounters.count, lastAt: authCounters.lastAt })
    .from(authCounters)
    .where(
      and(
        eq(authCounters.kind, kind),
        eq(authCounters.account, account),
        gt(authCounters.windowStartedAt, since),
      ),
    );
  const own = rows.find((r) => r.source === source);
  return {
    source: own ? { count: own.count, lastAt: own.lastAt } : null,
    accountTotal: rows.reduce((sum, r) => sum + r.count, 0),
  };
}

/** Counts one more; a count whose window has passed starts again at 1. */
export async function countOne(
  db: DbOrTx,
  kind: AttemptKind,
  account: string,
  source: string,
  now = new Date(),
): Promise<void> {
  const since = windowStart(kind, now);
  await db
    .insert(authCounters)
    .values({ kind, account, source, count: 1, windowStartedAt: now, lastAt: now })
    .onConflictDoUpdate({
      target: [authCounters.kind, authCounters.account, authCounters.source],
      set: {
        count: sql`case when ${authCounters.windowStartedAt} > ${since} then ${authCounters.count} + 1 else 1 end`,
        windowStartedAt: sql`case when ${authCounters.windowStartedAt} > ${since} then ${authCounters.windowStartedAt} else ${now} end`,
        lastAt: now,
      },
    });
}

/** Forgets a source's count on an account (its password was right). */
export async function clearCount(
  db: DbOrTx,
  kind: AttemptKind,
  account: string,
  source: string,
): Promise<void> {
  await db
    .delete(authCounters)
    .where(
      and(eq(authCounters.kind, kind), eq(authCounters.account, account), eq(authCounters.source, source)),
    );
}

/** Drops counts nobody has touched for a day (every window is shorter). */
export async function sweepCounts(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(authCounters)
    .where(lt(authCounters.lastAt, new Date(now.getTime() - 24 * HOUR)))
    .returning({ kind: authCounters.kind });
  return gone.length;
}
