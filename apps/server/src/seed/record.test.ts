// The demo's project records: rebuilt from every demo seed, each one chained and verifying.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRecordEntries, projects } from '../db/schema/index.ts';
import { verifyAllRecords } from '../modules/project-record/record.service.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { seedDemo } from './index.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await seedDemo(app.ctx);
});
afterAll(() => app.dispose());

describe('demo project records', () => {
  it('give every demo project a record that verifies', async () => {
    const all = await app.ctx.db.select({ id: projects.id }).from(projects);
    const check = await verifyAllRecords(app.ctx.db);
    expect(check.broken).toEqual([]);
    expect(check.projects).toBe(all.length);
  });

  it('tell a completed deal from posting to payout, in time order', async () => {
    const [hvac] = await app.ctx.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.title, 'Small office HVAC replacement'));
    const entries = await app.ctx.db
      .select()
      .from(projectRecordEntries)
      .where(eq(projectRecordEntries.projectId, hvac.id))
      .orderBy(projectRecordEntries.seq);
    const types = entries.map((e) => e.type);
    expect(types[0]).toBe('project_posted');
    for (const t of [
      'proposal_sent',
      'contract_signed',
      'payment_succeeded',
      'escrow_released',
      'payout_paid',
    ])
      expect(types, t).toContain(t);
    const times = entries.map((e) => e.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('name the amount wherever the product’s own entry does (a contract hires for its price)', async () => {
    const entries = await app.ctx.db.select().from(projectRecordEntries);
    const priced = entries.filter((e) =>
      ['proposal_sent', 'contract_signed', 'payment_succeeded'].includes(e.type),
    );
    expect(priced.length).toBeGreaterThan(10);
    for (const e of priced) expect(e.data.amount_cents, `${e.type} ${e.projectId}`).toBeGreaterThan(0);
  });
});
