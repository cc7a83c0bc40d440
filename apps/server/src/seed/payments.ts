// Demo payments, so every state shows at once: each project with an accepted proposal
// was paid (signed contract, captured into escrow); completed projects' escrow was
// released 80/20. Claire Client's history also holds a payment from three hours ago (the
// brewery: its refund button shows, open until 24 hours), one refunded within the window
// (the deck, open again), and a checkout that expired unpaid (the solar letter). Released
// payments get their payout (paid when its Sunday has passed); the demo engineer's wallet
// shows every payout state: paid (the office HVAC), due next Sunday (the porch) and refused
// by the bank, its money back in the wallet (the monument sign). The ledger holds
// exactly these movements, through the same postings the product makes.
// Marcus's rooftop unit was paid two hours ago with Stripe's asynchronous-refund test card
// (its refund, asked for in seed/deal-stories.ts, stays under way for an hour).
// In test mode the provider's side (its sessions and refund) is written too, so refunds
// of demo payments work as for any other.
import { renderContract, splitFee } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  contractSignatures,
  payments,
  payoutAccounts,
  payouts,
  projects,
  proposals,
  refunds,
  testCheckoutSessions,
  testRefunds,
  testTransfers,
  users,
} from '../db/schema/index.ts';
import { randomToken } from '../lib/crypto.ts';
import { closeDealRoom, openDealRoom } from '../modules/chat/rooms.ts';
import { captureIntoEscrow, refundFromEscrow, releaseFromEscrow } from '../modules/payments/escrow.ts';
import { sha256 } from '../modules/payments/payments.service.ts';
import { backToWallet, sendFromWallet } from '../modules/payouts/payout-postings.ts';
import { createPayoutForRelease } from '../modules/payouts/payouts.service.ts';
import type { SeededUsers } from './users.ts';

const HOUR = 60 * 60 * 1000;
/** Stripe's answer to a transfer to an account that cannot receive one (the test provider's too). */
export const DEMO_REFUSED_PAYOUT =
  'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments';
const DAY = 24 * HOUR;
/** The deal whose client's refund waits for the card provider (seed/deal-stories.ts). */
export const DEMO_REFUND_UNDER_WAY = 'Rooftop unit curb and roof framing check';

type DealRow = {
  proposalId: string;
  projectId: string;
  title: string;
  projectStatus: string;
  customerId: string;
  engineerId: string;
  engineerName: string;
  amount: number;
  deliveryDays: number | null;
  proposedAt: Date;
};

async function deals(tx: DbOrTx, where: ReturnType<typeof and>): Promise<DealRow[]> {
  return tx
    .select({
      proposalId: proposals.id,
      projectId: projects.id,
      title: projects.title,
      projectStatus: projects.status,
      customerId: projects.customerId,
      engineerId: proposals.engineerId,
      engineerName: users.fullName,
      amount: proposals.proposedAmount,
      deliveryDays: proposals.deliveryDays,
      proposedAt: proposals.createdAt,
    })
    .from(proposals)
    .innerJoin(projects, eq(projects.id, proposals.projectId))
    .innerJoin(users, eq(users.id, proposals.engineerId))
    .where(where);
}

const roomOf = (d: DealRow) => ({
  projectId: d.projectId,
  clientId: d.customerId,
  engineerId: d.engineerId,
  title: d.title,
});

