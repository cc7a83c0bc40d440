// Receipts and earnings statements in the browser. The demo client downloads the PDF receipt
// of a payment and of a refund from Payment History; staff download one from Orders; the demo
// engineer downloads his year's statement from the wallet as PDF and as CSV, whose closing
// balance is his wallet's. The PDFs are read back with poppler's pdftotext (installed by
// scripts/ensure-poppler.mjs). A refusal shows the server's message; both fit a phone.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Download, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { type ApiSession, DEMO, openSignedIn, sessionOf } from '../support/session.ts';
import { STAFF } from '../support/staff.ts';

const PDFTOTEXT = '/usr/bin/pdftotext';
const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type Payment = {
  id: string;
  project_title: string;
  amount_cents: number;
  status: string;
  refund_status: string | null;
};

async function paymentsOf(request: APIRequestContext, s: ApiSession): Promise<Payment[]> {
  const res = await request.get(`/api/payments/user/${s.user.id}`, { headers: auth(s) });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** Clicks `button` and answers the file it downloads. */
async function download(page: Page, click: () => Promise<void>): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await click();
  return downloading;
}

async function pdfText(d: Download): Promise<string> {
  const path = (await d.path())!;
  expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');
  return execFileSync(PDFTOTEXT, ['-layout', path, '-'], { encoding: 'utf8' });
}

test.beforeEach(() => {
  test.skip(!existsSync(PDFTOTEXT), 'needs poppler-utils (node scripts/ensure-poppler.mjs)');
});

