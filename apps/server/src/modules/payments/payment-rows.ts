// The rows of payments and refunds, moved only by the deal's operations (modules/deals):
// small guarded steps taking the operation's transaction. Each answers the row it changed,
// or null when the row was not in the expected state.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ProviderRefund } from '../../adapters/payments/payments.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type PaymentRow, payments, type RefundRow, refunds } from '../../db/schema/index.ts';

export async function lockPayment(tx: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/** The payment's refund asked for or done, if any. */
export async function liveRefundOf(tx: DbOrTx, paymentId: string): Promise<RefundRow | undefined> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, ['pending', 'succeeded'])));
  return row;
}

/** Records a refund to send; null when one is already under way (a unique index decides races). */
export async function insertRefund(
  tx: DbOrTx,
  values: { paymentId: string; amountCents: number; reason: RefundRow['reason']; requestedBy: string | null },
): Promise<RefundRow | null> {
  const [row] = await tx.insert(refunds).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Our refund row for a provider refund: by its provider id, or by our id in its metadata. */
export async function refundOfProvider(tx: DbOrTx, refund: ProviderRefund): Promise<RefundRow | undefined> {
  const [byProvider] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, refund.id));
  if (byProvider) return byProvider;
  const id = refund.metadata.refund_id;
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const [byId] = await tx.select().from(refunds).where(eq(refunds.id, id));
  return byId;
}

export async function lockRefund(tx: DbOrTx, id: string): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  return row;
}

/** pending or failed -> succeeded (a refund marked failed can still succeed later: money back counts). */
export async function markRefundSucceeded(
  tx: DbOrTx,
  id: string,
  providerRefundId: string,
  now: Date,
): Promise<RefundRow | null> {
  const [row] = await tx
    .update(refunds)
    .set({ status: 'succeeded', providerRefundId, completedAt: now, failureReason: null, updatedAt: now })
    .where(and(eq(refunds.id, id), inArray(refunds.status, ['pending', 'failed'])))
    .returning();
  return row ?? null;
}

/** pending -> failed. */
export async function markRefundFailed(tx: DbOrTx, id: string, reason: string): Promise<RefundRow | null> {
  const [row] = await tx
    .update(refunds)
    .set({ status: 'failed', failureReason: reason.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row ?? null;
}

/** succeeded -> refunded (the whole payment went back). */
export async function markPaymentRefunded(tx: DbOrTx, id: string, now: Date): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(payments)
    .set({ status: 'refunded', refundedAt: now, updatedAt: now })
    .where(and(eq(payments.id, id), eq(payments.status, 'succeeded')))
    .returning();
  return row ?? null;
}

/** Marks the escrow of a succeeded payment released (to the engineer, whole or split). */
export async function markPaymentReleased(tx: DbOrTx, id: string, now: Date): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(payments)
    .set({ releasedAt: now, updatedAt: now })
    .where(and(eq(payments.id, id), eq(payments.status, 'succeeded'), isNull(payments.releasedAt)))
    .returning();
  return row ?? null;
}
