// The ledger check must see money that does not add up: each case breaks one thing inside a
// transaction that is rolled back afterwards, and the check (run in that transaction) must
// name it. The database itself refuses unbalanced or rewritten postings.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { payments, payouts } from '../../db/schema/index.ts';
import { dueDeal } from '../../test/fixtures/payouts.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { runPayouts } from '../payouts/payout-run.ts';
import { checkLedger } from './ledger.check.ts';
import { accounts, post, transfer, UnbalancedPostingError } from './ledger.service.ts';

let app: TestApp;
let deal: Awaited<ReturnType<typeof dueDeal>>;
beforeAll(async () => {
  app = await createTestApp({}, { ledger: 'broken' });
  deal = await dueDeal(app, 300_00);
  await runPayouts(app.ctx, { date: deal.payout.payoutDate });
  await dueDeal(app, 200_00); // a second, released and not yet paid out
});
afterAll(() => app.dispose());

class Rollback extends Error {}

/** The names of the checks that fail once `breakIt` ran, all rolled back afterwards. */
async function failingAfter(breakIt: (tx: Tx) => Promise<unknown>): Promise<string[]> {
  let failing: string[] = [];
  await app.ctx
    .transaction(async (tx) => {
      await breakIt(tx);
      failing = (await checkLedger(tx)).checks.filter((c) => !c.ok).map((c) => c.name);
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return failing;
}

describe('ledger check', () => {
  it('holds on consistent money', async () => {
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });

  it('sees escrow that the payments do not explain', async () => {
    const failing = await failingAfter((tx) =>
      tx.update(payments).set({ releasedAt: null }).where(eq(payments.id, deal.payment.id)),
    );
    expect(failing).toContainEqual(expect.stringContaining('escrow of each project'));
  });

  it('sees money moved between accounts outside the product’s movements', async () => {
    const failing = await failingAfter((tx) =>
      post(tx, {
        sourceKey: 'test:skim',
        kind: 'release',
        memo: 'moved by hand',
        entries: transfer(accounts.platformRevenue(), accounts.wallet(deal.engineer.id), 1),
      }),
    );
    expect(failing).toContainEqual(expect.stringContaining("each engineer's wallet"));
    expect(failing).toContainEqual(expect.stringContaining('split 20/80'));
  });

  it('sees a payout marked paid that never left the wallet, and one left unpaid after it did', async () => {
    const [unpaid] = await app.ctx.db.select().from(payouts).where(eq(payouts.status, 'initiated'));
    const failing = await failingAfter((tx) =>
      tx.update(payouts).set({ status: 'succeeded' }).where(eq(payouts.id, unpaid.id)),
    );
    expect(failing).toContainEqual(expect.stringContaining("each engineer's wallet"));
    expect(failing).toContainEqual(expect.stringContaining('payouts clearing'));
    const reopened = await failingAfter((tx) =>
      tx.update(payouts).set({ status: 'initiated' }).where(eq(payouts.id, deal.payout.id)),
    );
    expect(reopened).toContainEqual(expect.stringContaining('payouts clearing'));
  });

  it('sees a released payment without its payout', async () => {
    const failing = await failingAfter((tx) =>
      tx.delete(payouts).where(eq(payouts.paymentId, deal.payment.id)),
    );
    expect(failing).toContainEqual(expect.stringContaining('one payout'));
  });

  it('is backed by the database: unbalanced and rewritten postings are refused', async () => {
    await expect(
      post(app.ctx.db, {
        sourceKey: 'test:unbalanced',
        kind: 'release',
        memo: 'x',
        entries: [
          { account: accounts.platformRevenue(), amountCents: 5 },
          { account: accounts.wallet(deal.engineer.id), amountCents: -4 },
        ],
      }),
    ).rejects.toBeInstanceOf(UnbalancedPostingError);
    // Past the code's own check, straight to the database.
    await expect(
      app.ctx.transaction(async (tx) => {
        const [t] = await tx
          .execute(
            sql`insert into ledger_transactions (source_key, kind, memo) values ('test:raw', 'release', 'raw') returning id`,
          )
          .then((r) => (r as unknown as { rows: Array<{ id: string }> }).rows);
        const [acct] = await tx
          .execute(sql`select id from ledger_accounts where code = 'platform:revenue'`)
          .then((r) => (r as unknown as { rows: Array<{ id: string }> }).rows);
        await tx.execute(
          sql`insert into ledger_entries (transaction_id, account_id, amount_cents) values (${t.id}, ${acct.id}, 7)`,
        );
      }),
    ).rejects.toThrow();
    await expect(
      app.ctx.db.execute(sql`update ledger_entries set amount_cents = amount_cents + 1`),
    ).rejects.toThrow();
    await expect(app.ctx.db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });
});
