// The payout run (docs/PRODUCT.md#what-it-does; docs/PRODUCT.md#project-lifecycle): on Sundays (modules/index.ts `featureJobs`)
// or by hand (`npm run payouts:run -- --date YYYY-MM-DD`), every due payout of engineers
// whose payout account has payouts enabled and whose due total reaches 10 USD is sent to
// their connected account; the rest waits for a later run.
//
// Exactly once, whatever happens to the process:
// - one run at a time across instances: a lock that holds no transaction open and that the
//   database gives back if the process dies (Database.tryLock);
// - each payout is claimed in its own short transaction (initiated/failed -> pending,
//   `attempt` + 1, the money moved from the wallet to payouts clearing in the ledger under
//   a key naming the attempt), guarded by its status;
// - the provider is called outside any transaction with `payout:{id}:{attempt}` as
//   idempotency key, and its answer recorded in another short transaction;
// - a payout left `pending` by a run that stopped is settled first by the next run: it asks
//   the provider whether that attempt's transfer exists (findTransfer) before sending it
//   again with the same key, so a transfer is never made twice.
// A refused transfer fails the payout: the money goes back to the wallet through the ledger,
// the engineer is told, and the next run tries again.
import { formatCents, nextPayoutRunDate, type PayoutCandidate, payablePayouts } from '@app/shared';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { PaymentProviderError, type ProviderTransfer } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type PayoutRow, payments, payoutAccounts, payouts, projects, users } from '../../db/schema/index.ts';
import { mailEvent, notify } from '../notifications/index.ts';
import { appendRecord } from '../record-chain/index.ts';
import { backToWallet, sendFromWallet } from './payout-postings.ts';

export type PayoutRunResult = {
  /** Another run held the lock: this one did nothing. */
  skipped: boolean;
  paid: number;
  failed: number;
  /** Left pending: the provider could not be reached; the next run settles them. */
  retrying: number;
};

type Sendable = PayoutRow & { destination: string | null; transferGroup: string; projectTitle: string };

const RUN_LOCK = 'payout-run';

export async function runPayouts(
  ctx: AppContext,
  opts: { date: string; onSettled?: (payout: PayoutRow, outcome: 'paid' | 'failed' | 'retrying') => void },
): Promise<PayoutRunResult> {
  const result: PayoutRunResult = { skipped: false, paid: 0, failed: 0, retrying: 0 };
  const release = await ctx.database.tryLock(RUN_LOCK);
  if (!release) return { ...result, skipped: true };
  try {
    const count = (payout: PayoutRow, outcome: 'paid' | 'failed' | 'retrying') => {
      result[outcome] += 1;
      opts.onSettled?.(payout, outcome);
    };
    // Claimed by a run that stopped before recording the provider's answer.
    for (const payout of await sendable(ctx.db, eq(payouts.status, 'pending')))
      count(payout, await settle(ctx, payout, { resumed: true }));

    const candidates = await sendable(
      ctx.db,
      and(inArray(payouts.status, ['initiated', 'failed']), lte(payouts.payoutDate, opts.date)),
    );
    const chosen = payablePayouts(
      candidates.map(
        (p) => ({ ...p, payoutsEnabled: p.destination !== null }) satisfies PayoutCandidate & Sendable,
      ),
      opts.date,
    );
    for (const candidate of chosen) {
      const claimed = await claim(ctx, candidate);
      if (claimed) count(claimed, await settle(ctx, { ...candidate, ...claimed }, { resumed: false }));
    }
    return result;
  } finally {
    await release();
  }
}

/** Payouts with what sending them needs: the connected account (null unless payouts are enabled) and the project. */
async function sendable(db: DbOrTx, where: ReturnType<typeof and>): Promise<Sendable[]> {
  const rows = await db
    .select({
      payout: payouts,
      destination: payoutAccounts.providerAccountId,
      payoutsEnabled: payoutAccounts.payoutsEnabled,
      transferGroup: payments.projectId,
      projectTitle: projects.title,
    })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .innerJoin(projects, eq(projects.id, payments.projectId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, payouts.engineerId))
    .where(where)
    .orderBy(payouts.payoutDate, payouts.createdAt);
  return rows.map((r) => ({
    ...r.payout,
    destination: r.payoutsEnabled ? r.destination : null,
    transferGroup: r.transferGroup,
    projectTitle: r.projectTitle,
  }));
}

/** initiated/failed -> pending with the next attempt number; the money leaves the wallet. */
async function claim(ctx: AppContext, p: Sendable): Promise<PayoutRow | null> {
  return ctx.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(payouts)
      .set({ status: 'pending', attempt: p.attempt + 1, claimedAt: now, failureReason: null, updatedAt: now })
      .where(
        and(
          eq(payouts.id, p.id),
          eq(payouts.attempt, p.attempt),
          inArray(payouts.status, ['initiated', 'failed']),
        ),
      )
      .returning();
    if (!claimed) return null;
    await sendFromWallet(tx, claimed);
    return claimed;
  });
}

