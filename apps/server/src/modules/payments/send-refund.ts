// Sends a recorded refund to the card provider. Safe to repeat: the idempotency key is the
// refund's id, so a retry (the reconcile job, after an interruption) answers the same provider
// refund. A refund the provider already holds is asked about by its id instead (askRefund):
// Stripe replays a repeated request's first answer, which would say 'pending' forever.
import { and, eq, sql } from 'drizzle-orm';
import { PaymentProviderError, type ProviderRefund } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import { payments, type RefundRow, refunds } from '../../db/schema/index.ts';

export type SendResult =
  | { ok: true; refund: ProviderRefund | null }
  | { ok: false; retrying: boolean; message: string };

export async function executeRefund(ctx: AppContext, refundId: string): Promise<SendResult> {
  const [row] = await ctx.db
    .select({ refund: refunds, paymentIntentId: payments.paymentIntentId, projectId: payments.projectId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (row?.refund.status !== 'pending') return { ok: true, refund: null };
  if (!row.paymentIntentId)
    return { ok: false, retrying: false, message: 'The payment has no charge to refund.' };
  try {
    const providerRefund = await ctx.payments.createRefund({
      paymentIntentId: row.paymentIntentId,
      amountCents: row.refund.amountCents,
      metadata: { refund_id: row.refund.id, payment_id: row.refund.paymentId, project_id: row.projectId },
      idempotencyKey: `refund:${row.refund.id}`,
    });
    // updatedAt says when the provider was last asked: a refund still pending there (some
    // take days) is asked again only after the reconcile job's silent spell, not at every run.
    await ctx.db
      .update(refunds)
      .set({
        providerRefundId: sql`coalesce(${refunds.providerRefundId}, ${providerRefund.id})`,
        updatedAt: new Date(),
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    return { ok: true, refund: providerRefund };
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    // Unreachable provider: the refund stays pending and the reconcile job sends it again.
    if (err.retryable) {
      ctx.log.warn({ err, refundId }, 'refund not sent yet; will retry');
      return { ok: false, retrying: true, message: err.message };
    }
    ctx.log.warn({ err, refundId }, 'refund refused by the provider');
    return { ok: false, retrying: false, message: err.message };
  }
}

/**
 * The reconcile job's question about a pending refund: sent again when the provider never
 * got it, else read back by its id (its status now).
 */
export async function askRefund(ctx: AppContext, refund: RefundRow, now = new Date()): Promise<SendResult> {
  if (!refund.providerRefundId) return executeRefund(ctx, refund.id);
  try {
    const current = await ctx.payments.retrieveRefund(refund.providerRefundId);
    await markAsked(ctx, refund.id, current.id, now);
    return { ok: true, refund: current };
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    ctx.log.warn({ err, refundId: refund.id }, 'refund could not be looked up yet; will retry');
    return { ok: false, retrying: true, message: err.message };
  }
}

/**
 * Records the provider's refund id and when it was last asked (updatedAt): a refund still
 * pending there (some take days) is asked again only after the reconcile job's silent spell.
 */
async function markAsked(
  ctx: AppContext,
  refundId: string,
  providerRefundId: string,
  now = new Date(),
): Promise<void> {
  await ctx.db
    .update(refunds)
    .set({
      providerRefundId: sql`coalesce(${refunds.providerRefundId}, ${providerRefundId})`,
      updatedAt: now,
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}
