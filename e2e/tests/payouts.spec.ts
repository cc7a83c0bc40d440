// Wallet, payouts and problems in the browser. The demo engineer finds his
// wallet (balance, next payout, earnings chart, transactions filtered by status and dates)
// and his Payout History with a paid, a due and a refused payout; the Sunday payout run
// (started through the stack's test hook, as `npm run payouts:run -- --date` would) pays
// what is due while he watches, and he is notified and e-mailed. A client reports a problem
// on a deal under way; staff refund it from the ticket; both sides see how it ended.
// The demo data is changed (the due payouts are paid): the file expects a fresh stack.

import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { drawingPdf } from '../../apps/server/src/seed/stamped-pdf.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { completeDealViaApi, paidDealViaApi } from '../support/deals.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { mailCount, waitForMail } from '../support/mailbox.ts';
import { type ApiSession, DEMO, openSignedIn, sessionOf } from '../support/session.ts';
import { STAFF } from '../support/staff.ts';

test.describe.configure({ mode: 'serial' });

const marker = `payout${randomBytes(3).toString('hex')}`;
const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const PORCH = 'Covered porch addition framing'; // due next Sunday ($960.00)
const SIGN = 'Monument sign foundation'; // refused, back in the wallet ($760.00)
const HVAC = 'Small office HVAC replacement'; // paid
const PRIYA = 'priya@demo.stampworks.dev';
const REFUSED = 'Your destination account needs to have at least one of the following capabilities enabled';

