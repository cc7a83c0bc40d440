// The provider's word on a checkout, applied inside the transaction that records the event
// (provider-events.ts), so each event takes effect exactly once.
//
// Paid: the money is in, whatever else happened; it is captured into the project's escrow.
// If the deal can still be made (the project open, the proposal pending at the price paid,
// this checkout not replaced), the deal is made ('pay' in the transition table): the proposal
// accepted, the others rejected, the project assigned, the chat room open. If not, the
// payment is refunded in full at once: money is never kept for a deal that did not happen.
// Expired or failed: a pending payment becomes failed; nothing was charged.
// Declined: the card the client tried was refused; the payment reads failed (the client's
// Payment History shows the attempt) while its checkout stays open for another card, and a
// card that then succeeds makes it succeeded as above.
import { REFUND_WINDOW_MS } from '@app/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { CheckoutSession, DeclinedPayment } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { deals, type PaymentRow, payments, proposals } from '../../db/schema/index.ts';
import { openDealRoom } from '../chat/index.ts';
import {
  CARD_DECLINED,
  captureIntoEscrow,
  executeRefund,
  insertRefund,
  isDeclinedCheckout,
  lockPayment,
} from '../payments/index.ts';
import { lockProject, moveProject } from '../projects/index.ts';
import { acceptProposal, rejectOtherProposals } from '../proposals/index.ts';
import type { Emitter } from './deal-events.ts';

/** The payment a session belongs to: by session id, or by our id in its metadata. */
async function paymentOfSession(tx: Tx, session: CheckoutSession): Promise<PaymentRow | undefined> {
  const [bySession] = await tx.select().from(payments).where(eq(payments.checkoutSessionId, session.id));
  if (bySession) return bySession;
  // The process stopped between opening the session and recording its id.
  const id = session.metadata.payment_id;
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const [byId] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), isNull(payments.checkoutSessionId)));
  return byId;
}

/** Locks project, proposal and payment in the order every deal operation uses. */
async function lockCheckout(tx: Tx, payment: PaymentRow) {
  const project = await lockProject(tx, payment.projectId);
  const [proposal] = payment.proposalId
    ? await tx.select().from(proposals).where(eq(proposals.id, payment.proposalId)).for('update')
    : [];
  return { project, proposal, payment: await lockPayment(tx, payment.id) };
}

export async function completeCheckout(
  ctx: AppContext,
  tx: Tx,
  events: Emitter,
  session: CheckoutSession,
  paidAt: Date,
): Promise<void> {
  if (session.paymentStatus !== 'paid') return; // delayed methods: async_payment_succeeded follows
  const found = await paymentOfSession(tx, session);
  if (!found) {
    ctx.log.warn({ sessionId: session.id }, 'paid checkout session matches no payment');
    return;
  }
  const { project, proposal, payment } = await lockCheckout(tx, found);
  if (!project || !payment) return;
  if (payment.status === 'succeeded' || payment.status === 'refunded') return; // handled before
  if (session.amountTotal !== payment.amountCents || session.currency !== payment.currency)
    // Our sessions are opened for the payment's amount; anything else needs a person.
    throw new Error(
      `checkout ${session.id} paid ${session.amountTotal} ${session.currency} for payment ${payment.id} of ${payment.amountCents} ${payment.currency}`,
    );

  // A card declined before this one does not make the checkout stale: it was open all along.
  const honour =
    (payment.status === 'pending' || isDeclinedCheckout(payment)) &&
    project.status === 'open' &&
    !!proposal &&
    proposal.status === 'pending' &&
    proposal.proposedAmount === payment.amountCents;
  const now = new Date();
  await tx
    .update(payments)
    .set({
      status: 'succeeded',
      succeededAt: paidAt,
      honouredAt: honour ? now : null,
      paymentIntentId: session.paymentIntentId,
      checkoutSessionId: session.id,
      checkoutUrl: null,
      failureReason: null,
      updatedAt: now,
    })
    .where(and(eq(payments.id, payment.id), inArray(payments.status, ['pending', 'failed'])));
  await captureIntoEscrow(tx, payment);

  if (!honour || !proposal) {
    const refund = await insertRefund(tx, {
      paymentId: payment.id,
      amountCents: payment.amountCents,
      reason: 'not_honoured',
      requestedBy: null,
    });
    events.emit({
      type: 'LatePaymentRefunding',
      projectId: payment.projectId,
      dealId: null,
      actorId: null,
      paymentId: payment.id,
      amountCents: payment.amountCents,
      clientId: payment.customerId,
    });
    if (refund) ctx.afterCommit(tx, () => executeRefund(ctx, refund.id).then(() => undefined));
    return;
  }

  await acceptProposal(tx, proposal.id);
  const notSelected = await rejectOtherProposals(tx, project.id, proposal.id, payment.id);
  await moveProject(tx, project.id, ['open'], 'assigned');
  await openDealRoom(tx, {
    projectId: project.id,
    clientId: payment.customerId,
    engineerId: payment.engineerId,
    title: project.title,
  });
  // 'pay': the deal begins in `paid` (the transition table's only entry).
  const [deal] = await tx
    .insert(deals)
    .values({
      projectId: project.id,
      paymentId: payment.id,
      proposalId: proposal.id,
      clientId: payment.customerId,
      engineerId: payment.engineerId,
      amountCents: payment.amountCents,
      state: 'paid',
      paidAt,
      refundUntil: new Date(paidAt.getTime() + REFUND_WINDOW_MS),
    })
    .returning();
  events.emit({
    type: 'DealPaid',
    projectId: project.id,
    dealId: deal.id,
    actorId: null,
    paymentId: payment.id,
    amountCents: payment.amountCents,
    notSelectedEngineerIds: notSelected.map((p) => p.engineerId),
  });
}

/** `checkout.session.expired` / `async_payment_failed`: a pending payment fails. */
export async function failCheckout(ctx: AppContext, tx: Tx, session: CheckoutSession): Promise<void> {
  const found = await paymentOfSession(tx, session);
  if (!found) return;
  const { payment } = await lockCheckout(tx, found);
  if (!payment) return;
  // A declined checkout reads failed already; its session ending closes it for good.
  const declined = isDeclinedCheckout(payment);
  if (payment.status !== 'pending' && !declined) return;
  const now = new Date();
  await tx
    .update(payments)
    .set({
      status: 'failed',
      failureReason: declined
        ? DECLINED_THEN_ENDED
        : session.status === 'expired'
          ? 'expired'
          : 'payment_failed',
      failedAt: now,
      checkoutSessionId: session.id,
      checkoutUrl: null,
      updatedAt: now,
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)));
  ctx.log.info({ paymentId: payment.id, sessionId: session.id }, 'checkout ended without payment');
}

const DECLINED_THEN_ENDED = 'card_declined_then_ended';

/** `payment_intent.payment_failed`: a card was declined at checkout. */
export async function declineCheckout(ctx: AppContext, tx: Tx, declined: DeclinedPayment): Promise<void> {
  const id = declined.metadata.payment_id;
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return;
  const [found] = await tx.select().from(payments).where(eq(payments.id, id));
  if (!found) return;
  const { payment } = await lockCheckout(tx, found);
  if (payment?.status !== 'pending') return;
  const now = new Date();
  await tx
    .update(payments)
    .set({ status: 'failed', failureReason: CARD_DECLINED, failedAt: now, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
  ctx.log.info({ paymentId: payment.id, message: declined.message }, 'card declined at checkout');
}
