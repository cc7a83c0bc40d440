// The deal as one state machine (docs/DEALS.md): each story a client, an engineer or support
// met when something went wrong, through the API, with the money in literal cents.
import {
  DEAL_MESSAGES,
  DEAL_STATES,
  DEAL_TRANSITIONS,
  type DealDto,
  type DealState,
  FINAL_DEAL_STATES,
  PAYMENT_MESSAGES,
} from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deals,
  disputes,
  files,
  notifications,
  payouts,
  projects,
  proposals,
  supportTickets,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { uploaded } from '../../test/fixtures/files.ts';
import { expectLedgerHolds, type Person, paidDeal } from '../../test/fixtures/payments.ts';
import { completedDeal, submitVersion } from '../../test/fixtures/submissions.ts';
import { createTestApp, createUser, eventually, type TestApp } from '../../test/harness.ts';
import { accounts, balanceOf } from '../ledger/ledger.service.ts';
import { runAutoRelease } from './auto-release.ts';
import { moveDeal } from './deal-state.ts';

let app: TestApp;
let admin: Person;
beforeAll(async () => {
  app = await createTestApp({ rateLimitScale: 100 });
  admin = await createUser(app, { role: 'admin' });
});
afterAll(() => app.dispose());

const DAY = 24 * 3600 * 1000;
const post = (who: Person | null, url: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: who?.auth ?? {}, payload });
const get = (who: Person, url: string) => app.inject({ method: 'GET', url, headers: who.auth });
const dealOf = async (projectId: string) =>
  (await app.ctx.db.select().from(deals).where(eq(deals.projectId, projectId)))[0];
const statusOf = async (projectId: string) =>
  (await app.ctx.db.select({ s: projects.status }).from(projects).where(eq(projects.id, projectId)))[0].s;
const toldTo = async (userId: string) =>
  (await app.ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (n) => n.message,
  );
const report = (who: Person, projectId: string) =>
  post(who, `/api/projects/${projectId}/problem`, {
    description: 'The reactions do not match the drawings.',
  });
const settle = (disputeId: string, body: object) => post(admin, `/api/disputes/${disputeId}/resolve`, body);

describe('the transition table', () => {
  const ways = (state: DealState) =>
    Object.entries(DEAL_TRANSITIONS).filter(([, t]) => (t.from as readonly DealState[]).includes(state));

  it('leaves no reachable state without a way out by a party, staff or the clock', () => {
    const reachable = new Set<DealState>(['paid']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const state of [...reachable])
        for (const [, t] of ways(state))
          for (const to of t.to)
            if (!reachable.has(to)) {
              reachable.add(to);
              grew = true;
            }
    }
    expect([...reachable].sort()).toEqual([...DEAL_STATES].sort());
    const stuck = [...reachable].filter(
      (s) =>
        !FINAL_DEAL_STATES.includes(s) &&
        !ways(s).some(([, t]) =>
          ['client', 'engineer', 'party', 'reporter', 'staff', 'timer'].includes(t.by),
        ),
    );
    expect(stuck).toEqual([]);
    // Final states have no way out at all.
    for (const s of FINAL_DEAL_STATES) expect(ways(s)).toEqual([]);
  });

  it('throws on a guarded move whose deal is no longer where the operation starts', async () => {
    const deal = await paidDeal(app, [100_00]);
    const row = await dealOf(deal.projectId);
    await expect(moveDeal(app.ctx.db, row, 'accept', 'released')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: DEAL_MESSAGES.changedMeanwhile,
    });
    await expect(moveDeal(app.ctx.db, row, 'accept', 'refunded')).rejects.toThrow(/no accept to refunded/);
    expect((await dealOf(deal.projectId)).state).toBe('paid');
    expect(new AppError('CONFLICT', 'x').status).toBe(409);
  });
});

