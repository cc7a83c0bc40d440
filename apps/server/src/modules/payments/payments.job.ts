// Every minute: finish what an interruption left half done, so no money stays in limbo.
// - Refunds recorded but not (yet) accepted by the provider (the process stopped, or the
//   provider could not be reached) are sent again, with the same idempotency key.
// - Checkouts past their expiry with no word from the provider (an event lost for good)
//   are asked about and settled the way their event would have settled them.
// - Test mode only: the provider's own chores Stripe does by itself — expiring overdue
//   checkout sessions and re-sending events whose delivery failed.
import { and, eq, isNull, lt } from 'drizzle-orm';
import { PaymentProviderError } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import { payments, refunds } from '../../db/schema/index.ts';
import type { Job } from '../../jobs/job.ts';
import { completeCheckout, failCheckout } from './complete-checkout.ts';
import { executeRefund } from './request-refund.ts';

/** How long a checkout may stay silent past its expiry before the provider is asked. */
const SILENT_CHECKOUT_MS = 60 * 60 * 1000;

export async function runPaymentsJob(
  ctx: AppContext,
  opts: { now?: Date; refundRetryAfterMs?: number } = {},
): Promise<{ refundsSent: number; checkoutsSettled: number }> {
  const now = opts.now ?? new Date();
  if (ctx.payments.kind === 'test') {
    await ctx.payments.expireOverdueSessions(now);
    await ctx.payments.redeliverEvents();
  }

  const stuckRefunds = await ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRefundId),
        lt(refunds.createdAt, new Date(now.getTime() - (opts.refundRetryAfterMs ?? 60_000))),
      ),
    )
    .limit(100);
  let refundsSent = 0;
  for (const r of stuckRefunds) if ((await executeRefund(ctx, r.id)).ok) refundsSent += 1;

  const silent = await ctx.db
    .select({ id: payments.id, sessionId: payments.checkoutSessionId })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        lt(payments.sessionExpiresAt, new Date(now.getTime() - SILENT_CHECKOUT_MS)),
      ),
    )
    .limit(100);
  let checkoutsSettled = 0;
  for (const p of silent) {
    if (!p.sessionId) {
      // The session was never recorded: if it was opened and paid, its event still finds
      // this payment by the id in its metadata (and refunds it).
      await ctx.db
        .update(payments)
        .set({ status: 'failed', failureReason: 'abandoned', failedAt: now, updatedAt: now })
        .where(and(eq(payments.id, p.id), eq(payments.status, 'pending')));
      checkoutsSettled += 1;
      continue;
    }
    try {
      const session = await ctx.payments.retrieveCheckoutSession(p.sessionId);
      if (session.status === 'complete') {
        await ctx.transaction((tx) => completeCheckout(ctx, tx, session, now));
        checkoutsSettled += 1;
      } else if (session.status === 'expired') {
        await ctx.transaction((tx) => failCheckout(ctx, tx, session));
        checkoutsSettled += 1;
      }
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      ctx.log.warn({ err, paymentId: p.id }, 'checkout could not be settled yet');
    }
  }
  return { refundsSent, checkoutsSettled };
}

export const paymentsJob: Job = {
  name: 'payments-reconcile',
  schedule: '* * * * *',
  async run(ctx) {
    const done = await runPaymentsJob(ctx);
    if (done.refundsSent || done.checkoutsSettled) ctx.log.info(done, 'payments reconciled');
  },
};
