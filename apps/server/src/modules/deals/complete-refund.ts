// How a refund ends, from the provider's word (its refund events, or the reconcile job asking
// again): applied in the transaction that records it, so each takes effect once.
// - Succeeded: the money goes back through the ledger and the deal ends: `refunded` (the whole
//   payment: the proposal rejected; a refund in the window or at the provider puts the project
//   back on the market, a staff refund closes it) or `split` (the client's part back, the
//   engineer's part released 80/20 with its payout; the project closes).
// - Failed: the deal goes back where it was (`paid`, or `disputed`: staff decide again).
import type { DealOperation } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { ProviderRefund } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { type PaymentRow, payments, type RefundRow } from '../../db/schema/index.ts';
import { closeDealRoom } from '../chat/index.ts';
import { closeDispute, lockOpenDispute, reopenDispute } from '../disputes/index.ts';
import {
  insertRefund,
  lockPayment,
  lockRefund,
  markPaymentRefunded,
  markRefundFailed,
  markRefundSucceeded,
  refundFromEscrow,
  refundOfProvider,
} from '../payments/index.ts';
import { lockProject, moveProject } from '../projects/index.ts';
import { unwindAcceptance } from '../proposals/index.ts';
import { latestSubmissionId } from '../submissions/index.ts';
import type { DealEventActor, Emitter } from './deal-events.ts';
import { dealOfPayment } from './deal-rows.ts';
import { moveDeal } from './deal-state.ts';
import { releaseToEngineer } from './release-escrow.ts';

const byOf = (reason: RefundRow['reason']): DealEventActor =>
  reason === 'dispute' ? 'staff' : reason === 'requested_by_customer' ? 'client' : 'provider';

/** A provider refund event: our refund row (or one made at the provider directly) succeeded or failed. */
export async function applyRefundEvent(
  ctx: AppContext,
  tx: Tx,
  events: Emitter,
  refund: ProviderRefund,
  op: 'refundSucceeded' | 'refundChecked' = 'refundSucceeded',
): Promise<void> {
  const ours =
    (await refundOfProvider(tx, refund)) ??
    (refund.status === 'succeeded' ? await adoptProviderRefund(ctx, tx, refund) : undefined);
  if (!ours) return;
  if (refund.status === 'succeeded')
    await completeRefund(tx, events, ours, refund.id, ours.reason === 'provider' ? 'refundedAtProvider' : op);
  else if (refund.status === 'failed' || refund.status === 'canceled')
    await failRefund(
      tx,
      events,
      ours,
      refund.failureReason ?? refund.status,
      op === 'refundChecked' ? op : 'refundFailed',
    );
}

/**
 * A refund made at the provider directly (e.g. in Stripe's dashboard): recorded as ours when
 * it returns the whole of a payment whose money is still in escrow. Anything else (partial, or
 * after release) cannot be mirrored by the product and is left to staff.
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
  const row = await insertRefund(tx, {
    paymentId: payment.id,
    amountCents: refund.amountCents,
    reason: 'provider',
    requestedBy: null,
  });
  return row ?? undefined;
}

/** Locks in the operations' order: project, deal, payment, refund. */
async function lockAll(tx: Tx, row: RefundRow) {
  const [payment0] = await tx.select().from(payments).where(eq(payments.id, row.paymentId));
  const project = await lockProject(tx, payment0.projectId);
  const deal = await dealOfPayment(tx, payment0.id);
  const payment = (await lockPayment(tx, payment0.id)) as PaymentRow;
  const refund = (await lockRefund(tx, row.id)) as RefundRow;
  return { project, deal, payment, refund };
}

