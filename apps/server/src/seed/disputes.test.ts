import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts, projects, supportTickets } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { createSession } from '../modules/access/sessions.ts';
import { expectLedgerHolds } from '../test/fixtures/payments.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { seedAccounts } from './accounts.ts';
import { seedDeals } from './deals.ts';
import { DEMO_DISPUTES, seedDisputes } from './disputes.ts';
import { seedPayments } from './payments.ts';
import { seedProjects } from './projects.ts';
import { seedSupport } from './support.ts';
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
    await seedSupport(tx, people);
    await seedDisputes(tx, people);
    await seedDeals(tx);
  });
});
afterAll(() => app.dispose());

const auth = async (key: string) => ({
  authorization: `Bearer ${await createSession(app.ctx.db, people[key].id)}`,
});
const projectNamed = async (title: string) =>
  (await app.ctx.db.select().from(projects).where(eq(projects.title, title)))[0];
const ticketOf = async (projectId: string) =>
  (await app.ctx.db.select().from(supportTickets).where(eq(supportTickets.projectId, projectId)))[0];

describe('demo problem reports', () => {
  it('holds an open problem whose ticket staff can settle, and the ledger holds', async () => {
    await expectLedgerHolds(app);
    const tower = await projectNamed(DEMO_DISPUTES.open.project);
    expect(tower.status).toBe('problem');
    const ticket = await ticketOf(tower.id);
    expect(ticket.status).toBe('open');
    const res = await app.inject({
      method: 'GET',
      url: `/api/disputes/ticket/${ticket.id}`,
      headers: await auth('admin'),
    });
    expect(res.statusCode).toBe(200);
    const dispute = res.json();
    expect(dispute).toMatchObject({
      status: 'open',
      abilities: { resolve: true },
      reported_by_name: 'Priya Raman',
    });
    expect(dispute.escrow_cents).toBeGreaterThan(0);
    // Both parties see it on the project page.
    for (const who of ['client2', 'eng2']) {
      const seen = await app.inject({
        method: 'GET',
        url: `/api/projects/${tower.id}/dispute`,
        headers: await auth(who),
      });
      expect(seen.json().status, who).toBe('open');
    }
  });

  it('holds a problem settled by releasing the payment: project completed, payout due, ticket closed with the decision', async () => {
    const hall = await projectNamed(DEMO_DISPUTES.settled.project);
    expect(hall.status).toBe('completed');
    const ticket = await ticketOf(hall.id);
    expect(ticket.status).toBe('closed');
    const res = await app.inject({
      method: 'GET',
      url: `/api/projects/${hall.id}/dispute`,
      headers: await auth('client3'),
    });
    expect(res.json()).toMatchObject({
      status: 'released',
      resolution_note: DEMO_DISPUTES.settled.note,
      abilities: { resolve: false },
    });
    const due = await app.ctx.db.select().from(payouts).where(eq(payouts.engineerId, people.eng6.id));
    expect(due.some((p) => p.status === 'initiated')).toBe(true);
    const replies = await app.inject({
      method: 'GET',
      url: `/api/support/${ticket.id}/replies`,
      headers: await auth('admin'),
    });
    expect(JSON.stringify(replies.json())).toContain('was released to Charlotte Wilson');
  });

  it('lets staff refund the open one from its ticket; the ledger still holds', async () => {
    const tower = await projectNamed(DEMO_DISPUTES.open.project);
    const ticket = await ticketOf(tower.id);
    const dispute = (
      await app.inject({
        method: 'GET',
        url: `/api/disputes/ticket/${ticket.id}`,
        headers: await auth('admin'),
      })
    ).json();
    const res = await app.inject({
      method: 'POST',
      url: `/api/disputes/${dispute.id}/resolve`,
      headers: await auth('admin'),
      payload: { outcome: 'refunded', note: 'The calculations did not match the brief.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('refunded');
    await expectLedgerHolds(app);
  });
});
