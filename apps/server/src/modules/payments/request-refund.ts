// POST /api/payments/refund: the client who paid asks for their money back within 24
// hours (spec §4, §5; decisions.md 'Money'). The request is recorded first (one live
// refund per payment, by a unique index), then sent to the provider with the refund's
// id as idempotency key. The provider's refund event completes it (complete-refund.ts).
import { PAYMENT_MESSAGES, refundRefusal } from '@app/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { PaymentProviderError } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import { payments, type RefundRow, refunds } from '../../db/schema/index.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { lockProject } from '../projects/projects.service.ts';
import { canRequestRefund } from './payments.policy.ts';

export async function requestRefund(ctx: AppContext, caller: Actor, paymentId: string): Promise<RefundRow> {
  const refund = await ctx.transaction(async (tx) => {
    const [found] = await tx
      .select({ projectId: payments.projectId, customerId: payments.customerId })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!found) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    if (!canRequestRefund(caller, found)) throw forbidden(PAYMENT_MESSAGES.refundNotYours);
    const project = await lockProject(tx, found.projectId);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    const [live] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, ['pending', 'succeeded'])));
    const refusal = refundRefusal({
      status: payment.status,
      succeededAt: payment.succeededAt,
      projectStatus: project?.status ?? 'closed',
      released: !!payment.releasedAt,
      refundPending: !!live,
      now: new Date(),
    });
    if (refusal) throw conflict(refusal);
    const [row] = await tx
      .insert(refunds)
      .values({
        paymentId,
        amountCents: payment.amountCents,
        reason: 'requested_by_customer',
        requestedBy: caller.id,
      })
      .returning();
    return row;
  });
  const sent = await executeRefund(ctx, refund.id);
  if (!sent.ok && !sent.retrying)
    throw new AppError('PROVIDER_ERROR', `${PAYMENT_MESSAGES.refundFailed} ${sent.message}`);
  return refund;
}

/**
 * Sends a recorded refund to the provider. Safe to repeat (the idempotency key is the
 * refund's id): the refund job retries refunds whose sending was interrupted.
 */
export async function executeRefund(
  ctx: AppContext,
  refundId: string,
): Promise<{ ok: true } | { ok: false; retrying: boolean; message: string }> {
  const [row] = await ctx.db
    .select({ refund: refunds, paymentIntentId: payments.paymentIntentId, projectId: payments.projectId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (row?.refund.status !== 'pending') return { ok: true };
  if (!row.paymentIntentId)
    return { ok: false, retrying: false, message: 'The payment has no charge to refund.' };
  try {
    const providerRefund = await ctx.payments.createRefund({
      paymentIntentId: row.paymentIntentId,
      amountCents: row.refund.amountCents,
      metadata: { refund_id: row.refund.id, payment_id: row.refund.paymentId, project_id: row.projectId },
      idempotencyKey: `refund:${row.refund.id}`,
    });
    await ctx.db
      .update(refunds)
      .set({ providerRefundId: providerRefund.id, updatedAt: new Date() })
      .where(and(eq(refunds.id, refundId), isNull(refunds.providerRefundId)));
    return { ok: true };
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    // Unreachable provider: the refund stays pending and the refund job sends it again.
    if (err.retryable) {
      ctx.log.warn({ err, refundId }, 'refund not sent yet; will retry');
      return { ok: false, retrying: true, message: err.message };
    }
    ctx.log.warn({ err, refundId }, 'refund refused by the provider');
    await ctx.db
      .update(refunds)
      .set({ status: 'failed', failureReason: err.message, updatedAt: new Date() })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    return { ok: false, retrying: false, message: err.message };
  }
}
