// The admin finance summary matches the ledger after a deal is paid, completed and paid out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDeal } from '../../test/fixtures/payouts.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { runPayouts } from '../payouts/payout-run.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

describe('admin finance summary', () => {
  it('follows the money from escrow to revenue and payouts, for staff only', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const get = async () =>
      (await app.inject({ method: 'GET', url: '/api/admin/finance', headers: admin.auth })).json();
    const deal = await dueDeal(app, 1_000_00);
    const platformFeeCents = 200_00;
    const engineerCents = 800_00;
    let summary = await get();
    expect(summary).toMatchObject({ escrow: 0, platform_revenue: platformFeeCents, wallets: engineerCents });
    const month = summary.months.at(-1);
    expect(month).toMatchObject({ paid_in: 1_000_00, revenue: platformFeeCents, paid_out: 0 });
    expect(summary.months).toHaveLength(12);

    await runPayouts(app.ctx, { date: deal.payout.payoutDate });
    summary = await get();
    expect(summary).toMatchObject({ wallets: 0, due_next_run: 0, failed_payouts_count: 0 });
    expect(summary.months.at(-1).paid_out).toBe(engineerCents);

    for (const who of [deal.client, deal.engineer])
      expect(
        (await app.inject({ method: 'GET', url: '/api/admin/finance', headers: who.auth })).statusCode,
      ).toBe(403);
  });
});
