// The provider's word on a checkout, applied inside the transaction that records the
// event (events.ts), so each event takes effect exactly once.
//
// Paid: the money is in, whatever else happened; it is captured into the project's
// escrow. If the deal can still be made (the project open, the proposal pending at the
// price paid, this checkout not replaced), the proposal is accepted, the others are
// rejected, the project is assigned and the chat room opens. If not, the payment is
// refunded in full at once: money is never kept for a deal that did not happen.
// Expired or failed: a pending payment becomes failed; nothing was charged.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { CheckoutSession } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { type PaymentRow, payments, proposals, refunds } from '../../db/schema/index.ts';
import { openDealRoom } from '../chat/rooms.ts';
import { appendRecord } from '../project-record/append-record.ts';
import { assignProject, lockProject } from '../projects/projects.service.ts';
import { acceptProposal, rejectOtherProposals } from '../proposals/proposals.service.ts';
import { announceDeal, announceNotHonoured } from './deal-notices.ts';
import { captureIntoEscrow } from './escrow.ts';
import { loadDeal } from './payments.service.ts';
import { executeRefund } from './request-refund.ts';

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

/** Locks project, proposal and payment in the order every payment operation uses. */
async function lockDeal(tx: Tx, payment: PaymentRow) {
  const project = await lockProject(tx, payment.projectId);
  const [proposal] = payment.proposalId
    ? await tx.select().from(proposals).where(eq(proposals.id, payment.proposalId)).for('update')
    : [];
  const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
  return { project, proposal, payment: locked };
}

export async function completeCheckout(
  ctx: AppContext,
  tx: Tx,
  session: CheckoutSession,
  paidAt: Date,
): Promise<void> {
  if (session.paymentStatus !== 'paid') return; // delayed methods: async_payment_succeeded follows
  const found = await paymentOfSession(tx, session);
  if (!found) {
    ctx.log.warn({ sessionId: session.id }, 'paid checkout session matches no payment');
    return;
  }
  const { project, proposal, payment } = await lockDeal(tx, found);
  if (!project || !payment) return;
  if (payment.status === 'succeeded' || payment.status === 'refunded') return; // handled before
  if (session.amountTotal !== payment.amountCents || session.currency !== payment.currency)
    // Our sessions are opened for the payment's amount; anything else needs a person.
    throw new Error(
      `checkout ${session.id} paid ${session.amountTotal} ${session.currency} for payment ${payment.id} of ${payment.amountCents} ${payment.currency}`,
    );

  const honour =
    payment.status === 'pending' &&
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
  const deal = await loadDeal(tx, payment);
  await appendRecord(tx, payment.projectId, {
    type: 'payment_succeeded',
    actorId: null,
    data: {
      payment_id: payment.id,
      proposal_id: payment.proposalId,
      amount_cents: payment.amountCents,
      currency: payment.currency,
      // A payment that came too late for its proposal is refunded at once (decisions.md 'Money').
      honoured: honour,
    },
    at: paidAt,
  });

  if (!honour || !proposal) {
    const [refund] = await tx
      .insert(refunds)
      .values({ paymentId: payment.id, amountCents: payment.amountCents, reason: 'not_honoured' })
      .onConflictDoNothing()
      .returning();
    await announceNotHonoured(ctx, tx, deal);
    if (refund) ctx.afterCommit(tx, () => executeRefund(ctx, refund.id).then(() => undefined));
    return;
  }

  await acceptProposal(tx, proposal.id);
  const notSelected = await rejectOtherProposals(tx, project.id, proposal.id, payment.id);
  await assignProject(tx, project.id);
  await openDealRoom(tx, {
    projectId: project.id,
    clientId: payment.customerId,
    engineerId: payment.engineerId,
    title: project.title,
  });
  await announceDeal(ctx, tx, deal, notSelected);
}

/** `checkout.session.expired` / `async_payment_failed`: a pending payment fails. */
export async function failCheckout(ctx: AppContext, tx: Tx, session: CheckoutSession): Promise<void> {
  const found = await paymentOfSession(tx, session);
  if (!found) return;
  const { payment } = await lockDeal(tx, found);
  if (payment?.status !== 'pending') return;
  const now = new Date();
  await tx
    .update(payments)
    .set({
      status: 'failed',
      failureReason: session.status === 'expired' ? 'expired' : 'payment_failed',
      failedAt: now,
      checkoutSessionId: session.id,
      checkoutUrl: null,
      updatedAt: now,
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
  ctx.log.info({ paymentId: payment.id, sessionId: session.id }, 'checkout ended without payment');
}
