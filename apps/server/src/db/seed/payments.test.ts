import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password.ts';
import { createSession } from '../../modules/auth/sessions.ts';
import { expectLedgerHolds } from '../../modules/payments/test-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { chatRooms, payments, projects } from '../schema/index.ts';
import { seedAccounts } from './accounts.ts';
import { seedPayments } from './payments.ts';
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