async function completeRefund(
  tx: Tx,
  events: Emitter,
  row: RefundRow,
  providerRefundId: string,
  op: DealOperation,
): Promise<void> {
  const { project, deal, payment, refund } = await lockAll(tx, row);
  if (refund.status === 'succeeded') return; // handled before
  const now = new Date();
  await markRefundSucceeded(tx, refund.id, providerRefundId, now);
  const by = byOf(refund.reason);

  if (!deal) {
    // Money that made no deal (it came too late): it goes back, and the client is told.
    if (!(await markPaymentRefunded(tx, payment.id, now))) return;
    await refundFromEscrow(tx, payment, payment.amountCents, now);
    events.emit({
      type: 'DealRefunded',
      projectId: payment.projectId,
      dealId: null,
      actorId: null,
      clientId: payment.customerId,
      by,
      outcome: 'refunded',
      clientRefundCents: payment.amountCents,
      engineerCents: 0,
      platformFeeCents: 0,
      reopened: false,
      restoredEngineerIds: [],
    });
    return;
  }

  if (deal.splitEngineerCents !== null && deal.state === 'refunding') {
    await refundFromEscrow(tx, payment, refund.amountCents, now);
    const released = await releaseToEngineer(
      tx,
      deal,
      deal.splitEngineerCents,
      now,
      await latestSubmissionId(tx, deal.projectId),
    );
    await moveDeal(tx, deal, op, 'split', {
      splitEngineerCents: null,
      engineerCents: released.engineerCents,
      platformFeeCents: released.platformFeeCents,
      clientRefundCents: refund.amountCents,
    });
    if (project) await moveProject(tx, project.id, ['problem', 'assigned', 'inprogress'], 'closed');
    await closeDealRoom(tx, {
      projectId: deal.projectId,
      clientId: deal.clientId,
      engineerId: deal.engineerId,
    });
    events.emit({
      type: 'DealRefunded',
      projectId: deal.projectId,
      dealId: deal.id,
      actorId: refund.requestedBy,
      clientId: deal.clientId,
      by,
      outcome: 'split',
      clientRefundCents: refund.amountCents,
      engineerCents: released.engineerCents,
      platformFeeCents: released.platformFeeCents,
      reopened: false,
      restoredEngineerIds: [],
    });
    return;
  }

  if (!(await markPaymentRefunded(tx, payment.id, now))) return;
  await refundFromEscrow(tx, payment, payment.amountCents, now);
  // Staff refunding a disputed deal close the project; the client's refund in the window, or
  // one made at the provider, put it back on the market.
  const reopen = refund.reason !== 'dispute';
  const { restored } = deal.proposalId
    ? await unwindAcceptance(tx, deal.proposalId, payment.id, { restoreOthers: reopen })
    : { restored: [] };
  await moveDeal(tx, deal, op, 'refunded', {
    clientRefundCents: payment.amountCents,
    engineerCents: 0,
    platformFeeCents: 0,
    splitEngineerCents: null,
  });
  // An engineer's problem open when the client refunded in the window ends with the deal.
  const open = await lockOpenDispute(tx, deal.projectId);
  if (open)
    await closeDispute(tx, open.id, {
      status: 'refunded',
      by: refund.requestedBy ?? deal.clientId,
      note: 'The client was refunded within the 24-hour window, before any deliverable.',
      at: now,
    });
  if (project)
    await moveProject(tx, project.id, ['assigned', 'inprogress', 'problem'], reopen ? 'open' : 'closed');
  await closeDealRoom(tx, {
    projectId: deal.projectId,
    clientId: deal.clientId,
    engineerId: deal.engineerId,
  });
  events.emit({
    type: 'DealRefunded',
    projectId: deal.projectId,
    dealId: deal.id,
    actorId: refund.requestedBy,
    clientId: deal.clientId,
    by,
    outcome: 'refunded',
    clientRefundCents: payment.amountCents,
    engineerCents: 0,
    platformFeeCents: 0,
    reopened: reopen,
    restoredEngineerIds: restored.map((p) => p.engineerId),
  });
}

/** The provider refused (or cancelled) the refund: the deal goes back where it was. */
export async function failRefund(
  tx: Tx,
  events: Emitter,
  row: RefundRow,
  reason: string,
  op: 'refundFailed' | 'refundChecked' = 'refundFailed',
): Promise<void> {
  const { deal, refund } = await lockAll(tx, row);
  const failed = await markRefundFailed(tx, refund.id, reason);
  if (!failed || !deal || deal.state !== 'refunding') return;
  const back = deal.resumeState === 'disputed' ? 'disputed' : 'paid';
  await moveDeal(tx, deal, op, back, { resumeState: null, splitEngineerCents: null });
  if (failed.reason === 'dispute') await reopenDispute(tx, deal.projectId);
  events.emit({
    type: 'RefundFailed',
    projectId: deal.projectId,
    dealId: deal.id,
    actorId: null,
    by: byOf(failed.reason),
    reason,
    backTo: back,
  });
}