/** Sends a claimed payout (or learns that an earlier run did) and records the answer. */
async function settle(
  ctx: AppContext,
  p: Sendable,
  { resumed }: { resumed: boolean },
): Promise<'paid' | 'failed' | 'retrying'> {
  let sent: ProviderTransfer | null = null;
  try {
    if (resumed)
      sent = await ctx.payments.findTransfer({
        transferGroup: p.transferGroup,
        payoutId: p.id,
        attempt: p.attempt,
      });
    if (!sent) {
      if (!p.destination) {
        await failPayout(ctx, p, 'The payout account cannot receive payouts yet.');
        return 'failed';
      }
      sent = await ctx.payments.createTransfer({
        amountCents: p.amountCents,
        currency: p.currency,
        destination: p.destination,
        transferGroup: p.transferGroup,
        metadata: { payout_id: p.id, attempt: String(p.attempt), engineer_id: p.engineerId },
        idempotencyKey: `payout:${p.id}:${p.attempt}`,
      });
    }
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    if (err.retryable) {
      ctx.log.warn({ err, payoutId: p.id }, 'payout not sent yet; the next run settles it');
      return 'retrying';
    }
    await failPayout(ctx, p, err.message);
    return 'failed';
  }
  if (sent.reversed) {
    await failPayout(ctx, p, 'The transfer was reversed.');
    return 'failed';
  }
  await ctx.transaction(async (tx) => {
    const now = new Date();
    const [paid] = await tx
      .update(payouts)
      .set({ status: 'succeeded', providerTransferId: sent.id, paidAt: now, updatedAt: now })
      .where(and(eq(payouts.id, p.id), eq(payouts.attempt, p.attempt), eq(payouts.status, 'pending')))
      .returning();
    if (!paid) return;
    await announcePaid(ctx, tx, p);
    await recordPayout(tx, paid, 'payout_paid', { transfer_id: sent.id });
  });
  return 'paid';
}

/**
 * A payout the provider refused (or reversed): failed, its money back in the wallet, the
 * engineer told. Also the `transfer.reversed` event's effect (payouts.events.ts).
 */
export async function failPayout(
  ctx: AppContext,
  p: PayoutRow & { projectTitle?: string },
  reason: string,
  tx?: DbOrTx,
): Promise<boolean> {
  const apply = async (t: DbOrTx) => {
    const now = new Date();
    const [failed] = await t
      .update(payouts)
      .set({ status: 'failed', failureReason: reason, updatedAt: now })
      .where(
        and(
          eq(payouts.id, p.id),
          eq(payouts.attempt, p.attempt),
          inArray(payouts.status, ['pending', 'succeeded']),
        ),
      )
      .returning();
    if (!failed) return false;
    await backToWallet(t, failed);
    await announceFailed(ctx, t, failed, reason);
    await recordPayout(t, failed, 'payout_failed', { reason });
    return true;
  };
  return tx ? apply(tx) : ctx.transaction(apply);
}

/** A payout's line in its project's record. */
async function recordPayout(
  tx: DbOrTx,
  payout: PayoutRow,
  type: 'payout_paid' | 'payout_failed',
  extra: Record<string, unknown>,
) {
  const [payment] = await tx
    .select({ projectId: payments.projectId })
    .from(payments)
    .where(eq(payments.id, payout.paymentId));
  await appendRecord(tx, payment.projectId, {
    type,
    actorId: null,
    data: { payout_id: payout.id, attempt: payout.attempt, amount_cents: payout.amountCents, ...extra },
  });
}

async function engineerOf(db: DbOrTx, id: string) {
  const [u] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return u;
}

const walletLink = (engineerId: string) => `/engineer_dashboard/${engineerId}`;

async function announcePaid(ctx: AppContext, tx: DbOrTx, p: Sendable) {
  const engineer = await engineerOf(tx, p.engineerId);
  const amount = formatCents(p.amountCents);
  await notify(
    ctx,
    engineer.id,
    `Your payout of ${amount} for "${p.projectTitle}" was sent to your payout account.`,
    walletLink(engineer.id),
    tx,
  );
  await mailEvent(ctx, tx, engineer.email, {
    subject: 'Payout sent',
    lines: [
      `Hello ${engineer.fullName},`,
      `We sent ${amount} for "${p.projectTitle}" to your payout account. Your bank usually shows it within a few business days.`,
    ],
    action: { label: 'Open your payout history', url: `${ctx.config.publicUrl}/#${walletLink(engineer.id)}` },
  });
}

async function announceFailed(ctx: AppContext, tx: DbOrTx, p: PayoutRow, reason: string) {
  const engineer = await engineerOf(tx, p.engineerId);
  const amount = formatCents(p.amountCents);
  const next = nextPayoutRunDate(new Date(Date.now() + 24 * 60 * 60 * 1000));
  await notify(
    ctx,
    engineer.id,
    `Your payout of ${amount} could not be sent: ${reason} The money is back in your wallet; we will try again on ${next}.`,
    walletLink(engineer.id),
    tx,
  );
  await mailEvent(ctx, tx, engineer.email, {
    subject: 'Payout not sent',
    lines: [
      `Hello ${engineer.fullName},`,
      `We could not send your payout of ${amount}: ${reason}`,
      `The money is back in your wallet. Check your payout account in your dashboard (Stripe Wallet); the next payout run, on ${next}, will try again.`,
    ],
    action: { label: 'Open your dashboard', url: `${ctx.config.publicUrl}/#${walletLink(engineer.id)}` },
  });
}
