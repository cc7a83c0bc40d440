// The payout run in test mode and the wallet calls: due payouts paid once on their Sunday,
// the 10 USD minimum, payout accounts not ready, refused transfers back in the wallet,
// runs racing each other, a run resumed after it stopped mid-way, a reversed transfer.
import { MIN_PAYOUT_CENTS, type PayoutDto, type WalletDto } from '@app/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPaymentsProvider } from '../../adapters/payments/test-provider.ts';
import { notifications, payoutAccounts, payouts, testTransfers } from '../../db/schema/index.ts';
import { expectLedgerHolds, type Person } from '../../test/fixtures/payments.ts';
import { dueDeal as dueDealOf, providerAccount as providerAccountOf } from '../../test/fixtures/payouts.ts';
import { createTestApp, createUser, eventually, type TestApp } from '../../test/harness.ts';
import { accounts, balanceOf } from '../ledger/ledger.service.ts';
import { sendFromWallet } from './payout-postings.ts';
import { runPayouts } from './payout-run.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

const payoutOf = async (paymentId: string) =>
  (await app.ctx.db.select().from(payouts).where(eq(payouts.paymentId, paymentId)))[0];
const transfersOf = async (payoutId: string) =>
  (await app.ctx.db.select().from(testTransfers)).filter((t) => t.metadata.payout_id === payoutId);
const wallet = async (who: Person, id = who.id) =>
  (await app.inject({ method: 'GET', url: `/api/wallet/${id}`, headers: who.auth })).json() as WalletDto;
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const dueDeal = (amountCents?: number) => dueDealOf(app, amountCents);
const providerAccount = (engineerId: string, enabled: boolean) => providerAccountOf(app, engineerId, enabled);

