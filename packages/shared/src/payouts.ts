// The engineer's payout account (Stripe Connect Express or the built-in test mode).
import { z } from 'zod';
import { EMAIL_MAX, EMAIL_PATTERN } from './auth.ts';
import { PAYOUT_COUNTRIES, PAYOUT_STATUSES, type PayoutStatus } from './enums.ts';
import { formatCents, MIN_PAYOUT_CENTS } from './money.ts';
import { withoutFinalStop } from './text.ts';

const PAYOUT_CODES = PAYOUT_COUNTRIES.map((c) => c.code) as ['US', 'CA', 'AU'];

export const connectStatusSchema = z.object({
  /** Null while the engineer has not started connecting. */
  accountId: z.string().nullable(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
});
export type ConnectStatus = z.infer<typeof connectStatusSchema>;

export const connectRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX, { message: 'Enter a valid e-mail address.', abort: true })
    .regex(EMAIL_PATTERN, { message: 'Enter a valid e-mail address.' }),
  country: z.enum(PAYOUT_CODES, { message: 'Choose United States, Canada or Australia.' }).default('US'),
});
export type ConnectRequest = z.infer<typeof connectRequestSchema>;

export const onboardingUrlSchema = z.object({ onboardingUrl: z.string() });
export const loginUrlSchema = z.object({ loginUrl: z.string() });

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the payout of a submission accepted at `acceptedAt` is due: the Sunday of the
 * Monday-to-Sunday week after the one containing `acceptedAt`, in UTC, as YYYY-MM-DD
 * (docs/PRODUCT.md#project-lifecycle; docs/PRODUCT.md#what-it-does: 'the first Sunday of the following week').
 * Accepted on Wednesday 25 November 2026 -> Sunday 6 December; on Sunday 29 November
 * (the last day of its week) -> also 6 December; on Monday 30 November -> 13 December.
 */
export function payoutDueDate(acceptedAt: Date): string {
  const dayOfWeek = acceptedAt.getUTCDay(); // 0 Sunday ... 6 Saturday
  const toThisSunday = (7 - dayOfWeek) % 7;
  const startOfDay = Date.UTC(acceptedAt.getUTCFullYear(), acceptedAt.getUTCMonth(), acceptedAt.getUTCDate());
  return new Date(startOfDay + (toThisSunday + 7) * DAY_MS).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------
// The payout run (docs/PRODUCT.md#what-it-does: payouts on the first Sunday of the following week, minimum 10 USD).

/** The day (YYYY-MM-DD, UTC) of the next payout run from `today` on: runs happen on Sundays. */
export function nextPayoutRunDate(today: Date): string {
  const startOfDay = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const toSunday = (7 - today.getUTCDay()) % 7;
  return new Date(startOfDay + toSunday * DAY_MS).toISOString().slice(0, 10);
}

export type PayoutCandidate = {
  id: string;
  engineerId: string;
  amountCents: number;
  /** YYYY-MM-DD */
  payoutDate: string;
  /** Whether the engineer's payout account can receive payouts now. */
  payoutsEnabled: boolean;
};

/**
 * What a run on `runDate` pays: every payout due by that day (its date not after it) of an
 * engineer whose payout account has payouts enabled and whose due total reaches the
 * minimum payout (MIN_PAYOUT_CENTS); the rest waits for a later run.
 */
export function payablePayouts<T extends PayoutCandidate>(candidates: readonly T[], runDate: string): T[] {
  const due = candidates.filter((p) => p.payoutDate <= runDate && p.payoutsEnabled);
  const totals = new Map<string, number>();
  for (const p of due) totals.set(p.engineerId, (totals.get(p.engineerId) ?? 0) + p.amountCents);
  return due.filter((p) => (totals.get(p.engineerId) ?? 0) >= MIN_PAYOUT_CENTS);
}

// ---------------------------------------------------------------------------------------
// When each payout will be paid, and why, by the run's own rule (payablePayouts): what an
// engineer reads beside every amount in the wallet and the payout history.

/**
 * Why a payout is paid on its run date, or why it has none yet:
 * - `scheduled`: paid by the run on its due date (or the next run, once that date is past);
 * - `minimum`: waits for more payouts due by the same run to reach MIN_PAYOUT_CENTS;
 * - `account`: waits for the payout account to be able to receive payouts;
 * - `sending`: sent, waiting for the transfer to be confirmed; `paid`: done.
 */
export const PAYOUT_WAIT_REASONS = ['scheduled', 'minimum', 'account', 'sending', 'paid'] as const;
export type PayoutWaitReason = (typeof PAYOUT_WAIT_REASONS)[number];

export type PayoutPlan = {
  /** The Sunday (YYYY-MM-DD) of the run that pays it; null when sent already or no run can yet. */
  run_date: string | null;
  reason: PayoutWaitReason;
};

type PlanInput = {
  id: string;
  engineerId: string;
  status: PayoutStatus;
  amountCents: number;
  payoutDate: string;
};

/**
 * The plan of each of one engineer's payouts from `today` on: the coming runs are simulated
 * with payablePayouts (due date, payout account, minimum), each run on a Sunday on which a
 * waiting payout falls due, the first being the next run.
 */
export function planPayouts(
  rows: readonly PlanInput[],
  opts: { today: Date; payoutsEnabled: boolean },
): Map<string, PayoutPlan> {
  const plans = new Map<string, PayoutPlan>();
  for (const p of rows) {
    if (p.status === 'succeeded') plans.set(p.id, { run_date: null, reason: 'paid' });
    if (p.status === 'pending') plans.set(p.id, { run_date: null, reason: 'sending' });
  }
  let waiting = rows.filter((p) => p.status === 'initiated' || p.status === 'failed');
  if (!opts.payoutsEnabled) {
    for (const p of waiting) plans.set(p.id, { run_date: null, reason: 'account' });
    return plans;
  }
  const firstRun = nextPayoutRunDate(opts.today);
  const runs = [
    ...new Set([firstRun, ...waiting.map((p) => p.payoutDate).filter((d) => d > firstRun)]),
  ].sort();
  for (const run of runs) {
    const paid = new Set(
      payablePayouts(
        waiting.map((p) => ({ ...p, payoutsEnabled: true })),
        run,
      ).map((p) => p.id),
    );
    for (const p of waiting) {
      if (!paid.has(p.id)) continue;
      const late = p.payoutDate < run && run !== firstRun;
      plans.set(p.id, { run_date: run, reason: late ? 'minimum' : 'scheduled' });
    }
    waiting = waiting.filter((p) => !paid.has(p.id));
  }
  for (const p of waiting) plans.set(p.id, { run_date: null, reason: 'minimum' });
  return plans;
}

/** One vocabulary for a payout's status, in the wallet and in the payout history. */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  initiated: 'Scheduled',
  pending: 'Sending',
  succeeded: 'Paid',
  failed: 'Failed',
};

type Explained = {
  status: PayoutStatus;
  payout_date: string;
  paid_at: string | null;
  failure_reason: string | null;
  plan: PayoutPlan;
};

/**
 * The one sentence shown beside a payout: when it is paid and why, as the run decides it.
 * `day` writes a YYYY-MM-DD day or a moment as the reader's date ('Dec 6, 2026').
 */
export function payoutSentence(p: Explained, day: (value: string) => string): string {
  const sunday = (d: string) => `Sunday, ${day(d)}`;
  const weekEnding = sunday(
    new Date(Date.parse(`${p.payout_date}T00:00:00Z`) - 7 * DAY_MS).toISOString().slice(0, 10),
  );
  const minimum = formatCents(MIN_PAYOUT_CENTS);
  if (p.status === 'succeeded') return `Paid to your payout account on ${day(p.paid_at ?? p.payout_date)}.`;
  if (p.status === 'pending')
    return 'Sent to your payout account; it shows as paid once the transfer is confirmed.';
  const failed =
    p.status === 'failed'
      ? `The transfer failed${p.failure_reason ? ` (${withoutFinalStop(p.failure_reason)})` : ''} and the money is back in your wallet; `
      : '';
  const cap = (text: string) => (failed ? `${failed}${text}` : text.charAt(0).toUpperCase() + text.slice(1));
  const { run_date: run, reason } = p.plan;
  if (reason === 'account')
    return cap(
      `due ${sunday(p.payout_date)}, it is paid on the first Sunday after your payout account can receive payouts.`,
    );
  if (!run)
    return cap(
      `due ${sunday(p.payout_date)}, it is paid on the first Sunday your due payouts add up to at least ${minimum}.`,
    );
  if (p.status === 'failed' && reason === 'scheduled') return `${failed}it is sent again on ${sunday(run)}.`;
  if (reason === 'minimum')
    return cap(`paid on ${sunday(run)}, when your due payouts first add up to at least ${minimum}.`);
  if (run > p.payout_date)
    return cap(`paid on ${sunday(run)}, the next payout run (it was due ${sunday(p.payout_date)}).`);
  return cap(
    `paid on ${sunday(run)}: payments released in the week ending ${weekEnding} are paid the Sunday after.`,
  );
}

export const PAYOUT_MESSAGES = {
  // docs/PRODUCT.md#messages.
  empty: 'No payout history found.',
  noTransactions: 'No transactions found for the selected filters.',
  onlyOwn: 'You can only see your own wallet and payouts.',
} as const;

const payoutPlanSchema = z.object({
  run_date: z.string().nullable(),
  reason: z.enum(PAYOUT_WAIT_REASONS),
});

/** docs/PRODUCT.md#data Payout, with what the tabs show beside it. Amounts in cents. */
export const payoutSchema = z.object({
  id: z.string(),
  /** docs/PRODUCT.md#limits: the Payout History shows the first 8 characters of this id. */
  submission_id: z.string().nullable(),
  project_id: z.string(),
  project_title: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** The day it is (or was) due, YYYY-MM-DD. */
  payout_date: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  failure_reason: z.string().nullable(),
  plan: payoutPlanSchema,
});
export type PayoutDto = z.infer<typeof payoutSchema>;

/** The wallet tab's transaction statuses (docs/PRODUCT.md#limits). */
export const WALLET_TRANSACTION_STATUSES = ['succeeded', 'pending', 'failed'] as const;
export type WalletTransactionStatus = (typeof WALLET_TRANSACTION_STATUSES)[number];

/** A payout as a wallet transaction: not paid yet (initiated or on its way) reads as pending. */
export function walletTransactionStatus(status: PayoutStatus): WalletTransactionStatus {
  if (status === 'succeeded' || status === 'failed') return status;
  return 'pending';
}

/** GET /api/wallet/payouts/user/{userId}: each release of escrow to the engineer and its payout. */
export const walletTransactionSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  project_title: z.string(),
  /** What the client paid, the platform's 20% and the engineer's 80% (amount). */
  gross_cents: z.number().int(),
  fee_cents: z.number().int(),
  amount: z.number().int(),
  status: z.enum(WALLET_TRANSACTION_STATUSES),
  /** The payout's own status, labelled as in the payout history (PAYOUT_STATUS_LABELS). */
  payout_status: z.enum(PAYOUT_STATUSES),
  /** When the escrow was released to the wallet. */
  released_at: z.string(),
  payout_date: z.string(),
  paid_at: z.string().nullable(),
  failure_reason: z.string().nullable(),
  plan: payoutPlanSchema,
});
export type WalletTransactionDto = z.infer<typeof walletTransactionSchema>;

