// The provider's word on a refund (refund.created / refund.updated / refund.failed),
// applied inside the transaction that records the event.
//
// Succeeded: the payment becomes refunded and the escrow goes back to the client. When
// the payment had made the deal, the deal is undone: the accepted proposal is rejected,
// the proposals rejected because of it are pending again, the project is open again and
// the chat room takes no new messages — except after a dispute settled for the client
// (reason 'dispute'), which closes the project instead. Failed: the refund is marked failed and the
// client told; the payment stays as it was.
import { and, eq, inArray } from 'drizzle-orm';
import type { ProviderRefund } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { payments, type RefundRow, refunds } from '../../db/schema/index.ts';
import { closeDealRoom } from '../chat/rooms.ts';
import { reopenDispute } from '../disputes/disputes.service.ts';
import { appendRecord } from '../project-record/append-record.ts';
import { lockProject, reopenProject, settleProblem } from '../projects/projects.service.ts';
import { unwindAcceptance } from '../proposals/proposals.service.ts';
import { announceRefund, announceRefundFailed } from './deal-notices.ts';
import { refundFromEscrow } from './escrow.ts';
import { loadDeal } from './payments.service.ts';

/** Our refund row for a provider refund: by its provider id, by our id in its metadata, or none. */
async function refundOf(tx: Tx, refund: ProviderRefund): Promise<RefundRow | undefined> {
  const [byProvider] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, refund.id));
  if (byProvider) return byProvider;
  const id = refund.metadata.refund_id;
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const [byId] = await tx.select().from(refunds).where(eq(refunds.id, id));
  return byId;
}

/**
 * A refund made at the provider directly (e.g. in Stripe's dashboard): recorded as ours
 * when it returns the whole of a payment whose money is still in escrow. Anything else
 * (partial, or after release) cannot be mirrored by the product and is left to staff.
 */
async function adoptProviderRefund(ctx: AppContext, tx: Tx, refund: ProviderRefund) {
  if (!refund.paymentIntentId) return undefined;
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.paymentIntentId, refund.paymentIntentId));
  if (!payment) return undefined;
  if (payment.status !== 'succeeded' || payment.releasedAt || refund.amountCents !== payment.amountCents) {
    ctx.log.error(
      { refundId: refund.id, paymentId: payment.id, amount: refund.amountCents },
      'a refund made at the provider cannot be applied: staff must settle this payment',
    );
    return undefined;
  }
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amountCents: refund.amountCents,
      reason: 'provider',
      providerRefundId: refund.id,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function applyRefundEvent(ctx: AppContext, tx: Tx, refund: ProviderRefund): Promise<void> {
  const ours =
    (await refundOf(tx, refund)) ??
    (refund.status === 'succeeded' ? await adoptProviderRefund(ctx, tx, refund) : undefined);
  if (!ours) return;
  if (refund.status === 'succeeded') await completeRefund(ctx, tx, ours, refund.id);
  else if (refund.status === 'failed' || refund.status === 'canceled')
    await failRefund(ctx, tx, ours, refund);
}

async function lockRefund(tx: Tx, refund: RefundRow) {
  const [payment0] = await tx.select().from(payments).where(eq(payments.id, refund.paymentId));
  const project = await lockProject(tx, payment0.projectId);
  const [payment] = await tx.select().from(payments).where(eq(payments.id, refund.paymentId)).for('update');
  const [locked] = await tx.select().from(refunds).where(eq(refunds.id, refund.id)).for('update');
  return { project, payment, refund: locked };
}

async function completeRefund(
  ctx: AppContext,
  tx: Tx,
  row: RefundRow,
  providerRefundId: string,
): Promise<void> {
  const { project, payment, refund } = await lockRefund(tx, row);
  if (refund.status === 'succeeded') return; // handled before
  const now = new Date();
  // A refund marked failed can still succeed at the provider later: money back counts.
  await tx
    .update(refunds)
    .set({ status: 'succeeded', providerRefundId, completedAt: now, failureReason: null, updatedAt: now })
    .where(and(eq(refunds.id, refund.id), inArray(refunds.status, ['pending', 'failed'])));
  const [refunded] = await tx
    .update(payments)
    .set({ status: 'refunded', refundedAt: now, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'succeeded')))
    .returning();
  if (!refunded) {
    ctx.log.error(
      { paymentId: payment.id, refundId: refund.id },
      'refund succeeded for a payment not in escrow',
    );
    return;
  }
  await refundFromEscrow(tx, payment);
  await appendRecord(tx, payment.projectId, {
    type: 'payment_refunded',
    actorId: null,
    data: {
      payment_id: payment.id,
      refund_id: refund.id,
      amount_cents: refund.amountCents,
      reason: refund.reason,
    },
    at: now,
  });

  // Undo the deal this payment made, if it made one. Staff refunding a disputed project
  // close it; a refund within the window puts it back on the market.
  let outcome = { unwound: false, reopenedFor: [] as Array<{ engineerId: string }> };
  if (payment.honouredAt && payment.proposalId && project) {
    const dispute = refund.reason === 'dispute';
    const { restored } = await unwindAcceptance(tx, payment.proposalId, payment.id, {
      restoreOthers: !dispute,
    });
    if (dispute) await settleProblem(tx, project.id, 'closed');
    else await reopenProject(tx, project.id);
    await closeDealRoom(tx, {
      projectId: project.id,
      clientId: payment.customerId,
      engineerId: payment.engineerId,
    });
    outcome = { unwound: true, reopenedFor: restored };
  }
  await announceRefund(ctx, tx, await loadDeal(tx, payment), outcome);
}

async function failRefund(ctx: AppContext, tx: Tx, row: RefundRow, refund: ProviderRefund): Promise<void> {
  const locked = await lockRefund(tx, row);
  const [failed] = await tx
    .update(refunds)
    .set({ status: 'failed', failureReason: refund.failureReason ?? refund.status, updatedAt: new Date() })
    .where(and(eq(refunds.id, locked.refund.id), eq(refunds.status, 'pending')))
    .returning();
  if (!failed) return;
  if (failed.reason === 'dispute') await reopenDispute(tx, locked.payment.projectId);
  await announceRefundFailed(ctx, tx, await loadDeal(tx, locked.payment), refund.failureReason);
}