describe('the 24-hour refund', () => {
  it('ends at the first deliverable: a client who downloaded the drawings cannot take the money back', async () => {
    const deal = await paidDeal(app, [800_00, 700_00]);
    const version = await submitVersion(app, deal);
    const download = await app.inject({ method: 'GET', url: version.attachments, headers: deal.client.auth });
    expect(download.statusCode).toBe(200);
    const refund = await post(deal.client, '/api/payments/refund', { paymentId: deal.payment.id });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toBe(DEAL_MESSAGES.refundAfterDelivery);
    expect(await balanceOf(app.ctx.db, accounts.escrow(deal.projectId))).toBe(800_00);
    expect((await dealOf(deal.projectId)).state).toBe('awaiting_decision');
    const view = (await get(deal.client, `/api/projects/${deal.projectId}/deal`)).json() as DealDto;
    expect(view).toMatchObject({ state: 'awaiting_decision', escrow: 'held', refund_until: null });
    expect(view.abilities).toMatchObject({
      refund: false,
      decide: true,
      report_problem: true,
      deliver: false,
    });
  });

  it('survives an engineer’s problem report inside the window: the client refunds, the problem closes with the deal', async () => {
    const deal = await paidDeal(app, [800_00, 700_00]);
    expect((await report(deal.engineer, deal.projectId)).statusCode).toBe(201);
    const view = (await get(deal.client, `/api/projects/${deal.projectId}/deal`)).json() as DealDto;
    expect(view.abilities.refund).toBe(true);
    const refund = await post(deal.client, '/api/payments/refund', { paymentId: deal.payment.id });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await dealOf(deal.projectId)).state).toBe('refunded');
    expect(await statusOf(deal.projectId)).toBe('open');
    const [dispute] = await app.ctx.db.select().from(disputes).where(eq(disputes.projectId, deal.projectId));
    expect(dispute.status).toBe('refunded');
    expect(await balanceOf(app.ctx.db, accounts.escrow(deal.projectId))).toBe(0);
    expect(await balanceOf(app.ctx.db, accounts.client(deal.client.id))).toBe(0);
    await expectLedgerHolds(app);
  });

  it('is not kept by a client-reported problem: support settles it', async () => {
    const deal = await paidDeal(app, [800_00, 700_00]);
    expect((await report(deal.client, deal.projectId)).statusCode).toBe(201);
    const refund = await post(deal.client, '/api/payments/refund', { paymentId: deal.payment.id });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toBe(PAYMENT_MESSAGES.refundProblem);
  });
});

describe('a dispute ticket', () => {
  it('cannot be deleted; the reporter withdraws the problem instead and the deal goes on', async () => {
    const deal = await paidDeal(app, [800_00, 700_00]);
    const reported = (await report(deal.client, deal.projectId)).json();
    const ticketId = reported.ticket_id as string;
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/support/${ticketId}`,
      headers: deal.client.auth,
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(DEAL_MESSAGES.disputeTicketKept);
    const desk = await app.inject({ method: 'GET', url: '/api/support?search=Problem', headers: admin.auth });
    expect((desk.json().items as Array<{ id: string }>).map((t) => t.id)).toContain(ticketId);
    const mine = (await get(deal.client, '/api/support/my-tickets')).json() as Array<Record<string, unknown>>;
    expect(mine.find((t) => t.id === ticketId)).toMatchObject({
      kind: 'dispute',
      abilities: { delete: false, reply: true },
    });

    // Only the reporter withdraws.
    expect((await post(deal.engineer, `/api/projects/${deal.projectId}/problem/withdraw`)).statusCode).toBe(
      403,
    );
    const withdrawn = await post(deal.client, `/api/projects/${deal.projectId}/problem/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().status).toBe('withdrawn');
    expect((await dealOf(deal.projectId)).state).toBe('paid');
    expect(await statusOf(deal.projectId)).toBe('assigned');
    expect(await balanceOf(app.ctx.db, accounts.escrow(deal.projectId))).toBe(800_00);
    const [ticket] = await app.ctx.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(ticket.status).toBe('closed');
    expect(await toldTo(deal.engineer.id)).toContainEqual(expect.stringContaining('withdrew the problem'));
  });

  it('has both parties in it: the other one reads it, answers with a file, and the reporter opens the file', async () => {
    const deal = await paidDeal(app, [800_00, 700_00]);
    const ticketId = (await report(deal.engineer, deal.projectId)).json().ticket_id as string;
    const mine = (await get(deal.client, '/api/support/my-tickets')).json() as Array<Record<string, unknown>>;
    expect(mine.find((t) => t.id === ticketId)).toMatchObject({
      kind: 'dispute',
      counterpart_id: deal.client.id,
    });
    const photo = await uploaded(
      app,
      'ticket_attachment',
      deal.client.auth,
      Buffer.from('%PDF-1.4\n%%EOF\n'),
    );
    const reply = await post(deal.client, `/api/support/${ticketId}/replies`, {
      message: 'Here are the reactions the carrier sent for 150 ft.',
      attachments: photo,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().attachments).toBe(photo);
    expect((await app.inject({ method: 'GET', url: photo, headers: deal.engineer.auth })).statusCode).toBe(
      200,
    );
    const stranger = await createUser(app, { role: 'engineer' });
    expect((await app.inject({ method: 'GET', url: photo, headers: stranger.auth })).statusCode).toBe(404);
    expect(await toldTo(deal.engineer.id)).toContainEqual(expect.stringContaining('replied to ticket'));
  });
});

