// Every minute, under one lock across instances: what keeps every deal moving when nobody acts.
// - Auto-release and its reminders (auto-release.ts).
// - Deal events some handler has not handled (a process stopped after the commit).
// - Refunds recorded but not accepted by the provider: sent again with the same idempotency
//   key; accepted but with no word for 10 minutes: read back by id. An ended one is applied as
//   its event would be ('refundChecked': the way out of `refunding` when the provider is silent).
// - Checkouts past their expiry with no word from the provider: asked about and settled.
// - Test mode only: the provider's own chores Stripe does by itself (expiring overdue checkout
//   sessions, succeeding due pending refunds, re-sending events whose delivery failed).
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { PaymentProviderError } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import { payments, refunds } from '../../db/schema/index.ts';
import type { Job } from '../../jobs/job.ts';
import { askRefund, payableCheckout } from '../payments/index.ts';
import { runAutoRelease } from './auto-release.ts';
import { completeCheckout, failCheckout } from './complete-checkout.ts';
import { applyRefundEvent, failRefund } from './complete-refund.ts';
import { unhandledEventIds } from './deal-events.ts';
import { dealTransaction, dispatchPending } from './deal-transaction.ts';
import { DEAL_EVENT_HANDLERS } from './handlers/index.ts';

/** How long a checkout may stay silent past its expiry before the provider is asked. */
const SILENT_CHECKOUT_MS = 60 * 60 * 1000;
/** How long a refund sent to the provider may stay without an event before it is asked again. */
const SILENT_REFUND_MS = 10 * 60 * 1000;

export async function runDealsJob(
  ctx: AppContext,
  opts: { now?: Date; refundRetryAfterMs?: number } = {},
): Promise<{
  refundsSent: number;
  checkoutsSettled: number;
  released: number;
  reminded: number;
  redispatched: number;
}> {
  const now = opts.now ?? new Date();
  if (ctx.payments.kind === 'test') {
    await ctx.payments.expireOverdueSessions(now);
    await ctx.payments.redeliverEvents();
    await ctx.payments.settlePendingRefunds(now);
  }
  const { released, reminded } = await runAutoRelease(ctx, now);

  const pending = await unhandledEventIds(ctx, DEAL_EVENT_HANDLERS, now);
  await dispatchPending(ctx, pending);

  const stuckRefunds = await ctx.db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        or(
          and(
            isNull(refunds.providerRefundId),
            lt(refunds.createdAt, new Date(now.getTime() - (opts.refundRetryAfterMs ?? 60_000))),
          ),
          lt(refunds.updatedAt, new Date(now.getTime() - SILENT_REFUND_MS)),
        ),
      ),
    )
    .limit(100);
  let refundsSent = 0;
  for (const r of stuckRefunds) {
    const sent = await askRefund(ctx, r, now);
    if (sent.ok) {
      refundsSent += 1;
      const answer = sent.refund;
      if (answer && answer.status !== 'pending' && answer.status !== 'requires_action')
        await dealTransaction(ctx, (tx, events) =>
          applyRefundEvent(ctx, tx, events, answer, 'refundChecked'),
        );
    } else if (!sent.retrying)
      await dealTransaction(ctx, (tx, events) => failRefund(tx, events, r, sent.message, 'refundChecked'));
  }

  const silent = await ctx.db
    .select({ id: payments.id, sessionId: payments.checkoutSessionId })
    .from(payments)
    .where(
      and(
        // A declined checkout stayed open for another card: it may have been paid since.
        payableCheckout(),
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
        await dealTransaction(ctx, (tx, events) => completeCheckout(ctx, tx, events, session, now));
        checkoutsSettled += 1;
      } else if (session.status === 'expired') {
        await dealTransaction(ctx, (tx) => failCheckout(ctx, tx, session));
        checkoutsSettled += 1;
      }
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      ctx.log.warn({ err, paymentId: p.id }, 'checkout could not be settled yet');
    }
  }
  return { refundsSent, checkoutsSettled, released, reminded, redispatched: pending.length };
}

export const dealsJob: Job = {
  name: 'deals',
  schedule: '* * * * *',
  async run(ctx) {
    const done = await runDealsJob(ctx);
    if (Object.values(done).some((n) => n > 0)) ctx.log.info(done, 'deals moved by the clock');
  },
};
