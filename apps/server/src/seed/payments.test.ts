import { nextPayoutRunDate } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRooms, payments, projects } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { createSession } from '../modules/access/sessions.ts';
import { runPayouts } from '../modules/payouts/payout-run.ts';
import { expectLedgerHolds } from '../test/fixtures/payments.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { seedAccounts } from './accounts.ts';
import { seedDeals } from './deals.ts';
import { DEMO_REFUSED_PAYOUT, seedPayments } from './payments.ts';
import { seedProjects } from './projects.ts';
import { DEMO_PASSWORD, type SeededUsers, seedUsers } from './users.ts';

let app: TestApp;
let people: SeededUsers;
beforeAll(async () => {
  app = await createTestApp();
  const hash = await hashPassword(DEMO_PASSWORD);
  await app.ctx.transaction(async (tx) => {
    people = await seedUsers(tx, hash);
    await seedAccounts(tx, people, app.ctx.config.encryptionKey);
    await seedProjects(tx, people);
    await seedPayments(tx, people, 'test');
    await seedDeals(tx);
  });
});
afterAll(() => app.dispose());

const auth = async (key: string) => ({
  authorization: `Bearer ${await createSession(app.ctx.db, people[key].id)}`,
});

describe('demo payments', () => {
  it('pays for every project past open, and the ledger holds', async () => {
    const deals = await app.ctx.db.select().from(projects);
    const paid = await app.ctx.db.select().from(payments).where(eq(payments.status, 'succeeded'));
    const paidProjects = new Set(paid.map((p) => p.projectId));
    for (const p of deals.filter((d) =>
      ['assigned', 'inprogress', 'completed', 'problem'].includes(d.status),
    ))
      expect(paidProjects.has(p.id), p.title).toBe(true);
    const rooms = await app.ctx.db.select().from(chatRooms);
    expect(rooms.filter((r) => !r.closedAt).length).toBe(paid.length);
    const report = await expectLedgerHolds(app);
    expect(report.totals.escrowCents).toBeGreaterThan(0);
    expect(report.totals.platformRevenueCents).toBeGreaterThan(0);
  });

  it('dates its ledger history, so the admin finance chart spreads over the months', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/finance', headers: await auth('admin') });
    expect(res.statusCode).toBe(200);
    const months = res.json().months as Array<{ paid_in: number; revenue: number; paid_out: number }>;
    expect(months.filter((m) => m.paid_in > 0).length).toBeGreaterThanOrEqual(2);
    expect(months.filter((m) => m.revenue > 0).length).toBeGreaterThanOrEqual(2);
    expect(months.some((m) => m.paid_out > 0)).toBe(true);
  });

  it('shows Claire Client a payment in every state, one refundable now and one refused', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/payments/user/${people.client.id}`,
      headers: await auth('client'),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{
      status: string;
      refundable: boolean;
      project_title: string;
      id: string;
    }>;
    expect(new Set(list.map((p) => p.status))).toEqual(new Set(['succeeded', 'refunded', 'failed']));
    const refundable = list.filter((p) => p.refundable);
    expect(refundable.map((p) => p.project_title)).toEqual(['Brewery process piping and drains']);
    const old = list.find((p) => p.status === 'succeeded' && !p.refundable);
    expect(old).toBeDefined();
    const refused = await app.inject({
      method: 'POST',
      url: '/api/payments/refund',
      headers: await auth('client'),
      payload: { paymentId: old?.id },
    });
    expect(refused.statusCode).toBe(409);
  });

  it('lets the recent demo payment be refunded through the test provider', async () => {
    const list = (
      await app.inject({
        method: 'GET',
        url: `/api/payments/user/${people.client.id}`,
        headers: await auth('client'),
      })
    ).json() as Array<{ id: string; refundable: boolean }>;
    const target = list.find((p) => p.refundable);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/refund',
      headers: await auth('client'),
      payload: { paymentId: target?.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment.status).toBe('refunded');
    await expectLedgerHolds(app);
  });
});

describe("the demo engineer's wallet", () => {
  it('shows a paid payout, one due next Sunday and one refused with its money back in the wallet', async () => {
    const headers = await auth('engineer');
    const id = people.engineer.id;
    const payoutList = (
      await app.inject({ method: 'GET', url: `/api/payout/user/${id}`, headers })
    ).json() as Array<{ status: string; payout_date: string; failure_reason: string | null; amount: number }>;
    const by = (s: string) => payoutList.filter((p) => p.status === s);
    expect(by('succeeded').length).toBeGreaterThanOrEqual(1);
    expect(by('initiated').map((p) => p.payout_date)).toEqual([nextPayoutRunDate(new Date())]);
    expect(by('failed')).toHaveLength(1);
    expect(by('failed')[0].failure_reason).toBe(DEMO_REFUSED_PAYOUT);

    const wallet = (await app.inject({ method: 'GET', url: `/api/wallet/${id}`, headers })).json();
    const waiting = [...by('initiated'), ...by('failed')].reduce((n, p) => n + p.amount, 0);
    expect(wallet.amount).toBe(waiting);
    expect(wallet.due_next_run).toBe(waiting);
    expect(wallet.paid_out).toBe(by('succeeded').reduce((n, p) => n + p.amount, 0));
    expect(wallet.payouts_enabled).toBe(true);

    const transactions = (
      await app.inject({ method: 'GET', url: `/api/wallet/payouts/user/${id}`, headers })
    ).json() as Array<{ status: string }>;
    expect(new Set(transactions.map((t) => t.status))).toEqual(new Set(['succeeded', 'pending', 'failed']));
  });

  it('is paid by the next Sunday run, once, and the ledger holds', async () => {
    const date = nextPayoutRunDate(new Date());
    const first = await runPayouts(app.ctx, { date });
    expect(first.paid).toBeGreaterThanOrEqual(2);
    expect(first.failed).toBe(0);
    const again = await runPayouts(app.ctx, { date });
    expect(again.paid).toBe(0);
    const wallet = (
      await app.inject({
        method: 'GET',
        url: `/api/wallet/${people.engineer.id}`,
        headers: await auth('engineer'),
      })
    ).json();
    expect(wallet.amount).toBe(0);
    await expectLedgerHolds(app);
  });
});
