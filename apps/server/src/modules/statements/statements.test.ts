// Receipts and statements through the API: who may download them, what they say (the PDF's
// text read back with poppler's pdftotext), and a reconciliation of the statements with the
// ledger check's totals, in literal cents.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STATEMENT_MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerHolds, type Person, paidDeal } from '../../test/fixtures/payments.ts';
import { dueDeal } from '../../test/fixtures/payouts.ts';
import { submitVersion } from '../../test/fixtures/submissions.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { checkLedger } from '../ledger/index.ts';
import { runPayouts } from '../payouts/payout-run.ts';

const PDFTOTEXT = '/usr/bin/pdftotext';
const dir = mkdtempSync(join(tmpdir(), 'statements-'));

/** The PDF's text as poppler reads it, or null without poppler (npm run test:unit installs it). */
function pdfText(body: Buffer): string | null {
  if (!existsSync(PDFTOTEXT)) return null;
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, body);
  return execFileSync(PDFTOTEXT, ['-layout', file, '-'], { encoding: 'utf8' });
}

let app: TestApp;
let paidOut: Awaited<ReturnType<typeof dueDeal>>;
let inWallet: Awaited<ReturnType<typeof dueDeal>>;
let refunded: Awaited<ReturnType<typeof paidDeal>>;
let admin: Person;
const now = new Date();
const year = String(now.getUTCFullYear());
const month = now.toISOString().slice(0, 7);

beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, { role: 'admin' });
  // Released and paid out: 300.00 -> fee 60.00, 240.00 sent to the payout account.
  paidOut = await dueDeal(app, 300_00);
  await runPayouts(app.ctx, { date: paidOut.payout.payoutDate });
  // Released, still in the wallet: 200.00 -> fee 40.00, 160.00 waiting for Sunday.
  inWallet = await dueDeal(app, 200_00);
  // Paid and refunded within the window: 400.00 back to the client.
  refunded = await paidDeal(app, [400_00]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/refund',
    headers: refunded.client.auth,
    payload: { paymentId: refunded.payment.id },
  });
  expect(res.json().payment.status).toBe('refunded');
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await app.dispose();
});

const get = (url: string, who: { auth: Record<string, string> } | null) =>
  app.inject({ method: 'GET', url, headers: who?.auth ?? {} });

