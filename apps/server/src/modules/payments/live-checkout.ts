// What other features ask of payments without depending on the rest of it: whether a
// client is paying for a proposal right now (its engineer may not change or withdraw it
// meanwhile), and whether a project has payment records (it can then not be deleted:
// money records are kept).
//
// A checkout whose card was declined reads failed (the client's Payment History shows the
// attempt), yet its session stays open for another card: until it ends it is live.
import { and, eq, gt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type PaymentRow, payments } from '../../db/schema/index.ts';

/** The failure reason of a payment whose card was declined while its checkout is still open. */
export const CARD_DECLINED = 'card_declined';
export const isDeclinedCheckout = (p: Pick<PaymentRow, 'status' | 'failureReason'>): boolean =>
  p.status === 'failed' && p.failureReason === CARD_DECLINED;
/** SQL: a payment that can still be paid through its checkout (pending, or declined and open). */
export const payableCheckout = () =>
  or(
    eq(payments.status, 'pending'),
    and(eq(payments.status, 'failed'), eq(payments.failureReason, CARD_DECLINED)),
  );

export async function hasLiveCheckout(db: DbOrTx, proposalId: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.proposalId, proposalId), payableCheckout(), gt(payments.sessionExpiresAt, now)))
    .limit(1);
  return !!row;
}

export async function hasPaymentRecords(db: DbOrTx, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.projectId, projectId))
    .limit(1);
  return !!row;
}