type Wallet = {
  amount: number;
  due_next_run: number;
  next_run_date: string;
  next_payout_date: string | null;
  next_payout_amount: number;
  paid_out: number;
};
async function walletOf(request: APIRequestContext, s: ApiSession): Promise<Wallet> {
  const res = await request.get(`/api/wallet/${s.user.id}`, { headers: auth(s) });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** 'YYYY-MM-DD' of this machine's day `offset` days from today (the browser runs here too). */
function day(offset = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test('the engineer reads his wallet, its chart and transactions by status and dates', async ({
  page,
  request,
}) => {
  const ethan = await sessionOf(request, DEMO.engineer);
  const wallet = await walletOf(request, ethan);
  expect(wallet.amount).toBeGreaterThan(0);
  await openSignedIn(page, ethan, `/engineer_dashboard/${ethan.user.id}?tab=wallet`);

  const balance = page.getByRole('region', { name: 'Wallet' });
  await expect(balance.getByText('Available balance')).toBeVisible();
  await expect(balance.getByText(dollars(wallet.amount), { exact: true }).first()).toBeVisible();
  // The next payout is the first run that pays something, with what it pays.
  expect(wallet.next_payout_date).not.toBeNull();
  await expect(balance.getByText(dollars(wallet.next_payout_amount), { exact: true }).first()).toBeVisible();
  await expect(balance.getByText(dollars(wallet.paid_out), { exact: true })).toBeVisible();
  await expect(balance).toContainText(`Next payout: ${dollars(wallet.next_payout_amount)} on Sunday,`);
  await expect(balance).toContainText(
    'Payments released in one week (Monday to Sunday) are paid the Sunday after',
  );

  const chart = page.getByRole('region', { name: 'Earnings over time' });
  await expect(chart.getByRole('img', { name: /^Earnings per month, / })).toBeVisible();
  await expect(chart.getByRole('table', { name: 'Earnings per month' })).toBeAttached();

  const list = page.getByRole('region', { name: 'Transactions' });
  const row = (title: string) => list.getByRole('article', { name: `Transaction for ${title}` });
  await expect(row(PORCH)).toBeVisible();
  await expect(row(SIGN)).toBeVisible();
  await expect(row(HVAC)).toBeVisible();
  await expect(row(PORCH)).toContainText('$960.00');
  await expect(row(PORCH)).toContainText('Client paid $1,200.00 · platform fee $240.00');
  // Each amount says when it is paid and why, with the payout history's status words.
  await expect(row(PORCH).getByTestId('payout-when')).toHaveText(
    /^Paid on Sunday, .+: payments released in the week ending Sunday, .+ are paid the Sunday after\.$/,
  );
  await expect(row(PORCH)).toContainText('Scheduled');
  await expect(row(HVAC).getByTestId('payout-when')).toHaveText(/^Paid to your payout account on /);
  await expect(row(HVAC)).toContainText('Paid');
  await expect(row(SIGN).getByTestId('payout-when')).toContainText('it is sent again on Sunday,');

  await list.getByRole('button', { name: 'Failed', exact: true }).click();
  await expect(row(SIGN)).toBeVisible();
  await expect(row(SIGN)).toContainText('back in your wallet');
  await expect(row(PORCH)).toHaveCount(0);
  await expect(row(HVAC)).toHaveCount(0);
  await list.getByRole('button', { name: 'Scheduled or sending', exact: true }).click();
  await expect(row(PORCH)).toBeVisible();
  await expect(row(SIGN)).toHaveCount(0);
  await list.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(row(HVAC)).toBeVisible();
  await expect(row(PORCH)).toHaveCount(0);

  // Dates: nothing was released after today; the from date must not pass the to date.
  await list.getByRole('button', { name: 'All', exact: true }).click();
  await list.getByLabel('From').fill(day(1));
  await expect(list.getByText('No transactions found for the selected filters.')).toBeVisible();
  await list.getByLabel('To').fill(day(0));
  await expect(list.getByRole('alert')).toHaveText('The from date must be on or before the to date.');
  await list.getByLabel('From').fill(day(-10));
  await expect(list.getByRole('alert')).toHaveCount(0);
  await expect(row(PORCH)).toBeVisible();
  await expect(row(HVAC)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the payout history shows each status and why a payout was refused', async ({ page, request }) => {
  const ethan = await sessionOf(request, DEMO.engineer);
  await openSignedIn(page, ethan, `/engineer_dashboard/${ethan.user.id}?tab=payouts`);
  const history = page.getByRole('region', { name: 'Payout History' });
  const payouts = history.getByRole('article');
  await expect(payouts.filter({ hasText: PORCH })).toContainText('Scheduled');
  await expect(payouts.filter({ hasText: HVAC })).toContainText('Paid');
  await expect(payouts.filter({ hasText: SIGN })).toContainText('Failed');
  // Nothing says 'sent' before it was, and no date is said twice.
  await expect(history).not.toContainText('Payout date');
  await expect(payouts.filter({ hasText: PORCH }).getByTestId('payout-when')).not.toContainText(/sent/i);
  await expect(history.getByText('Payouts sent to your connected payout account.')).toHaveCount(0);
  // docs/PRODUCT.md#limits: an 8-character id.
  await expect(payouts.first().locator('.font-mono')).toHaveText(/^[0-9a-f-]{8}$/);

  await history.getByRole('button', { name: 'Failed', exact: true }).click();
  await expect(payouts).toHaveCount(1);
  await expect(payouts.first()).toContainText(`The transfer failed (${REFUSED}`);
  await expect(payouts.first()).toContainText('$760.00');
  await history.getByRole('button', { name: 'Sending', exact: true }).click();
  await expect(history.getByText('No payout history found.')).toBeVisible();
  await history.getByRole('button', { name: 'Scheduled', exact: true }).click();
  await expect(payouts.filter({ hasText: PORCH })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the Sunday run pays what is due while the engineer watches; he is notified and e-mailed', async ({
  page,
  request,
}) => {
  const ethan = await sessionOf(request, DEMO.engineer);
  const before = await walletOf(request, ethan);
  const mails = await mailCount(DEMO.engineer);
  await openSignedIn(page, ethan, `/engineer_dashboard/${ethan.user.id}?tab=payouts`);
  const history = page.getByRole('region', { name: 'Payout History' });
  const porch = history.getByRole('article').filter({ hasText: PORCH });
  await expect(porch).toContainText('Scheduled');

  const run = await request.post('/dev/payouts-run', { data: { date: before.next_run_date } });
  expect(run.ok(), await run.text()).toBe(true);
  const result = await run.json();
  expect(result).toMatchObject({ skipped: false, failed: 0 });
  expect(result.paid).toBeGreaterThanOrEqual(2);

  // The notification arrives live and the list reads itself again: no reload.
  await expect(porch.getByTestId('payout-when')).toHaveText(/^Paid to your payout account on /);
  await expect(history.getByRole('article').filter({ hasText: SIGN }).getByTestId('payout-when')).toHaveText(
    /^Paid to your payout account on /,
  );
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(
    page.getByText(`Your payout of $960.00 for "${PORCH}" was sent to your payout account.`),
  ).toBeVisible();
  // One mail per payout paid (the porch and the retried sign), in either order.
  const mail = await waitForMail(DEMO.engineer, { subject: 'Payout sent', after: mails, text: PORCH });
  expect(mail.text).toContain('$960.00');

  // A second run on the same day pays nothing twice.
  const again = await request.post('/dev/payouts-run', { data: { date: before.next_run_date } });
  expect((await again.json()).paid).toBe(0);

  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Wallet', exact: true }).click();
  const after = await walletOf(request, ethan);
  expect(after.paid_out).toBeGreaterThanOrEqual(before.paid_out + before.due_next_run);
  const balance = page.getByRole('region', { name: 'Wallet' });
  await expect(balance.getByText(dollars(after.paid_out), { exact: true })).toBeVisible();
  const list = page.getByRole('region', { name: 'Transactions' });
  await list.getByRole('button', { name: 'Failed', exact: true }).click();
  await expect(list.getByText('No transactions found for the selected filters.')).toBeVisible();
});

test('a client reports a problem; staff refund the client from the ticket; both sides see it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const claire = await sessionOf(request, DEMO.client);
  const ethan = await sessionOf(request, DEMO.engineer);
  const project = await paidDealViaApi(request, claire, ethan, {
    title: `Garden shed slab ${marker}`,
    amountCents: 85000,
  });

  await openSignedIn(page, claire, `/project_details/${project.id}`);
  const block = page.getByRole('region', { name: 'Problem with this project?' });
  await block.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Describe the problem so support can help.');
  await dialog.getByLabel('What went wrong?').fill('The engineer has not sent anything in two weeks.');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Report this problem?' });
  await expect(confirm).toContainText('the payment stays in escrow');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Report problem' }).click();
  await expect(page.getByText('Problem reported. Our support team will contact you.')).toBeVisible();
  await expect(block).toContainText('Problem reported: support is handling it');
  await expect(block).toContainText('Frozen until support decides');
  await expect(block.getByRole('button', { name: 'Report a problem' })).toHaveCount(0);

  // The engineer is told and sees the same on the project.
  const ethanPage = await browser.newPage();
  await openSignedIn(ethanPage, ethan, `/project_details/${project.id}`);
  await expect(ethanPage.getByRole('region', { name: 'Problem with this project?' })).toContainText(
    'Reported by Claire Client',
  );

  // Staff settle it from the ticket: a full refund.
  const dispute = await (
    await request.get(`/api/projects/${project.id}/dispute`, { headers: auth(claire) })
  ).json();
  const admin = await sessionOf(request, STAFF.email, STAFF.password);
  const adminPage = await browser.newPage();
  await openSignedIn(adminPage, admin, `/admin_dashboard/${admin.user.id}`);
  await adminPage.getByPlaceholder('Search by ticket #').fill(dispute.ticket_number);
  await adminPage
    .getByRole('button', { name: `View ticket ${dispute.ticket_number}` })
    .filter({ visible: true })
    .click();
  const panel = adminPage.getByRole('region', { name: 'Reported problem' });
  await expect(panel).toContainText('The engineer has not sent anything in two weeks.');
  await expect(panel).toContainText('$850.00');
  await panel.getByLabel('Note for both sides (optional)').fill('No deliverable was sent.');
  await panel.getByRole('button', { name: 'Refund client' }).click();
  const sure = adminPage.getByRole('dialog', { name: 'Refund the client in full?' });
  await expect(sure).toContainText("$850.00 goes back to Claire Client's card in full");
  await sure.getByRole('button', { name: 'Refund client' }).click();
  await expect(
    adminPage.getByText('The refund to the client is on its way; the project will be closed.'),
  ).toBeVisible();
  await expect(panel).toContainText('Settled: refunded to the client');
  await expect(panel).toContainText('Note from support: No deliverable was sent.');
  // The decision is written on the ticket.
  await expect(adminPage.getByRole('log')).toContainText('is being refunded in full to Claire Client');

  // Both sides see the outcome.
  await page.reload();
  await expect(block).toContainText('Settled: refunded to the client');
  await expect(block).toContainText('Note from support: No deliverable was sent.');
  await ethanPage.reload();
  await expect(ethanPage.getByRole('region', { name: 'Problem with this project?' })).toContainText(
    'Settled: refunded to the client',
  );
  await page.goto(`/#/client_dashboard/${claire.user.id}?tab=payments`);
  await expect(
    page
      .getByRole('article', { name: `Payment for ${project.title}` })
      .getByText('Refunded', { exact: true }),
  ).toBeVisible();
  await ethanPage.close();
  await adminPage.close();
});

test('the admin reads the finance summary with its chart', async ({ page, request }) => {
  const admin = await sessionOf(request, STAFF.email, STAFF.password);
  await openSignedIn(page, admin, `/admin_dashboard/${admin.user.id}?tab=finance`);
  const finance = page.getByRole('region', { name: 'Finance' });
  const summary = await (await request.get('/api/admin/finance', { headers: auth(admin) })).json();
  await expect(finance.getByText('Held in escrow')).toBeVisible();
  await expect(finance.getByText(dollars(summary.escrow), { exact: true })).toBeVisible();
  await expect(finance.getByText(dollars(summary.platform_revenue), { exact: true })).toBeVisible();
  await expect(finance.getByRole('img', { name: /^Money per month, / })).toBeVisible();
  await expect(finance.getByRole('table')).toContainText('Platform fees');
  await expectNoSeriousA11yViolations(page);
});

test('the wallet fits a phone @responsive', async ({ page, request }) => {
  const ethan = await sessionOf(request, DEMO.engineer);
  await openSignedIn(page, ethan, `/engineer_dashboard/${ethan.user.id}?tab=wallet`);
  await expect(page.getByRole('region', { name: 'Wallet' }).getByText('Available balance')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Earnings over time' })
      .getByRole('img', { name: /^Earnings per month, / }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Transactions' }).getByRole('article').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('tab', { name: 'Payout History' }).click();
  await expect(
    page.getByRole('region', { name: 'Payout History' }).getByRole('article').first(),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('an engineer owed less than $10.00 on the run is not paid and keeps it in the wallet', async ({
  page,
  request,
}) => {
  const client = await sessionOf(request, DEMO.client);
  const priya = await sessionOf(request, PRIYA);
  type Payout = { id: string; project_id: string; status: string; amount: number; payout_date: string };
  const payoutsOf = async () =>
    (await (
      await request.get(`/api/payout/user/${priya.user.id}`, { headers: auth(priya) })
    ).json()) as Payout[];
  // Nothing else of hers waits for a run: this payout alone is what she is owed.
  expect((await payoutsOf()).filter((p) => p.status === 'initiated')).toEqual([]);
  const walletBefore = await walletOf(request, priya);

  // A $12.00 job: her 80% is $9.60, under the $10.00 minimum.
  const project = await paidDealViaApi(request, client, priya, {
    title: `Lintel check ${marker}`,
    amountCents: 1200,
  });
  const pdf = await drawingPdf({ title: 'S-001 Lintel', project: project.title, engineer: 'Priya Raman' });
  await completeDealViaApi(request, client, priya, project.id, pdf);
  const tiny = (await payoutsOf()).find((p) => p.project_id === project.id)!;
  expect(tiny).toMatchObject({ status: 'initiated', amount: 960 });

  // Its Sunday's run pays it not, and says so: nothing paid for her, the money stays.
  const run = await request.post('/dev/payouts-run', { data: { date: tiny.payout_date } });
  expect(run.ok(), await run.text()).toBe(true);
  expect((await payoutsOf()).find((p) => p.id === tiny.id)?.status).toBe('initiated');
  const after = await walletOf(request, priya);
  expect(after.amount - walletBefore.amount).toBe(960);
  expect(after.paid_out).toBe(walletBefore.paid_out);

  await openSignedIn(page, priya, `/engineer_dashboard/${priya.user.id}?tab=payouts`);
  const row = page
    .getByRole('region', { name: 'Payout History' })
    .getByRole('article')
    .filter({ hasText: project.title });
  await expect(row).toContainText('Scheduled');
  await expect(row).toContainText('$9.60');
  // It says why it waits, by the run's rule.
  await expect(row.getByTestId('payout-when')).toContainText('add up to at least $10.00');
  await page.getByRole('tab', { name: 'Wallet', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Wallet' })).toContainText('$10.00');
});