test('the client downloads the receipt of a payment and of its refund', async ({ page, request }) => {
  const claire = await sessionOf(request, DEMO.client);
  const payments = await paymentsOf(request, claire);
  const paid = payments.find((p) => p.status === 'succeeded');
  const refunded = payments.find((p) => p.status === 'refunded');
  expect(paid && refunded, 'the demo client has a paid and a refunded payment').toBeTruthy();
  await openSignedIn(page, claire, `/client_dashboard/${claire.user.id}?tab=payments`);
  await expect(page.getByRole('button', { name: /^Refund receipt of/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const paidRow = page.getByRole('article', { name: `Payment for ${paid!.project_title}` }).first();
  const receipt = await download(page, () =>
    paidRow.getByRole('button', { name: `Receipt of the payment for ${paid!.project_title}` }).click(),
  );
  expect(receipt.suggestedFilename()).toBe(`receipt-${paid!.id.slice(0, 8)}.pdf`);
  const text = await pdfText(receipt);
  expect(text).toContain('Payment receipt');
  expect(text).toMatch(new RegExp(`Amount paid\\s+\\${dollars(paid!.amount_cents)} USD`));
  expect(text).toContain(paid!.id);
  expect(text).toContain(claire.user.full_name);
  expect(text).toContain('What the platform fee covers');

  const refundedRow = page.getByRole('article', { name: `Payment for ${refunded!.project_title}` }).first();
  await expect(refundedRow.getByRole('button', { name: /^Receipt of/ })).toBeVisible();
  const refundReceipt = await download(page, () =>
    refundedRow.getByRole('button', { name: /^Refund receipt of/ }).click(),
  );
  expect(refundReceipt.suggestedFilename()).toBe(`refund-receipt-${refunded!.id.slice(0, 8)}.pdf`);
  const refundText = await pdfText(refundReceipt);
  expect(refundText).toContain('Refund receipt');
  expect(refundText).toMatch(new RegExp(`Amount refunded\\s+\\${dollars(refunded!.amount_cents)} USD`));
});

test('staff download a receipt from Orders', async ({ page, request }) => {
  const admin = await sessionOf(request, STAFF.email, STAFF.password);
  await openSignedIn(page, admin, `/admin_dashboard/${admin.user.id}?tab=orders`);
  const panel = page.getByRole('region', { name: 'Order History' });
  const first = panel.getByRole('button', { name: /^Receipt of the order of / }).first();
  const receipt = await download(page, () => first.click());
  expect(receipt.suggestedFilename()).toMatch(/^receipt-[0-9a-f]{8}\.pdf$/);
  expect(await pdfText(receipt)).toContain('Payment receipt');
});

test('the engineer downloads his statement as PDF and CSV; a refusal shows its reason', async ({
  page,
  request,
}) => {
  const ethan = await sessionOf(request, DEMO.engineer);
  const wallet = (await (
    await request.get(`/api/wallet/${ethan.user.id}`, { headers: auth(ethan) })
  ).json()) as {
    amount: number;
  };
  await openSignedIn(page, ethan, `/engineer_dashboard/${ethan.user.id}?tab=wallet`);
  const panel = page.getByRole('region', { name: 'Earnings statement' });
  const year = String(new Date().getUTCFullYear());
  await expectNoSeriousA11yViolations(page);
  await panel.getByLabel('Year').selectOption(year);
  await panel.getByLabel('Month').selectOption('year');

  await panel.getByLabel('Format').selectOption('csv');
  const csvFile = await download(page, () =>
    panel.getByRole('button', { name: 'Download statement' }).click(),
  );
  expect(csvFile.suggestedFilename()).toBe(`earnings-statement-${year}.csv`);
  const csv = (await readFile((await csvFile.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(csv[0]).toBe(
    'Date (UTC),Type,Project,Payment ID,Payout ID,Gross,Platform fee (20%),Net,Paid out,Returned to wallet,Wallet balance',
  );
  const totals = csv.at(-1)!.split(',');
  expect(totals[1]).toBe(`Totals Year ${year}`);
  // The year's closing balance is what the wallet holds now (both are the ledger's).
  expect(Math.round(Number(totals[10]) * 100)).toBe(wallet.amount);
  const [gross, fee, net] = [5, 6, 7].map((i) => Math.round(Number(totals[i]) * 100));
  expect(gross).toBeGreaterThan(0);
  expect(fee + net).toBe(gross);

  await panel.getByLabel('Format').selectOption('pdf');
  const pdf = await download(page, () => panel.getByRole('button', { name: 'Download statement' }).click());
  expect(pdf.suggestedFilename()).toBe(`earnings-statement-${year}.pdf`);
  const text = await pdfText(pdf);
  expect(text).toContain('Earnings statement');
  expect(text).toContain(`Year ${year} (UTC)`);
  expect(text).toContain(ethan.user.full_name);
  expect(text).toMatch(new RegExp(`Platform fee \\(20%\\)\\s+\\${dollars(fee)}`));
  expect(text).toMatch(new RegExp(`Net earnings \\(your 80%\\)\\s+\\${dollars(net)}`));
  expect(text).toMatch(new RegExp(`Wallet balance at the end\\s+\\${dollars(wallet.amount)}`));

  // The server's refusal is what the engineer reads (here: the document service is busy).
  const busy = 'Documents are being prepared for many people right now. Please try again in a minute.';
  await page.route('**/api/statements/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: busy }) }),
  );
  await panel.getByRole('button', { name: 'Download statement' }).click();
  await expect(page.getByText(busy)).toBeVisible();
});

test('the statement picker fits a phone @responsive', async ({ page, request }) => {
  const ethan = await sessionOf(request, DEMO.engineer);
  await openSignedIn(page, ethan, `/engineer_dashboard/${ethan.user.id}?tab=wallet`);
  const panel = page.getByRole('region', { name: 'Earnings statement' });
  await expect(panel.getByRole('button', { name: 'Download statement' })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `test-results/statements-wallet-${test.info().project.name}.png` });
});

test('receipts in Payment History fit a phone @responsive', async ({ page, request }) => {
  const claire = await sessionOf(request, DEMO.client);
  await openSignedIn(page, claire, `/client_dashboard/${claire.user.id}?tab=payments`);
  const receipt = page.getByRole('button', { name: /^Refund receipt of the payment for / }).first();
  await expect(receipt).toBeVisible();
  await receipt.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `test-results/statements-payments-${test.info().project.name}.png` });
});