describe('staff settle', () => {
  it('a split: $300.00 of $800.00 to the engineer ($240.00 after the fee), $500.00 back to the client', async () => {
    const deal = await paidDeal(app, [800_00, 700_00]);
    await submitVersion(app, deal);
    const dispute = (await report(deal.client, deal.projectId)).json();
    const bad = await settle(dispute.id, { outcome: 'split', engineer_cents: 800_00 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(DEAL_MESSAGES.splitAmount);
    const res = await settle(dispute.id, {
      outcome: 'split',
      engineer_cents: 300_00,
      note: 'Half the sheets were usable.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'split',
      engineer_cents: 300_00,
      client_refund_cents: 500_00,
    });
    const row = await dealOf(deal.projectId);
    expect(row).toMatchObject({
      state: 'split',
      engineerCents: 240_00,
      platformFeeCents: 60_00,
      clientRefundCents: 500_00,
    });
    expect(await balanceOf(app.ctx.db, accounts.escrow(deal.projectId))).toBe(0);
    expect(await balanceOf(app.ctx.db, accounts.client(deal.client.id))).toBe(-300_00);
    expect(await balanceOf(app.ctx.db, accounts.wallet(deal.engineer.id))).toBe(240_00);
    const [payout] = await app.ctx.db.select().from(payouts).where(eq(payouts.paymentId, deal.payment.id));
    expect(payout.amountCents).toBe(240_00);
    expect(await statusOf(deal.projectId)).toBe('closed');
    expect(await toldTo(deal.client.id)).toContainEqual(
      expect.stringContaining('$500.00 of $800.00 was refunded to you'),
    );
    expect(await toldTo(deal.engineer.id)).toContainEqual(
      expect.stringContaining('$240.00 is in your wallet'),
    );
    await expectLedgerHolds(app);
  });

  it('a refund: texts say support refunded, the project closes, and the client no longer opens the drawings', async () => {
    const deal = await paidDeal(app, [800_00, 700_00]);
    const version = await submitVersion(app, deal);
    const dispute = (await report(deal.client, deal.projectId)).json();
    const res = await settle(dispute.id, { outcome: 'refunded' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await dealOf(deal.projectId)).state).toBe('refunded');
    expect(await statusOf(deal.projectId)).toBe('closed');
    const engineerTexts = await toldTo(deal.engineer.id);
    expect(engineerTexts).toContainEqual(expect.stringContaining('Support settled the problem'));
    expect(engineerTexts.join('\n')).not.toContain('24-hour');
    const clientTexts = await toldTo(deal.client.id);
    expect(clientTexts).toContainEqual(expect.stringContaining('Support refunded your payment of $800.00'));
    expect(clientTexts.join('\n')).not.toContain('open again');
    expect(
      (await app.inject({ method: 'GET', url: version.attachments, headers: deal.client.auth })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: version.attachments, headers: deal.engineer.auth })).statusCode,
    ).toBe(200);
    await expectLedgerHolds(app);
  });
});

describe('a refunded engineer', () => {
  it('proposes again when the client invites them, and the old proposal stays in history', async () => {
    const deal = await paidDeal(app, [800_00, 700_00]);
    expect((await post(deal.client, '/api/payments/refund', { paymentId: deal.payment.id })).statusCode).toBe(
      200,
    );
    const before = await app.ctx.db
      .select()
      .from(proposals)
      .where(and(eq(proposals.projectId, deal.projectId), eq(proposals.engineerId, deal.engineer.id)));
    expect(before.map((p) => p.status)).toEqual(['rejected']);
    // Still a party to the refunded deal: the project page offers them its deal to read.
    const page = await app.inject({
      method: 'GET',
      url: `/api/projects/id/${deal.projectId}`,
      headers: deal.engineer.auth,
    });
    expect(page.json().abilities).toMatchObject({ read_deal: true, read_record: false });
    const readDeal = await app.inject({
      method: 'GET',
      url: `/api/projects/${deal.projectId}/deal`,
      headers: deal.engineer.auth,
    });
    expect(readDeal.json()).toMatchObject({ state: 'refunded' });
    // Not invited again: the old proposal still stands for them.
    const uninvited = await post(deal.engineer, `/api/proposals/create/${deal.engineer.id}`, {
      project_id: deal.projectId,
      description: 'A fresh offer.',
      license_type: before[0].licenseType,
      proposed_amount: 750_00,
      delivery_days: 10,
    });
    expect(uninvited.statusCode, uninvited.body).toBe(409);
    const invite = await post(
      deal.client,
      `/api/proposals/send_invitation/${deal.projectId}/${deal.engineer.id}`,
    );
    expect(invite.statusCode, invite.body).toBeLessThan(300);
    const again = await post(deal.engineer, `/api/proposals/create/${deal.engineer.id}`, {
      project_id: deal.projectId,
      description: 'A fresh offer.',
      license_type: before[0].licenseType,
      proposed_amount: 750_00,
      delivery_days: 10,
    });
    expect(again.statusCode, again.body).toBe(201);
    const after = await app.ctx.db
      .select()
      .from(proposals)
      .where(and(eq(proposals.projectId, deal.projectId), eq(proposals.engineerId, deal.engineer.id)));
    expect(after.map((p) => p.status).sort()).toEqual(['pending', 'rejected']);
  });
});

