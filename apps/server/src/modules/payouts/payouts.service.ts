// Payouts: what the platform owes engineers for accepted work. A payout is created when a
// deal's escrow is released (decide-submission.ts, or staff settling a dispute), for the
// engineer's 80%, due on the Sunday of the following week (payoutDueDate in @app/shared),
// and paid by the payout run (payout-run.ts). The wallet is read from the ledger.
import {
  CURRENCY,
  MIN_PAYOUT_CENTS,
  nextPayoutRunDate,
  PAYOUT_MESSAGES,
  type PayoutDto,
  payablePayouts,
  payoutDueDate,
  planPayouts,
  splitFee,
  type WalletDto,
  type WalletTransactionDto,
  walletTransactionStatus,
} from '@app/shared';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  type PaymentRow,
  type PayoutRow,
  payments,
  payoutAccounts,
  payouts,
  projects,
} from '../../db/schema/index.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { accounts, balanceOf } from '../ledger/index.ts';
import { canReadWallet } from './payouts.policy.ts';

/** The payout of a released payment; one per payment (a second call answers the first). */
export async function createPayoutForRelease(
  tx: DbOrTx,
  release: { submissionId: string | null; payment: PaymentRow; engineerCents: number; releasedAt: Date },
): Promise<PayoutRow> {
  const [created] = await tx
    .insert(payouts)
    .values({
      submissionId: release.submissionId,
      paymentId: release.payment.id,
      engineerId: release.payment.engineerId,
      amountCents: release.engineerCents,
      currency: release.payment.currency ?? CURRENCY,
      payoutDate: payoutDueDate(release.releasedAt),
    })
    .onConflictDoNothing({ target: payouts.paymentId })
    .returning();
  if (created) return created;
  const [existing] = await tx.select().from(payouts).where(eq(payouts.paymentId, release.payment.id));
  return existing;
}

async function payoutsOf(db: DbOrTx, engineerId: string) {
  return db
    .select({
      payout: payouts,
      projectId: payments.projectId,
      projectTitle: projects.title,
      gross: payments.amountCents,
      releasedAt: payments.releasedAt,
    })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .innerJoin(projects, eq(projects.id, payments.projectId))
    .where(eq(payouts.engineerId, engineerId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id));
}

async function payoutsEnabledOf(db: DbOrTx, engineerId: string): Promise<boolean> {
  const [account] = await db
    .select({ enabled: payoutAccounts.payoutsEnabled })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, engineerId));
  return !!account?.enabled;
}

/** Each payout with the plan of the run that will pay it (planPayouts, the run's rule). */
async function plannedPayoutsOf(db: DbOrTx, engineerId: string, now: Date) {
  const [rows, payoutsEnabled] = await Promise.all([
    payoutsOf(db, engineerId),
    payoutsEnabledOf(db, engineerId),
  ]);
  const plans = planPayouts(
    rows.map((r) => r.payout),
    { today: now, payoutsEnabled },
  );
  return rows.map((r) => ({
    ...r,
    plan: plans.get(r.payout.id) ?? { run_date: null, reason: 'paid' as const },
  }));
}

/** GET /api/payout/user/{userId}: the Payout History tab, newest first. */
export async function listPayouts(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  now = new Date(),
): Promise<PayoutDto[]> {
  authorize(canReadWallet(actor, userId), PAYOUT_MESSAGES.onlyOwn);
  return (await plannedPayoutsOf(ctx.db, userId, now)).map(
    ({ payout: p, projectId, projectTitle, plan }) => ({
      id: p.id,
      submission_id: p.submissionId,
      project_id: projectId,
      project_title: projectTitle,
      amount: p.amountCents,
      currency: p.currency,
      status: p.status,
      payout_date: p.payoutDate,
      created_at: p.createdAt.toISOString(),
      paid_at: p.paidAt?.toISOString() ?? null,
      failure_reason: p.failureReason,
      plan,
    }),
  );
}

/** GET /api/wallet/payouts/user/{userId}: each release to the wallet with its payout's state. */
export async function listWalletTransactions(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  now = new Date(),
): Promise<WalletTransactionDto[]> {
  authorize(canReadWallet(actor, userId), PAYOUT_MESSAGES.onlyOwn);
  return (await plannedPayoutsOf(ctx.db, userId, now)).map(
    ({ payout: p, projectId, projectTitle, gross, releasedAt, plan }) => ({
      id: p.id,
      project_id: projectId,
      project_title: projectTitle,
      gross_cents: gross,
      fee_cents: splitFee(gross).platformFeeCents,
      amount: p.amountCents,
      status: walletTransactionStatus(p.status),
      payout_status: p.status,
      released_at: (releasedAt ?? p.createdAt).toISOString(),
      payout_date: p.payoutDate,
      paid_at: p.paidAt?.toISOString() ?? null,
      failure_reason: p.failureReason,
      plan,
    }),
  );
}

/** GET /api/wallet/{userId}: the balance (from the ledger) and what the next run will do with it. */
export async function getWallet(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  now = new Date(),
): Promise<WalletDto> {
  authorize(canReadWallet(actor, userId), PAYOUT_MESSAGES.onlyOwn);
  const [rows, [account], amount] = await Promise.all([
    ctx.db.select().from(payouts).where(eq(payouts.engineerId, userId)),
    ctx.db
      .select({ enabled: payoutAccounts.payoutsEnabled })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, userId)),
    balanceOf(ctx.db, accounts.wallet(userId)),
  ]);
  const payoutsEnabled = !!account?.enabled;
  const nextRun = nextPayoutRunDate(now);
  const waiting = rows.filter((p) => p.status === 'initiated' || p.status === 'failed');
  const sum = (list: PayoutRow[]) => list.reduce((n, p) => n + p.amountCents, 0);
  const plans = planPayouts(rows, { today: now, payoutsEnabled });
  const runDates = rows.map((p) => plans.get(p.id)?.run_date).filter((d): d is string => !!d);
  const nextPayoutDate = runDates.length ? runDates.sort()[0] : null;
  return {
    amount,
    due_next_run: sum(
      payablePayouts(
        waiting.map((p) => ({ ...p, payoutsEnabled })),
        nextRun,
      ),
    ),
    next_run_date: nextRun,
    next_payout_date: nextPayoutDate,
    next_payout_amount: sum(
      rows.filter((p) => nextPayoutDate && plans.get(p.id)?.run_date === nextPayoutDate),
    ),
    on_the_way: sum(rows.filter((p) => p.status === 'pending')),
    paid_out: sum(rows.filter((p) => p.status === 'succeeded')),
    minimum_payout: MIN_PAYOUT_CENTS,
    payouts_enabled: payoutsEnabled,
  };
}