describe('receipts', () => {
  it('gives the paying client a receipt of the payment, from the ledger', async () => {
    const res = await get(`/api/receipts/${paidOut.payment.id}`, paidOut.client);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toContain(`receipt-${paidOut.payment.id.slice(0, 8)}.pdf`);
    const text = pdfText(res.rawPayload);
    if (text === null) return;
    expect(text).toContain('Payment receipt');
    expect(text).toMatch(/Amount paid\s+\$300\.00 USD/);
    expect(text).toContain(paidOut.payment.id);
    expect(text).toContain(paidOut.client.fullName);
    expect(text).toContain(paidOut.engineer.fullName);
    expect(text).toContain('Deck permit drawings');
    expect(text).toMatch(/Platform fee \(20%, included\)\s+\$60\.00/);
    expect(text).toMatch(/Engineer's share\s+\$240\.00/);
    expect(text).toContain('What the platform fee covers');
  });

  it('gives a refund its own receipt, and none to a payment never refunded', async () => {
    const res = await get(`/api/receipts/${refunded.payment.id}/refund`, refunded.client);
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    if (text !== null) {
      expect(text).toContain('Refund receipt');
      expect(text).toMatch(/Amount refunded\s+\$400\.00 USD/);
      expect(text).toContain('Refunded at your request within the refund window.');
    }
    const paid = await get(`/api/receipts/${refunded.payment.id}`, refunded.client);
    const paidText = pdfText(paid.rawPayload);
    if (paidText !== null) expect(paidText).toMatch(/Platform fee \(20%, included\)\s+\$0\.00/);

    const none = await get(`/api/receipts/${paidOut.payment.id}/refund`, paidOut.client);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(STATEMENT_MESSAGES.noRefundReceipt);
  });

  it('lets staff download any receipt and nobody else, without saying whether it exists', async () => {
    expect((await get(`/api/receipts/${paidOut.payment.id}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/receipts/${refunded.payment.id}/refund`, admin)).statusCode).toBe(200);
    for (const who of [paidOut.engineer, inWallet.client, await createUser(app, { role: 'client' })]) {
      const res = await get(`/api/receipts/${paidOut.payment.id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(STATEMENT_MESSAGES.receiptNotFound);
    }
    expect((await get(`/api/receipts/${paidOut.payment.id}`, null)).statusCode).toBe(401);
    const unknown = await get('/api/receipts/00000000-0000-4000-8000-000000000000', admin);
    expect(unknown.statusCode).toBe(404);
    const bad = await get('/api/receipts/not-an-id', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(STATEMENT_MESSAGES.receiptNotFound);
  });
});

describe('earnings statements', () => {
  const statement = (who: Person | null, engineerId: string, period: string, format = 'pdf') =>
    get(`/api/statements/${engineerId}?period=${period}&format=${format}`, who);

  it("reconcile with the ledger check's totals", async () => {
    const report = await expectLedgerHolds(app);
    expect(report.totals).toMatchObject({
      escrowCents: 0,
      platformRevenueCents: 100_00,
      walletsCents: 160_00,
    });

    const rows = async (who: Person) => {
      const res = await statement(who, who.id, year, 'csv');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      return res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
    };
    const a = await rows(paidOut.engineer);
    expect(a.at(-1)).toBe(`,Totals Year ${year},,,,300.00,60.00,240.00,240.00,0.00,0.00`);
    expect(a.filter((r) => r.includes(',Release,'))).toHaveLength(1);
    expect(a.filter((r) => r.includes(',Payout,'))).toHaveLength(1);
    const b = await rows(inWallet.engineer);
    expect(b.at(-1)).toBe(`,Totals Year ${year},,,,200.00,40.00,160.00,0.00,0.00,160.00`);

    // The fees of every engineer's statement are the platform's revenue; their closing
    // balances are the engineers' wallets.
    const fees = [a, b].map((r) => Number(r.at(-1)?.split(',')[6]));
    const closing = [a, b].map((r) => Number(r.at(-1)?.split(',')[10]));
    expect(Math.round((fees[0] + fees[1]) * 100)).toBe(report.totals.platformRevenueCents);
    expect(Math.round((closing[0] + closing[1]) * 100)).toBe(report.totals.walletsCents);
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });

  it('as PDF: each release with gross, fee and net, each payout, and the totals', async () => {
    const res = await statement(paidOut.engineer, paidOut.engineer.id, month);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`earnings-statement-${month}.pdf`);
    const text = pdfText(res.rawPayload);
    if (text === null) return;
    expect(text).toContain('Earnings statement');
    expect(text).toContain(paidOut.engineer.fullName);
    expect(text).toMatch(/Released to you \(gross\), 1\s+\$300\.00/);
    expect(text).toMatch(/Platform fee \(20%\)\s+\$60\.00/);
    expect(text).toMatch(/Net earnings \(your 80%\)\s+\$240\.00/);
    expect(text).toMatch(/Paid out, 1\s+\$240\.00/);
    expect(text).toMatch(/Wallet balance at the end\s+\$0\.00/);
    expect(text).toMatch(/Release\s+Deck permit drawings\s+\$300\.00\s+\$60\.00\s+\$240\.00\s+\$240\.00/);
    expect(text).toMatch(/Payout\s+Deck permit drawings\s+-\$240\.00\s+\$0\.00/);
  });

  it('only for that engineer and staff; a bad period is refused with its reason', async () => {
    expect((await statement(admin, inWallet.engineer.id, year, 'csv')).statusCode).toBe(200);
    for (const who of [paidOut.engineer, inWallet.client]) {
      const res = await statement(who, inWallet.engineer.id, year);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(STATEMENT_MESSAGES.statementNotYours);
    }
    expect((await statement(null, inWallet.engineer.id, year)).statusCode).toBe(401);
    const client = await statement(admin, inWallet.client.id, year);
    expect(client.statusCode).toBe(404);
    expect(client.json().message).toBe(STATEMENT_MESSAGES.engineerNotFound);

    const me = inWallet.engineer;
    for (const [period, message] of [
      ['2026-13', STATEMENT_MESSAGES.badPeriod],
      ['last-month', STATEMENT_MESSAGES.badPeriod],
      ['1999', STATEMENT_MESSAGES.tooOldPeriod],
      [String(now.getUTCFullYear() + 1), STATEMENT_MESSAGES.futurePeriod],
    ]) {
      const res = await statement(me, me.id, period);
      expect(res.statusCode, period).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const format = await statement(me, me.id, year, 'xlsx');
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toBe(STATEMENT_MESSAGES.badFormat);
    const missing = await get(`/api/statements/${me.id}`, me);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(STATEMENT_MESSAGES.badPeriod);
  });

  it('an earlier month is empty and carries the balance it began with', async () => {
    const res = await statement(inWallet.engineer, inWallet.engineer.id, '2001-02', 'csv');
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual([
      'Date (UTC),Type,Project,Payment ID,Payout ID,Gross,Platform fee (20%),Net,Paid out,Returned to wallet,Wallet balance',
      '2001-02-01 00:00:00,Opening balance,,,,,,,,,0.00',
      ',Totals February 2001,,,,0.00,0.00,0.00,0.00,0.00,0.00',
    ]);
  });
});

describe('a split settled by staff (run last: it adds to the ledger)', () => {
  it('gives the client both receipts and the engineer a statement of his part', async () => {
    const deal = await paidDeal(app, [800_00]);
    await submitVersion(app, deal);
    const reported = await app.inject({
      method: 'POST',
      url: `/api/projects/${deal.projectId}/problem`,
      headers: deal.client.auth,
      payload: { description: 'Half the sheets do not match the site.' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const settled = await app.inject({
      method: 'POST',
      url: `/api/disputes/${reported.json().id}/resolve`,
      headers: admin.auth,
      payload: { outcome: 'split', engineer_cents: 300_00, note: 'Half the sheets were usable.' },
    });
    expect(settled.statusCode, settled.body).toBe(200);

    const paid = await get(`/api/receipts/${deal.payment.id}`, deal.client);
    const back = await get(`/api/receipts/${deal.payment.id}/refund`, deal.client);
    expect([paid.statusCode, back.statusCode]).toEqual([200, 200]);
    const [paidText, backText] = [pdfText(paid.rawPayload), pdfText(back.rawPayload)];
    if (paidText !== null && backText !== null) {
      expect(paidText).toMatch(/Amount paid\s+\$800\.00 USD/);
      expect(paidText).toMatch(/Platform fee \(20%, included\)\s+\$60\.00/);
      expect(paidText).toMatch(/Engineer's share\s+\$240\.00/);
      expect(paidText).toMatch(/Refunded to you\s+\$500\.00 \(see the refund receipt\)/);
      expect(backText).toMatch(/Amount refunded\s+\$500\.00 USD/);
      expect(backText).toMatch(/Payment\s+\$800\.00/);
      expect(backText).toContain('Refunded when staff settled a reported problem.');
    }
    const csv = await get(`/api/statements/${deal.engineer.id}?period=${month}&format=csv`, deal.engineer);
    expect(csv.body.trimEnd().split('\r\n').at(-1)).toBe(
      `,Totals ${monthLabel()},,,,300.00,60.00,240.00,0.00,0.00,240.00`,
    );
    await expectLedgerHolds(app);
  });
});

function monthLabel() {
  return `${now.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${now.getUTCFullYear()}`;
}