describe('auto-release', () => {
  it('reminds the client at 7 and 13 days and accepts for them at 14: $640.00 to the engineer, $160.00 fee', async () => {
    // Deliverables of earlier tests still wait in this shared app: settle them first, so the
    // counts below are this deal's alone.
    await runAutoRelease(app.ctx, new Date(Date.now() + 365 * DAY));
    const deal = await paidDeal(app, [800_00, 700_00]);
    await submitVersion(app, deal);
    const sent = (await dealOf(deal.projectId)).decisionDueAt!.getTime() - 14 * DAY;
    expect(await runAutoRelease(app.ctx, new Date(sent + 6 * DAY))).toEqual({ released: 0, reminded: 0 });
    expect(await runAutoRelease(app.ctx, new Date(sent + 7 * DAY + 60_000))).toEqual({
      released: 0,
      reminded: 1,
    });
    // Run twice: reminded once.
    expect(await runAutoRelease(app.ctx, new Date(sent + 7 * DAY + 120_000))).toEqual({
      released: 0,
      reminded: 0,
    });
    expect(await runAutoRelease(app.ctx, new Date(sent + 13 * DAY + 60_000))).toEqual({
      released: 0,
      reminded: 1,
    });
    const reminders = (await toldTo(deal.client.id)).filter((m) =>
      m.includes('is waiting for your decision'),
    );
    expect(reminders).toHaveLength(2);
    expect(await runAutoRelease(app.ctx, new Date(sent + 14 * DAY + 60_000))).toEqual({
      released: 1,
      reminded: 0,
    });
    expect(await dealOf(deal.projectId)).toMatchObject({
      state: 'released',
      engineerCents: 640_00,
      platformFeeCents: 160_00,
    });
    expect(await balanceOf(app.ctx.db, accounts.wallet(deal.engineer.id))).toBe(640_00);
    expect(await statusOf(deal.projectId)).toBe('completed');
    expect(await toldTo(deal.engineer.id)).toContainEqual(
      expect.stringContaining('was accepted automatically'),
    );
    expect(await toldTo(deal.client.id)).toContainEqual(expect.stringContaining('it was accepted for you'));
    await expectLedgerHolds(app);
  });

  it('is stopped by a rejection and by a problem report', async () => {
    const rejected = await paidDeal(app, [800_00, 700_00]);
    const v1 = await submitVersion(app, rejected);
    const due = (await dealOf(rejected.projectId)).decisionDueAt!.getTime();
    const decided = await app.inject({
      method: 'PATCH',
      url: `/api/submissions/${v1.id}/approve`,
      headers: rejected.client.auth,
      payload: { client_acceptance: false, comment: 'Wrong sheet size.' },
    });
    expect(decided.statusCode).toBe(200);
    const disputed = await paidDeal(app, [800_00, 700_00]);
    await submitVersion(app, disputed);
    expect((await report(disputed.client, disputed.projectId)).statusCode).toBe(201);
    await runAutoRelease(app.ctx, new Date(due + 30 * DAY));
    expect((await dealOf(rejected.projectId)).state).toBe('revising');
    expect((await dealOf(disputed.projectId)).state).toBe('disputed');
    expect(await balanceOf(app.ctx.db, accounts.escrow(rejected.projectId))).toBe(800_00);
    expect(await balanceOf(app.ctx.db, accounts.escrow(disputed.projectId))).toBe(800_00);
  });
});

