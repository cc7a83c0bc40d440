// The three movements of a payment's money, as ledger postings. Each is keyed by the
// payment, so whatever triggers it (an event, a retry, the demo seed) it posts once.
// Releasing a deal's escrow (the client accepted a submission) also marks its payment.
// `at` dates a posting in the past (the demo seed); the product posts at the present.
import { SUBMISSION_MESSAGES, splitFee } from '@app/shared';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type PaymentRow, payments, refunds } from '../../db/schema/index.ts';
import { accounts, post, transfer } from '../ledger/ledger.service.ts';
import { appendRecord } from '../project-record/append-record.ts';

type Money = { id: string; projectId: string; customerId: string; engineerId: string; amountCents: number };

/** The client's payment lands in the project's escrow. */
export const captureIntoEscrow = (tx: DbOrTx, p: Money, at?: Date) =>
  post(tx, {
    at,
    sourceKey: `capture:${p.id}`,
    kind: 'capture',
    paymentId: p.id,
    memo: `Payment for project ${p.projectId} into escrow`,
    entries: transfer(accounts.client(p.customerId), accounts.escrow(p.projectId), p.amountCents),
  });

/** The escrow goes back to the client (a refund). */
export const refundFromEscrow = (tx: DbOrTx, p: Money, at?: Date) =>
  post(tx, {
    at,
    sourceKey: `refund:${p.id}`,
    kind: 'refund',
    paymentId: p.id,
    memo: `Refund of payment for project ${p.projectId}`,
    entries: transfer(accounts.escrow(p.projectId), accounts.client(p.customerId), p.amountCents),
  });

/** The escrow is released: 80% to the engineer's wallet, 20% to the platform (splitFee). */
export const releaseFromEscrow = (tx: DbOrTx, p: Money, at?: Date) => {
  const { platformFeeCents, engineerCents } = splitFee(p.amountCents);
  return post(tx, {
    at,
    sourceKey: `release:${p.id}`,
    kind: 'release',
    paymentId: p.id,
    memo: `Release of escrow for project ${p.projectId}`,
    entries: [
      { account: accounts.escrow(p.projectId), amountCents: -p.amountCents },
      { account: accounts.wallet(p.engineerId), amountCents: engineerCents },
      ...(platformFeeCents > 0
        ? [{ account: accounts.platformRevenue(), amountCents: platformFeeCents }]
        : []),
    ],
  });
};

/**
 * Releases the escrow of a project's deal (the client accepted a submission): the payment
 * that made the deal, succeeded and neither released nor being refunded, is marked
 * released and split 80/20 into the engineer's wallet and the platform's revenue. Call it
 * with the project locked (lockProject), as every payment operation does. Answers the
 * payment and the engineer's share, or why nothing can be released.
 */
export async function releaseDealEscrow(
  tx: DbOrTx,
  projectId: string,
  now: Date,
): Promise<{ ok: true; payment: PaymentRow; engineerCents: number } | { ok: false; message: string }> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.projectId, projectId),
        eq(payments.status, 'succeeded'),
        isNotNull(payments.honouredAt),
        isNull(payments.releasedAt),
      ),
    )
    .for('update');
  if (!payment) return { ok: false, message: SUBMISSION_MESSAGES.noEscrow };
  const [refunding] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'pending')));
  if (refunding) return { ok: false, message: SUBMISSION_MESSAGES.refundPending };
  const [released] = await tx
    .update(payments)
    .set({ releasedAt: now, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'succeeded'), isNull(payments.releasedAt)))
    .returning();
  if (!released) return { ok: false, message: SUBMISSION_MESSAGES.noEscrow };
  await releaseFromEscrow(tx, released, now);
  const { engineerCents, platformFeeCents } = splitFee(released.amountCents);
  await appendRecord(tx, projectId, {
    type: 'escrow_released',
    actorId: null,
    data: {
      payment_id: released.id,
      amount_cents: released.amountCents,
      engineer_cents: engineerCents,
      platform_fee_cents: platformFeeCents,
    },
    at: now,
  });
  return { ok: true, payment: released, engineerCents };
}
