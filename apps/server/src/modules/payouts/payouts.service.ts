// Payouts: what the platform owes engineers for accepted work. A payout is created when a
// deal's escrow is released (decide-submission.ts), for the engineer's 80%, due on the
// Sunday of the following week (payoutDueDate in @app/shared).
import { CURRENCY, payoutDueDate } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type PaymentRow, type PayoutRow, payouts } from '../../db/schema/index.ts';

/** The payout of a released payment; one per payment (a second call answers the first). */
export async function createPayoutForRelease(
  tx: DbOrTx,
  release: { submissionId: string; payment: PaymentRow; engineerCents: number; releasedAt: Date },
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