describe('the deal as the project page reads it', () => {
  it('answers its state and each person’s abilities, and nothing to others', async () => {
    const deal = await paidDeal(app, [800_00, 700_00]);
    const url = `/api/projects/${deal.projectId}/deal`;
    const asClient = (await get(deal.client, url)).json() as DealDto;
    expect(asClient).toMatchObject({
      state: 'paid',
      escrow: 'held',
      amount_cents: 800_00,
      engineer_id: deal.engineer.id,
      abilities: { refund: true, deliver: false, report_problem: true, settle: false, message: true },
    });
    expect(asClient.refund_until).not.toBeNull();
    const asEngineer = (await get(deal.engineer, url)).json() as DealDto;
    expect(asEngineer.abilities).toMatchObject({ refund: false, deliver: true, report_problem: true });
    const asAdmin = (await get(admin, url)).json() as DealDto;
    expect(asAdmin.abilities).toMatchObject({
      refund: false,
      deliver: false,
      settle: false,
      show_submissions: true,
    });
    expect((await get(deal.offers[1].engineer, url)).statusCode).toBe(403);
    for (const who of [asClient, asEngineer, asAdmin])
      expect(who.abilities).toMatchObject({ rate_engineer: false, rate_client: false });
  });

  it('lets each party of a completed project rate the other, and nobody else', async () => {
    const deal = await completedDeal(app, [800_00, 700_00]);
    const url = `/api/projects/${deal.projectId}/deal`;
    const asClient = (await get(deal.client, url)).json() as DealDto;
    expect(asClient.abilities).toMatchObject({ rate_engineer: true, rate_client: false });
    const asEngineer = (await get(deal.engineer, url)).json() as DealDto;
    expect(asEngineer.abilities).toMatchObject({ rate_engineer: false, rate_client: true });
    const asAdmin = (await get(admin, url)).json() as DealDto;
    expect(asAdmin.abilities).toMatchObject({ rate_engineer: false, rate_client: false });
  });
});

describe('admin orders', () => {
  it('show title, parties and what happened to the money, filtered by escrow state', async () => {
    const held = await paidDeal(app, [800_00, 700_00]);
    const done = await paidDeal(app, [500_00, 450_00]);
    const v = await submitVersion(app, done);
    await app.inject({
      method: 'PATCH',
      url: `/api/submissions/${v.id}/approve`,
      headers: done.client.auth,
      payload: { client_acceptance: true },
    });
    const list = async (q: string) =>
      (await get(admin, `/api/payments/all_payments?${q}`)).json() as Array<Record<string, unknown>>;
    const all = await list('');
    expect(all.find((o) => o.id === held.payment.id)).toMatchObject({
      project_title: 'Deck permit drawings',
      customer_name: held.client.fullName,
      engineer_name: held.engineer.fullName,
      amount_cents: 800_00,
      escrow: 'held',
      deal_state: 'paid',
    });
    const released = await list('escrow=released');
    expect(released.map((o) => o.id)).toContain(done.payment.id);
    expect(released.every((o) => o.escrow === 'released')).toBe(true);
    expect((await get(admin, '/api/payments/all_payments?escrow=lost')).statusCode).toBe(400);
  });
});

describe('every screen hears of the change', () => {
  it('pushes deal-changed to both parties and staff when the client pays and when they accept', async () => {
    const { connect, listen } = await import('../../test/sockets.ts');
    const url = await listen(app);
    const deal = await paidDeal(app, [800_00, 700_00]);
    const engineerSocket = await connect(url, deal.engineer.token);
    const adminSocket = await connect(url, admin.token);
    const heard: Array<{ who: string; change: string; project: string }> = [];
    engineerSocket.on('deal-changed', (e) =>
      heard.push({ who: 'engineer', change: e.change, project: e.project_id }),
    );
    adminSocket.on('deal-changed', (e) =>
      heard.push({ who: 'admin', change: e.change, project: e.project_id }),
    );
    try {
      const v = await submitVersion(app, deal);
      await app.inject({
        method: 'PATCH',
        url: `/api/submissions/${v.id}/approve`,
        headers: deal.client.auth,
        payload: { client_acceptance: true },
      });
      await eventually(async () => heard.filter((h) => h.change === 'released').length >= 2);
      expect(heard).toContainEqual({ who: 'engineer', change: 'released', project: deal.projectId });
      expect(heard).toContainEqual({ who: 'admin', change: 'delivered', project: deal.projectId });
    } finally {
      engineerSocket.disconnect();
      adminSocket.disconnect();
    }
    // Deliverable files of the deal are kept: a row per version.
    expect(await app.ctx.db.select().from(files).where(eq(files.kind, 'deliverable'))).not.toHaveLength(0);
  });
});