export async function seedPayments(
  tx: DbOrTx,
  people: SeededUsers,
  provider: 'test' | 'stripe',
  now = new Date(),
): Promise<void> {
  const clientName = (id: string) => Object.values(people).find((p) => p.id === id)?.fullName ?? 'Client';

  async function pay(
    d: DealRow,
    at: Date,
    outcome: {
      status: 'succeeded' | 'failed' | 'refunded';
      honoured: boolean;
      releasedAt?: Date;
      refundedAt?: Date;
      /** The payout's first attempt was refused by the provider with this message. */
      payoutRefused?: string;
      /** The test-mode card's last four digits (default 4242). */
      cardLast4?: string;
    },
  ) {
    const text = renderContract({
      projectId: d.projectId,
      projectTitle: d.title,
      proposalId: d.proposalId,
      clientName: clientName(d.customerId),
      engineerName: d.engineerName,
      amountCents: d.amount,
      acceptanceAfter: '14 days',

      deliveryDays: d.deliveryDays,
    });
    const [signature] = await tx
      .insert(contractSignatures)
      .values({
        projectId: d.projectId,
        proposalId: d.proposalId,
        signerId: d.customerId,
        signedName: clientName(d.customerId),
        text,
        textSha256: sha256(text),
        ip: '127.0.0.1',
        userAgent: 'StampWorks demo data',
        signedAt: new Date(at.getTime() - 5 * 60 * 1000),
      })
      .returning({ id: contractSignatures.id });
    const sessionId = `cs_test_demo${randomToken(16).replace(/[-_]/g, 'x')}`;
    const intentId =
      outcome.status === 'failed' ? null : `pi_test_demo${randomToken(12).replace(/[-_]/g, 'x')}`;
    const [payment] = await tx
      .insert(payments)
      .values({
        projectId: d.projectId,
        proposalId: d.proposalId,
        customerId: d.customerId,
        engineerId: d.engineerId,
        contractSignatureId: signature.id,
        amountCents: d.amount,
        currency: 'usd',
        status: outcome.status,
        provider,
        checkoutSessionId: sessionId,
        sessionExpiresAt: new Date(at.getTime() + 25 * 60 * 1000),
        paymentIntentId: intentId,
        failureReason: outcome.status === 'failed' ? 'expired' : null,
        succeededAt: outcome.status === 'failed' ? null : at,
        honouredAt: outcome.honoured ? at : null,
        failedAt: outcome.status === 'failed' ? new Date(at.getTime() + 30 * 60 * 1000) : null,
        refundedAt: outcome.refundedAt ?? null,
        releasedAt: outcome.releasedAt ?? null,
        createdAt: new Date(at.getTime() - 5 * 60 * 1000),
        updatedAt: at,
      })
      .returning();
    if (provider === 'test')
      await tx.insert(testCheckoutSessions).values({
        id: sessionId,
        idempotencyKey: `checkout:${payment.id}`,
        paymentIntentId: intentId ?? `pi_test_unpaid${randomToken(12).replace(/[-_]/g, 'x')}`,
        amountTotal: d.amount,
        currency: 'usd',
        productName: `Engineering services: ${d.title}`,
        customerEmail:
          Object.values(people).find((p) => p.id === d.customerId)?.email ?? 'client@example.com',
        successUrl: '/#/success?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: '/#/cancel',
        metadata: { payment_id: payment.id, project_id: d.projectId, proposal_id: d.proposalId },
        transferGroup: d.projectId,
        status: outcome.status === 'failed' ? 'expired' : 'complete',
        cardLast4: outcome.status === 'failed' ? null : (outcome.cardLast4 ?? '4242'),
        expiresAt: new Date(at.getTime() + 25 * 60 * 1000),
        completedAt: outcome.status === 'failed' ? null : at,
        createdAt: payment.createdAt,
      });
    if (outcome.status === 'failed') return;
    await captureIntoEscrow(tx, payment, at);
    if (outcome.releasedAt) {
      await releaseFromEscrow(tx, payment, payment.amountCents, outcome.releasedAt);
      await payOutRelease(payment, outcome.releasedAt, outcome.payoutRefused);
    }
    if (outcome.refundedAt) {
      const refundId = `re_test_demo${randomToken(12).replace(/[-_]/g, 'x')}`;
      await tx.insert(refunds).values({
        paymentId: payment.id,
        amountCents: d.amount,
        status: 'succeeded',
        reason: 'requested_by_customer',
        requestedBy: d.customerId,
        providerRefundId: refundId,
        completedAt: outcome.refundedAt,
        createdAt: outcome.refundedAt,
        updatedAt: outcome.refundedAt,
      });
      if (provider === 'test')
        await tx.insert(testRefunds).values({
          id: refundId,
          idempotencyKey: `refund:demo:${payment.id}`,
          paymentIntentId: intentId as string,
          amount: d.amount,
          status: 'succeeded',
          metadata: { payment_id: payment.id },
          createdAt: outcome.refundedAt,
        });
      await refundFromEscrow(tx, payment, payment.amountCents, outcome.refundedAt);
    }
  }

  /**
   * The payout of a released payment, as the product creates it; when its Sunday has passed,
   * paid by that day's run (the same ledger posting, a test-mode transfer).
   */
  async function payOutRelease(payment: typeof payments.$inferSelect, releasedAt: Date, refused?: string) {
    const payout = await createPayoutForRelease(tx, {
      submissionId: null,
      payment,
      engineerCents: splitFee(payment.amountCents).engineerCents,
      releasedAt,
    });
    const runAt = new Date(`${payout.payoutDate}T06:00:00Z`);
    if (runAt > now) return;
    if (refused) {
      // The run claimed it and the provider refused the transfer: failed, the money back in
      // the wallet; the next run tries again (payout-run.ts).
      const [failed] = await tx
        .update(payouts)
        .set({ status: 'failed', attempt: 1, claimedAt: runAt, failureReason: refused, updatedAt: runAt })
        .where(eq(payouts.id, payout.id))
        .returning();
      await sendFromWallet(tx, failed, runAt);
      await backToWallet(tx, failed, runAt);
      return;
    }
    const transferId = `tr_test_demo${randomToken(12).replace(/[-_]/g, 'x')}`;
    const [paid] = await tx
      .update(payouts)
      .set({
        status: 'succeeded',
        attempt: 1,
        claimedAt: runAt,
        paidAt: runAt,
        providerTransferId: transferId,
        updatedAt: runAt,
      })
      .where(eq(payouts.id, payout.id))
      .returning();
    await sendFromWallet(tx, paid, runAt);
    const account = await tx
      .select({ id: payoutAccounts.providerAccountId })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, payment.engineerId));
    if (provider === 'test' && account[0])
      await tx.insert(testTransfers).values({
        id: transferId,
        idempotencyKey: `payout:${paid.id}:1`,
        destination: account[0].id,
        amount: paid.amountCents,
        currency: paid.currency,
        transferGroup: payment.projectId,
        metadata: { payout_id: paid.id, attempt: '1' },
        createdAt: runAt,
      });
  }

  // Every deal made: paid a day after the proposal; completed ones released ten days later.
  for (const d of await deals(tx, eq(proposals.status, 'accepted'))) {
    const recent = d.title === 'Brewery process piping and drains';
    // The rooftop unit: paid two hours ago with Stripe's asynchronous-refund test card, so
    // the refund its client asks for (seed/deal-stories.ts) stays under way for an hour.
    const refundLater = d.title === DEMO_REFUND_UNDER_WAY;
    const paidAt = recent
      ? new Date(now.getTime() - 3 * HOUR)
      : refundLater
        ? new Date(now.getTime() - 2 * HOUR)
        : new Date(d.proposedAt.getTime() + DAY);
    const releasedAt =
      d.projectStatus === 'completed'
        ? new Date(Math.min(paidAt.getTime() + 10 * DAY, now.getTime() - DAY))
        : undefined;
    const payoutRefused = d.title === 'Monument sign foundation' ? DEMO_REFUSED_PAYOUT : undefined;
    const cardLast4 = refundLater ? '7726' : undefined;
    await pay(d, paidAt, { status: 'succeeded', honoured: true, releasedAt, payoutRefused, cardLast4 });
    await openDealRoom(tx, roomOf(d), paidAt);
  }

  // The deck: paid to Noah Kim, refunded five hours later; the project is open again.
  const [refunded] = await deals(
    tx,
    and(eq(proposals.engineerId, people.eng7.id), eq(projects.title, 'Backyard deck structural drawings')),
  );
  if (refunded) {
    const paidAt = new Date(refunded.proposedAt.getTime() + 4 * HOUR);
    const refundedAt = new Date(paidAt.getTime() + 5 * HOUR);
    await openDealRoom(tx, roomOf(refunded), paidAt);
    await pay(refunded, paidAt, { status: 'refunded', honoured: true, refundedAt });
    await closeDealRoom(tx, roomOf(refunded), refundedAt);
  }

  // The solar letter: a checkout started yesterday and left unpaid until it expired.
  const [abandoned] = await deals(
    tx,
    and(eq(proposals.engineerId, people.eng2.id), eq(projects.title, 'Rooftop solar structural letter')),
  );
  if (abandoned) await pay(abandoned, new Date(now.getTime() - DAY), { status: 'failed', honoured: false });
}