/** GET /api/wallet/{userId}: `amount` (docs/PRODUCT.md#data) is what the wallet holds, not yet paid out. */
export const walletSchema = z.object({
  amount: z.number().int(),
  /** Of that, what the next run pays (due, payout account ready, minimum reached). */
  due_next_run: z.number().int(),
  next_run_date: z.string(),
  /** The first run that will pay something (planPayouts), and what it pays; null when none can yet. */
  next_payout_date: z.string().nullable(),
  next_payout_amount: z.number().int(),
  /** Sent and not yet confirmed. */
  on_the_way: z.number().int(),
  paid_out: z.number().int(),
  minimum_payout: z.number().int(),
  payouts_enabled: z.boolean(),
});
export type WalletDto = z.infer<typeof walletSchema>;

// ---------------------------------------------------------------------------------------
// The admin finance summary (issue: what staff need daily), read from the ledger.

export const financeMonthSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  /** Paid in by clients (into escrow), refunded back, the platform's 20%, sent to engineers. */
  paid_in: z.number().int(),
  refunded: z.number().int(),
  revenue: z.number().int(),
  paid_out: z.number().int(),
});
export const financeSummarySchema = z.object({
  escrow: z.number().int(),
  platform_revenue: z.number().int(),
  /** Earned by engineers and not yet sent. */
  wallets: z.number().int(),
  next_run_date: z.string(),
  due_next_run: z.number().int(),
  due_next_run_count: z.number().int(),
  failed_payouts: z.number().int(),
  failed_payouts_count: z.number().int(),
  months: z.array(financeMonthSchema),
});
export type FinanceSummaryDto = z.infer<typeof financeSummarySchema>;
