// POST /api/payments/refund ('refund'): the client who paid asks for their money back within
// 24 hours, until the first deliverable (docs/PRODUCT.md#money; an engineer's problem report in
// that time does not take it away). The refund is recorded and the deal moves to `refunding`;
// after the commit it is sent to the provider with the refund's id as idempotency key, and the
// provider's answer ends it (complete-refund.ts). A provider that refuses at once puts the
// deal back where it was, and the client gets the provider's reason.
import { PAYMENT_MESSAGES, refundRefusal } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payments, type RefundRow } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { canRequestRefund, executeRefund, insertRefund } from '../payments/index.ts';
import { lockProject } from '../projects/index.ts';
import { failRefund } from './complete-refund.ts';
import { dealOfPayment } from './deal-rows.ts';
import { assertAllowed, moveDeal } from './deal-state.ts';
import { dealTransaction } from './deal-transaction.ts';
import { refundFacts } from './deals.policy.ts';

export async function requestRefund(ctx: AppContext, caller: Actor, paymentId: string): Promise<RefundRow> {
  const [found] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!found) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
  authorize(canRequestRefund(caller, found), PAYMENT_MESSAGES.refundNotYours);
  const refund = await dealTransaction(ctx, async (tx, events) => {
    await lockProject(tx, found.projectId);
    const deal = await dealOfPayment(tx, paymentId);
    if (!deal)
      throw conflict(
        found.status === 'refunded' ? PAYMENT_MESSAGES.alreadyRefunded : PAYMENT_MESSAGES.refundNotSucceeded,
      );
    const refusal = refundRefusal(refundFacts(deal, new Date()));
    if (refusal) throw conflict(refusal);
    assertAllowed('refund', deal);
    const row = await insertRefund(tx, {
      paymentId,
      amountCents: deal.amountCents,
      reason: 'requested_by_customer',
      requestedBy: caller.id,
    });
    if (!row) throw conflict(PAYMENT_MESSAGES.refundInProgress);
    await moveDeal(tx, deal, 'refund', 'refunding', { resumeState: deal.state });
    events.emit({
      type: 'RefundRequested',
      projectId: deal.projectId,
      dealId: deal.id,
      actorId: caller.id,
      by: 'client',
      amountCents: deal.amountCents,
    });
    return row;
  });
  await sendOrUndo(ctx, refund);
  return refund;
}

/**
 * Sends a recorded refund; when the provider refuses it outright, the deal goes back where it
 * was (and a staff decision is open again) and the caller gets the provider's reason. An
 * unreachable provider leaves it to the reconcile job.
 */
export async function sendOrUndo(ctx: AppContext, refund: RefundRow): Promise<void> {
  const sent = await executeRefund(ctx, refund.id);
  if (sent.ok || sent.retrying) return;
  await dealTransaction(ctx, (tx, events) => failRefund(tx, events, refund, sent.message));
  throw new AppError('PROVIDER_ERROR', `${PAYMENT_MESSAGES.refundFailed} ${sent.message}`);
}