describe('payout run', () => {
  it('pays a due payout once, on its Sunday and not before, and tells the engineer', async () => {
    const deal = await dueDeal(500_00);
    const engineerCents = 400_00;
    expect(deal.payout).toMatchObject({ status: 'initiated', amountCents: engineerCents });
    expect(await wallet(deal.engineer)).toMatchObject({ amount: engineerCents, paid_out: 0 });

    const early = await runPayouts(app.ctx, { date: dayBefore(deal.payout.payoutDate) });
    expect(early.paid).toBe(0);
    expect((await payoutOf(deal.payment.id)).status).toBe('initiated');

    const run = await runPayouts(app.ctx, { date: deal.payout.payoutDate });
    expect(run.paid).toBeGreaterThanOrEqual(1);
    const paid = await payoutOf(deal.payment.id);
    expect(paid).toMatchObject({ status: 'succeeded', attempt: 1 });
    expect(paid.providerTransferId).toMatch(/^tr_test_/);
    expect(await transfersOf(paid.id)).toMatchObject([
      {
        amount: engineerCents,
        transferGroup: deal.projectId,
        metadata: { payout_id: paid.id, attempt: '1' },
      },
    ]);
    expect(await balanceOf(app.ctx.db, accounts.wallet(deal.engineer.id))).toBe(0);
    expect(await wallet(deal.engineer)).toMatchObject({ amount: 0, paid_out: engineerCents, on_the_way: 0 });

    // A second run on the same day pays nothing again.
    await runPayouts(app.ctx, { date: deal.payout.payoutDate });
    expect(await transfersOf(paid.id)).toHaveLength(1);
    const notes = await app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, deal.engineer.id));
    expect(notes.map((n) => n.message)).toContainEqual(
      expect.stringContaining('was sent to your payout account'),
    );
    expect(
      await eventually(async () =>
        (await app.ctx.mail.recent(100)).some(
          (m) => m.to === deal.engineer.email && m.subject.startsWith('Payout sent'),
        ),
      ),
    ).toBe(true);
    await expectLedgerHolds(app);
  });

  it('keeps an amount under $10.00 in the wallet instead of paying it', async () => {
    // $12.00 paid: the engineer's 80% is $9.60, under the minimum.
    const small = await dueDeal(12_00);
    expect(small.payout.amountCents).toBeLessThan(MIN_PAYOUT_CENTS);
    await runPayouts(app.ctx, { date: small.payout.payoutDate });
    expect((await payoutOf(small.payment.id)).status).toBe('initiated');
    expect(await balanceOf(app.ctx.db, accounts.wallet(small.engineer.id))).toBe(small.payout.amountCents);
    expect(await wallet(small.engineer)).toMatchObject({ amount: small.payout.amountCents, due_next_run: 0 });
    await expectLedgerHolds(app);
  });

  it('says when each payout is paid and why, by the run rule, with one status in both lists', async () => {
    const deal = await dueDeal(400_00);
    const engineerCents = deal.payout.amountCents;
    // Released today: due the Sunday of the week after, which is not the next run.
    const w = await wallet(deal.engineer);
    expect(w.next_run_date < deal.payout.payoutDate).toBe(true);
    expect(w).toMatchObject({ next_payout_date: deal.payout.payoutDate, next_payout_amount: engineerCents });
    const plan = { run_date: deal.payout.payoutDate, reason: 'scheduled' };
    const history = (
      await app.inject({
        method: 'GET',
        url: `/api/payout/user/${deal.engineer.id}`,
        headers: deal.engineer.auth,
      })
    ).json() as PayoutDto[];
    expect(history).toMatchObject([{ status: 'initiated', plan }]);
    const transactions = (
      await app.inject({
        method: 'GET',
        url: `/api/wallet/payouts/user/${deal.engineer.id}`,
        headers: deal.engineer.auth,
      })
    ).json();
    expect(transactions).toMatchObject([{ status: 'pending', payout_status: 'initiated', plan }]);

    await app.ctx.db
      .update(payoutAccounts)
      .set({ payoutsEnabled: false })
      .where(eq(payoutAccounts.userId, deal.engineer.id));
    expect(await wallet(deal.engineer)).toMatchObject({ next_payout_date: null, next_payout_amount: 0 });
    const waiting = (
      await app.inject({
        method: 'GET',
        url: `/api/payout/user/${deal.engineer.id}`,
        headers: deal.engineer.auth,
      })
    ).json() as PayoutDto[];
    expect(waiting[0].plan).toEqual({ run_date: null, reason: 'account' });
  });

  it('lets payouts of an engineer whose payout account is not ready wait', async () => {
    const deal = await dueDeal(300_00);
    await app.ctx.db
      .update(payoutAccounts)
      .set({ payoutsEnabled: false })
      .where(eq(payoutAccounts.userId, deal.engineer.id));
    await runPayouts(app.ctx, { date: deal.payout.payoutDate });
    expect((await payoutOf(deal.payment.id)).status).toBe('initiated');
    expect(await wallet(deal.engineer)).toMatchObject({ payouts_enabled: false, due_next_run: 0 });
  });

  it('puts a refused transfer back in the wallet, tells the engineer, and pays on the next run', async () => {
    const deal = await dueDeal(250_00);
    // Ready in our records, but the provider refuses (the account lost its transfers capability).
    await providerAccount(deal.engineer.id, false);
    await runPayouts(app.ctx, { date: deal.payout.payoutDate });
    const failed = await payoutOf(deal.payment.id);
    expect(failed).toMatchObject({ status: 'failed', attempt: 1 });
    expect(failed.failureReason).toContain('capabilities');
    expect(await balanceOf(app.ctx.db, accounts.wallet(deal.engineer.id))).toBe(failed.amountCents);
    const notes = await app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, deal.engineer.id));
    expect(notes.map((n) => n.message)).toContainEqual(expect.stringContaining('could not be sent'));
    await expectLedgerHolds(app);

    await providerAccount(deal.engineer.id, true);
    await runPayouts(app.ctx, { date: deal.payout.payoutDate });
    expect(await payoutOf(deal.payment.id)).toMatchObject({ status: 'succeeded', attempt: 2 });
    expect(await transfersOf(failed.id)).toHaveLength(1);
    expect(await balanceOf(app.ctx.db, accounts.wallet(deal.engineer.id))).toBe(0);
    await expectLedgerHolds(app);
  });

  it('runs once when started twice at the same time', async () => {
    const deals = [await dueDeal(200_00), await dueDeal(220_00), await dueDeal(240_00)];
    const date = deals[0].payout.payoutDate;
    const results = await Promise.all([runPayouts(app.ctx, { date }), runPayouts(app.ctx, { date })]);
    expect(results.filter((r) => r.skipped)).toHaveLength(1);
    for (const d of deals) {
      expect((await payoutOf(d.payment.id)).status).toBe('succeeded');
      expect(await transfersOf(d.payout.id)).toHaveLength(1);
    }
    await expectLedgerHolds(app);
  });

  it('settles payouts a stopped run left pending, without paying twice', async () => {
    const sent = await dueDeal(310_00);
    const unsent = await dueDeal(320_00);
    // What a run that died after claiming both leaves behind: both pending, the money out of
    // the wallets; the provider made the first transfer, never heard of the second.
    for (const d of [sent, unsent])
      await app.ctx.transaction(async (tx) => {
        const [claimed] = await tx
          .update(payouts)
          .set({ status: 'pending', attempt: 1, claimedAt: new Date() })
          .where(eq(payouts.id, d.payout.id))
          .returning();
        await sendFromWallet(tx, claimed);
      });
    const made = await app.ctx.payments.createTransfer({
      amountCents: sent.payout.amountCents,
      currency: 'usd',
      destination: (
        await app.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, sent.engineer.id))
      )[0].providerAccountId,
      transferGroup: sent.projectId,
      metadata: { payout_id: sent.payout.id, attempt: '1' },
      idempotencyKey: `payout:${sent.payout.id}:1`,
    });
    await expectLedgerHolds(app);
    // Days later (past any idempotency key's life), the next run settles them.
    await runPayouts(app.ctx, { date: '2000-01-02' });
    expect(await payoutOf(sent.payment.id)).toMatchObject({
      status: 'succeeded',
      providerTransferId: made.id,
    });
    expect(await payoutOf(unsent.payment.id)).toMatchObject({ status: 'succeeded', attempt: 1 });
    expect(await transfersOf(sent.payout.id)).toHaveLength(1);
    expect(await transfersOf(unsent.payout.id)).toHaveLength(1);
    await expectLedgerHolds(app);
  });

  it('fails a paid payout whose transfer the provider reversed, once', async () => {
    const deal = await dueDeal(280_00);
    await runPayouts(app.ctx, { date: deal.payout.payoutDate });
    const paid = await payoutOf(deal.payment.id);
    await app.ctx.db
      .update(testTransfers)
      .set({ reversed: true })
      .where(eq(testTransfers.id, paid.providerTransferId!));
    const provider = app.ctx.payments as TestPaymentsProvider;
    const payload = JSON.stringify({
      id: `evt_${paid.id}`,
      object: 'event',
      type: 'transfer.reversed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: { id: paid.providerTransferId, object: 'transfer', amount: paid.amountCents, reversed: true },
      },
    });
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: provider.webhookSecret,
          }),
        },
        payload,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await payoutOf(deal.payment.id)).toMatchObject({
      status: 'failed',
      failureReason: 'The transfer was reversed.',
    });
    expect(await balanceOf(app.ctx.db, accounts.wallet(deal.engineer.id))).toBe(paid.amountCents);
    await expectLedgerHolds(app);
  });
});

