// Problems on a project through the API: who may report, what is frozen meanwhile, and
// staff settling it by releasing the escrow to the engineer or refunding the client.
import { DISPUTE_MESSAGES, type DisputeDto, PAYMENT_MESSAGES, SUBMISSION_MESSAGES } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPaymentsProvider } from '../../adapters/payments/test-provider.ts';
import {
  chatRooms,
  disputes,
  notifications,
  payments,
  payouts,
  projects,
  proposals,
  supportTicketReplies,
  supportTickets,
} from '../../db/schema/index.ts';
import { expectLedgerHolds, type Person, paidDeal } from '../../test/fixtures/payments.ts';
import { completedDeal, submitVersion } from '../../test/fixtures/submissions.ts';
import { createTestApp, createUser, eventually, type TestApp } from '../../test/harness.ts';
import { WEBHOOK_PATH } from '../deals/index.ts';
import { accounts, balanceOf } from '../ledger/ledger.service.ts';

let app: TestApp;
let admin: Person;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, { role: 'admin' });
});
afterAll(() => app.dispose());

const report = (
  who: Person,
  projectId: string,
  description = 'The engineer stopped answering for two weeks.',
) =>
  app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/problem`,
    headers: who.auth,
    payload: { description },
  });
const resolve = (who: Person, id: string, outcome: string, note?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/disputes/${id}/resolve`,
    headers: who.auth,
    payload: { outcome, note },
  });
const statusOf = async (id: string) =>
  (await app.ctx.db.select({ s: projects.status }).from(projects).where(eq(projects.id, id)))[0].s;