describe('wallet and payout calls', () => {
  it('answer the engineer and admins only', async () => {
    const deal = await dueDeal(400_00);
    await runPayouts(app.ctx, { date: deal.payout.payoutDate });
    const list = await app.inject({
      method: 'GET',
      url: `/api/payout/user/${deal.engineer.id}`,
      headers: deal.engineer.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json() as PayoutDto[]).toMatchObject([
      {
        submission_id: deal.submission.id,
        project_id: deal.projectId,
        amount: 320_00,
        status: 'succeeded',
      },
    ]);
    const transactions = await app.inject({
      method: 'GET',
      url: `/api/wallet/payouts/user/${deal.engineer.id}`,
      headers: deal.engineer.auth,
    });
    expect(transactions.json()).toMatchObject([
      {
        gross_cents: 400_00,
        fee_cents: 80_00,
        amount: 320_00,
        status: 'succeeded',
        project_title: 'Deck permit drawings',
      },
    ]);
    const admin = await createUser(app, { role: 'admin' });
    for (const url of [
      `/api/wallet/${deal.engineer.id}`,
      `/api/payout/user/${deal.engineer.id}`,
      `/api/wallet/payouts/user/${deal.engineer.id}`,
    ]) {
      expect((await app.inject({ method: 'GET', url, headers: admin.auth })).statusCode).toBe(200);
      for (const who of [
        deal.client,
        deal.offers.length > 1 ? deal.offers[1].engineer : await createUser(app, { role: 'engineer' }),
      ])
        expect((await app.inject({ method: 'GET', url, headers: who.auth })).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    // Nothing moved by reading.
    const states = await app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payouts)
      .where(inArray(payouts.status, ['pending']));
    expect(states[0].n).toBe(0);
  });
});