/** The test mode's own delivery (webhook.routes.ts): the event through the webhook route. */
async function deliverToWebhook(payload: string, signature: string) {
  const res = await app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function disputedDeal(by: 'client' | 'engineer' = 'client') {
  const deal = await paidDeal(app);
  const submission = await submitVersion(app, deal);
  const res = await report(by === 'client' ? deal.client : deal.engineer, deal.projectId);
  expect(res.statusCode, res.body).toBe(201);
  return { ...deal, submission, dispute: res.json() as DisputeDto };
}

describe('reporting a problem', () => {
  it('freezes the project and opens a ticket for support; the other party is told', async () => {
    const deal = await disputedDeal('client');
    expect(deal.dispute).toMatchObject({
      project_id: deal.projectId,
      reported_by: deal.client.id,
      status: 'open',
      escrow_cents: deal.payment.amountCents,
      engineer_name: deal.engineer.fullName,
      abilities: { resolve: false },
    });
    expect(await statusOf(deal.projectId)).toBe('problem');
    const [ticket] = await app.ctx.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.projectId, deal.projectId));
    expect(ticket).toMatchObject({ userId: deal.client.id, priority: 'high', id: deal.dispute.ticket_id });
    expect(ticket.subject).toContain('Deck permit drawings');
    const notes = await app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, deal.engineer.id));
    expect(notes.map((n) => n.message)).toContainEqual(expect.stringContaining('reported a problem'));
    expect(
      await eventually(async () =>
        (await app.ctx.mail.recent(100)).some(
          (m) => m.to === deal.engineer.email && m.subject.startsWith('A problem was reported'),
        ),
      ),
    ).toBe(true);

    // Frozen: no refund, no decision, no new version, no second report.
    const refund = await app.inject({
      method: 'POST',
      url: '/api/payments/refund',
      headers: deal.client.auth,
      payload: { paymentId: deal.payment.id },
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toBe(PAYMENT_MESSAGES.refundProblem);
    const accept = await app.inject({
      method: 'PATCH',
      url: `/api/submissions/${deal.submission.id}/approve`,
      headers: deal.client.auth,
      payload: { client_acceptance: true },
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(SUBMISSION_MESSAGES.problemReported);
    const again = await report(deal.engineer, deal.projectId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DISPUTE_MESSAGES.alreadyReported);
    expect(await balanceOf(app.ctx.db, accounts.escrow(deal.projectId))).toBe(deal.payment.amountCents);

    // The parties and staff read it; staff find it from the ticket.
    const mine = await app.inject({
      method: 'GET',
      url: `/api/projects/${deal.projectId}/dispute`,
      headers: deal.engineer.auth,
    });
    expect(mine.json()).toMatchObject({ id: deal.dispute.id });
    const desk = await app.inject({
      method: 'GET',
      url: `/api/disputes/ticket/${ticket.id}`,
      headers: admin.auth,
    });
    expect(desk.json()).toMatchObject({ id: deal.dispute.id, abilities: { resolve: true } });
    const outsider = await createUser(app, { role: 'client' });
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/projects/${deal.projectId}/dispute`,
          headers: outsider.auth,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/disputes/ticket/${ticket.id}`,
          headers: deal.client.auth,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('takes reports only from the two parties of a project under way, with a description', async () => {
    const deal = await paidDeal(app);
    const loser = deal.offers[1].engineer;
    expect((await report(loser, deal.projectId)).json().message).toBe(DISPUTE_MESSAGES.onlyParties);
    expect((await report(admin, deal.projectId)).statusCode).toBe(403);
    const empty = await report(deal.client, deal.projectId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(DISPUTE_MESSAGES.descriptionRequired);
    expect(await statusOf(deal.projectId)).toBe('assigned');
    const done = await completedDeal(app);
    const late = await report(done.client, done.projectId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(DISPUTE_MESSAGES.notUnderWay);
  });
});

describe('a problem while the client’s refund is under way', () => {
  it('is refused, and the refund then ends the deal with the project back on the market', async () => {
    const deal = await paidDeal(app);
    // The provider's events are held back, so the refund stays asked-for and not completed.
    const held: Array<{ payload: string; signature: string }> = [];
    const provider = app.ctx.payments as TestPaymentsProvider;
    provider.setEventSink(async (payload, signature) => {
      held.push({ payload, signature });
    });
    try {
      const asked = await app.inject({
        method: 'POST',
        url: '/api/payments/refund',
        headers: deal.client.auth,
        payload: { paymentId: deal.payment.id },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      for (const who of [deal.engineer, deal.client]) {
        const res = await report(who, deal.projectId);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(DISPUTE_MESSAGES.refundUnderWay);
      }
      expect(await statusOf(deal.projectId)).toBe('assigned');
      expect(await app.ctx.db.select().from(disputes).where(eq(disputes.projectId, deal.projectId))).toEqual(
        [],
      );
    } finally {
      provider.setEventSink(deliverToWebhook);
    }
    for (const event of held) await deliverToWebhook(event.payload, event.signature);
    expect(await statusOf(deal.projectId)).toBe('open');
    await expectLedgerHolds(app);
  });
});

describe('staff settle a problem', () => {
  it('release: the escrow goes to the engineer 80/20, the project completes, the payout is created', async () => {
    const deal = await disputedDeal('engineer');
    for (const who of [deal.client, deal.engineer])
      expect((await resolve(who, deal.dispute.id, 'released')).statusCode).toBe(403);
    const res = await resolve(admin, deal.dispute.id, 'released', 'The drawings were delivered as agreed.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'released',
      resolution_note: 'The drawings were delivered as agreed.',
    });
    expect(await statusOf(deal.projectId)).toBe('completed');
    expect(await balanceOf(app.ctx.db, accounts.escrow(deal.projectId))).toBe(0);
    expect(deal.payment.amountCents).toBe(400_00);
    const engineerCents = 320_00;
    expect(await balanceOf(app.ctx.db, accounts.wallet(deal.engineer.id))).toBe(engineerCents);
    const [payout] = await app.ctx.db.select().from(payouts).where(eq(payouts.paymentId, deal.payment.id));
    expect(payout).toMatchObject({
      amountCents: engineerCents,
      status: 'initiated',
      submissionId: deal.submission.id,
    });
    const [ticket] = await app.ctx.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, deal.dispute.ticket_id!));
    expect(ticket.status).toBe('closed');
    const replies = await app.ctx.db
      .select()
      .from(supportTicketReplies)
      .where(eq(supportTicketReplies.ticketId, ticket.id));
    expect(replies.map((r) => r.message)).toContainEqual(expect.stringContaining('released to'));
    for (const who of [deal.client, deal.engineer]) {
      const notes = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, who.id));
      expect(notes.map((n) => n.message)).toContainEqual(
        expect.stringContaining('Support settled the problem'),
      );
    }
    expect((await resolve(admin, deal.dispute.id, 'refunded')).json().message).toBe(
      DISPUTE_MESSAGES.alreadySettled,
    );
    await expectLedgerHolds(app);
  });

  it('refund: the client gets the payment back in full and the project is closed', async () => {
    const deal = await disputedDeal('client');
    const res = await resolve(admin, deal.dispute.id, 'refunded');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('refunded');
    // Test mode refunds at once; its event closes the project.
    const [payment] = await app.ctx.db.select().from(payments).where(eq(payments.id, deal.payment.id));
    expect(payment.status).toBe('refunded');
    expect(await statusOf(deal.projectId)).toBe('closed');
    expect(await balanceOf(app.ctx.db, accounts.escrow(deal.projectId))).toBe(0);
    expect(await balanceOf(app.ctx.db, accounts.client(deal.client.id))).toBe(0);
    const byId = Object.fromEntries(
      (await app.ctx.db.select().from(proposals).where(eq(proposals.projectId, deal.projectId))).map((p) => [
        p.id,
        p.status,
      ]),
    );
    // The project closes: nobody's proposal comes back.
    expect(byId).toEqual({
      [deal.offers[0].proposalId]: 'rejected',
      [deal.offers[1].proposalId]: 'rejected',
    });
    const [room] = await app.ctx.db.select().from(chatRooms).where(eq(chatRooms.projectId, deal.projectId));
    expect(room.closedAt).not.toBeNull();
    const history = await app.inject({
      method: 'GET',
      url: `/api/payments/user/${deal.client.id}`,
      headers: deal.client.auth,
    });
    expect(history.json()).toMatchObject([{ id: deal.payment.id, status: 'refunded' }]);
    // Its proposal rejected, the engineer still reads how the problem ended (the decision's
    // notification links to the project); the engineer who lost the deal earlier does not.
    const seen = await app.inject({
      method: 'GET',
      url: `/api/projects/${deal.projectId}/dispute`,
      headers: deal.engineer.auth,
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ status: 'refunded', id: deal.dispute.id });
    const other = await app.inject({
      method: 'GET',
      url: `/api/projects/${deal.projectId}/dispute`,
      headers: deal.offers[1].engineer.auth,
    });
    expect(other.statusCode).toBe(403);
    await expectLedgerHolds(app);
  });

  it('two staff settling at once: one decision wins', async () => {
    const deal = await disputedDeal('client');
    const staff2 = await createUser(app, { role: 'admin' });
    const results = await Promise.all([
      resolve(admin, deal.dispute.id, 'released'),
      resolve(staff2, deal.dispute.id, 'refunded'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await expectLedgerHolds(app);
  });

  it('refuses an unknown outcome and changes nothing', async () => {
    const deal = await disputedDeal('client');
    const res = await resolve(admin, deal.dispute.id, 'halve');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DISPUTE_MESSAGES.chooseOutcome);
    expect(await statusOf(deal.projectId)).toBe('problem');
  });
});
