// The deal as both parties and staff see it (docs/DEALS.md 'What people see'): pages follow a
// deal's moves live through `deal-changed` (two browser contexts, no reload), the reporter
// withdraws a problem, staff split a payment with its exact amounts, the other party of a
// problem answers in its ticket with a file, and Admin Orders show the escrow's state and
// filter by it. Deals are made through the API with the test card (support/deals.ts).

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { drawingPdf } from '../../apps/server/src/seed/stamped-pdf.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import {
  acceptViaApi,
  deliverViaApi,
  PENDING_REFUND_CARD,
  paidDealViaApi,
  payViaApi,
  proposedDealViaApi,
  reportProblemViaApi,
} from '../support/deals.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { type ApiSession, DEMO, openSignedIn, sessionOf } from '../support/session.ts';
import { STAFF } from '../support/staff.ts';

const marker = `deal${randomBytes(3).toString('hex')}`;
/** What `deal-changed` must bring to an open page, at most (docs/DEALS.md: 3 s). */
const LIVE_MS = 3_000;

/** A second browser context (its own storage: another person) signed in at `path`. */
async function contextPage(browser: Browser, session: ApiSession, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, session, path);
  return page;
}

/** Marks the document, so a later check can tell that the page was not reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}
async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
}

const dealPanel = (page: Page) => page.getByRole('region', { name: 'The deal' });
/** A screenshot to look at (test-results/deals-*.png). */
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: path.join(import.meta.dirname, `../../test-results/deals-${name}.png`),
    fullPage: true,
  });

test('the engineer’s open project page turns assigned when the client pays, without a reload', async ({
  browser,
  request,
}) => {
  const claire = await sessionOf(request, DEMO.client);
  const ethan = await sessionOf(request, DEMO.engineer);
  const project = await proposedDealViaApi(request, claire, ethan, {
    title: `Retaining wall ${marker}`,
    amountCents: 64000,
  });

  const ethanPage = await contextPage(browser, ethan, `/project_details/${project.id}`);
  const yours = ethanPage.getByRole('region', { name: 'Your Proposal' });
  await expect(yours).toContainText('Pending');
  await expect(yours.getByRole('button', { name: 'Edit Proposal' })).toBeVisible();
  await expect(ethanPage.getByRole('article').getByText('Open', { exact: true })).toBeVisible();
  await markDocument(ethanPage);

  await payViaApi(request, claire, project);

  await expect(ethanPage.getByRole('article').getByText('Assigned', { exact: true })).toBeVisible({
    timeout: LIVE_MS,
  });
  await expect(yours).toContainText('Accepted', { timeout: LIVE_MS });
  await expect(yours.getByRole('button', { name: 'Edit Proposal' })).toHaveCount(0);
  await expect(dealPanel(ethanPage).getByTestId('deal-state')).toHaveText('Paid, work under way', {
    timeout: LIVE_MS,
  });
  await expect(dealPanel(ethanPage).getByTestId('deal-escrow')).toHaveText('Held in escrow');
  await expect(dealPanel(ethanPage)).toContainText('$640.00');
  // The engineer's buttons come from the deal's abilities: deliver and message, never refund.
  await expect(dealPanel(ethanPage).getByRole('link', { name: 'Send a deliverable' })).toBeVisible();
  await expect(dealPanel(ethanPage).getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expectSameDocument(ethanPage);
  await shot(ethanPage, 'engineer-assigned-desktop');

  // The client sees the refund (within 24 hours, before any deliverable) and its date.
  const clairePage = await contextPage(browser, claire, `/project_details/${project.id}`);
  await expect(dealPanel(clairePage)).toContainText('Refund possible until');
  await expect(dealPanel(clairePage).getByRole('button', { name: 'Refund' })).toBeVisible();
  await expectNoSeriousA11yViolations(clairePage);
  await clairePage.context().close();
  await ethanPage.context().close();
});

test('an engineer who is not in the deal reads the paid project, and never asks for its deal', async ({
  page,
  request,
}) => {
  const claire = await sessionOf(request, DEMO.client);
  const ethan = await sessionOf(request, DEMO.engineer);
  const project = await paidDealViaApi(request, claire, ethan, {
    title: `Sign base ${marker}`,
    amountCents: 52000,
  });
  const priya = await sessionOf(request, 'priya@demo.stampworks.dev');
  const dealCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/projects/${project.id}/deal`)) dealCalls.push(r.url());
  });
  await openSignedIn(page, priya, `/project_details/${project.id}`);
  await expect(page.getByRole('heading', { name: project.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About the client' })).toBeVisible();
  await expect(page.getByRole('region', { name: /deal/i })).toHaveCount(0);
  await page.waitForTimeout(1000);
  expect(dealCalls).toEqual([]);
});

test('the engineer’s open wallet shows the release when the client accepts, without a reload', async ({
  browser,
  request,
}) => {
  const claire = await sessionOf(request, DEMO.client);
  const ethan = await sessionOf(request, DEMO.engineer);
  const title = `Deck ledger ${marker}`;
  const project = await paidDealViaApi(request, claire, ethan, { title, amountCents: 50000 });
  const submissionId = await deliverViaApi(
    request,
    ethan,
    project.id,
    await drawingPdf({ title: 'S-101 Ledger', project: title, engineer: 'Ethan Engineer' }),
  );

  const wallet = await contextPage(browser, ethan, `/engineer_dashboard/${ethan.user.id}?tab=wallet`);
  await expect(wallet.getByRole('region', { name: 'Wallet' }).getByText('Available balance')).toBeVisible();
  const row = wallet.getByRole('article', { name: `Transaction for ${title}` });
  await expect(row).toHaveCount(0);
  await markDocument(wallet);

  await acceptViaApi(request, claire, submissionId);

  // $500.00 released: the engineer's 80% is $400.00.
  await expect(row).toBeVisible({ timeout: LIVE_MS });
  await expect(row).toContainText('$400.00');
  await expectSameDocument(wallet);
  await wallet.context().close();
});

test('the client withdraws the problem they reported; the engineer’s page follows', async ({
  browser,
  request,
}) => {
  const claire = await sessionOf(request, DEMO.client);
  const ethan = await sessionOf(request, DEMO.engineer);
  const project = await paidDealViaApi(request, claire, ethan, {
    title: `Stair stringers ${marker}`,
    amountCents: 42000,
  });
  await reportProblemViaApi(request, claire, project.id, 'The engineer has not answered for a week.');

  const clairePage = await contextPage(browser, claire, `/project_details/${project.id}`);
  const ethanPage = await contextPage(browser, ethan, `/project_details/${project.id}`);
  await expect(dealPanel(clairePage).getByTestId('deal-state')).toHaveText('Problem reported');
  await expect(dealPanel(clairePage).getByTestId('deal-escrow')).toHaveText('Frozen: problem reported');
  const problem = clairePage.getByRole('region', { name: 'Problem with this project?' });
  await expect(problem).toContainText('Problem reported: support is handling it');
  // Only the reporter may withdraw it.
  const ethanProblem = ethanPage.getByRole('region', { name: 'Problem with this project?' });
  await expect(ethanProblem).toContainText('Reported by Claire Client');
  await expect(ethanProblem.getByRole('button', { name: 'Withdraw the problem' })).toHaveCount(0);
  await markDocument(ethanPage);
  await shot(clairePage, 'client-problem-desktop');

  await problem.getByRole('button', { name: 'Withdraw the problem' }).click();
  const sure = clairePage.getByRole('dialog', { name: 'Withdraw the problem?' });
  await expect(sure).toContainText('The deal goes on where it was');
  await sure.getByRole('button', { name: 'Withdraw the problem' }).click();
  await expect(clairePage.getByText('The problem was withdrawn and the deal goes on.').first()).toBeVisible();
  await expect(dealPanel(clairePage).getByTestId('deal-state')).toHaveText('Paid, work under way');
  await expect(problem).toContainText('Problem withdrawn');
  await expect(problem.getByRole('button', { name: 'Report a problem' })).toBeVisible();

  await expect(dealPanel(ethanPage).getByTestId('deal-state')).toHaveText('Paid, work under way', {
    timeout: LIVE_MS,
  });
  await expect(ethanProblem).toContainText('Problem withdrawn', { timeout: LIVE_MS });
  await expectSameDocument(ethanPage);
  await clairePage.context().close();
  await ethanPage.context().close();
});

test('staff split a payment from the project page: the confirmation shows each part, both parties see it', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const claire = await sessionOf(request, DEMO.client);
  const ethan = await sessionOf(request, DEMO.engineer);
  const admin = await sessionOf(request, STAFF.email, STAFF.password);
  const project = await paidDealViaApi(request, claire, ethan, {
    title: `Garage header ${marker}`,
    amountCents: 80000,
  });
  await reportProblemViaApi(request, ethan, project.id, 'Half of the work was delivered by e-mail.');

  const ethanPage = await contextPage(browser, ethan, `/project_details/${project.id}`);
  await markDocument(ethanPage);
  const staff = await contextPage(browser, admin, `/project_details/${project.id}`);
  const problem = staff.getByRole('region', { name: 'Problem with this project?' });
  await expect(problem).toContainText('Half of the work was delivered by e-mail.');
  await problem.getByLabel('Note for both sides (optional)').fill('Half of the drawings arrived.');
  await problem.getByRole('button', { name: 'Split payment' }).click();
  const sure = staff.getByRole('dialog', { name: 'Split the payment?' });
  await expect(sure).toContainText('$800.00 held');
  const part = sure.getByLabel('Engineer’s part (USD)');
  await part.fill('800');
  await sure.getByRole('button', { name: 'Split payment' }).click();
  await expect(sure.getByRole('alert')).toHaveText(
    'Enter the engineer’s part: more than $0.00 and less than the whole payment.',
  );
  await part.fill('500');
  const amounts = sure.getByRole('definition');
  await expect(amounts).toHaveText(['$500.00', '$100.00', '$400.00', '$300.00']);
  await expect(sure).toContainText('Net to Ethan Engineer');
  await expect(sure).toContainText('Refund to Claire Client');
  await expectNoSeriousA11yViolations(staff);
  await shot(staff, 'split-confirm-desktop');
  await sure.getByRole('button', { name: 'Split payment' }).click();

  await expect(problem).toContainText('Settled: split between the engineer and the client');
  await expect(problem).toContainText(
    'Support split the payment: $500.00 to Ethan Engineer ($400.00 after the platform’s 20% fee of $100.00), and $300.00 back to Claire Client.',
  );
  await expect(problem).toContainText('Note from support: Half of the drawings arrived.');
  await expect(dealPanel(staff).getByTestId('deal-state')).toHaveText('Settled by support');
  await expect(dealPanel(staff).getByTestId('deal-escrow')).toHaveText('Split by support');

  // The engineer's open page follows without a reload.
  await expect(dealPanel(ethanPage).getByTestId('deal-state')).toHaveText('Settled by support', {
    timeout: LIVE_MS,
  });
  await expect(ethanPage.getByRole('region', { name: 'Problem with this project?' })).toContainText(
    '$300.00 back to Claire Client',
  );
  await expectSameDocument(ethanPage);
  await shot(ethanPage, 'engineer-split-desktop');
  await staff.context().close();
  await ethanPage.context().close();
});

test('the other party answers in the problem’s ticket with a file; nobody can delete it', async ({
  browser,
  request,
}) => {
  const claire = await sessionOf(request, DEMO.client);
  const ethan = await sessionOf(request, DEMO.engineer);
  const project = await paidDealViaApi(request, claire, ethan, {
    title: `Beam check ${marker}`,
    amountCents: 30000,
  });
  const dispute = await reportProblemViaApi(request, claire, project.id, 'The beam sizes look wrong.');

  const ethanPage = await contextPage(browser, ethan, '/contact');
  await ethanPage.getByRole('tab', { name: 'My Existing Tickets' }).click();
  const item = ethanPage
    .getByRole('list', { name: 'My tickets' })
    .getByRole('listitem')
    .filter({ hasText: dispute.ticket_number });
  await expect(item).toContainText('Problem report · reported by Claire Client');
  await expect(item.getByRole('button', { name: /^Delete ticket/ })).toHaveCount(0);
  await item.getByRole('button', { name: `View ticket ${dispute.ticket_number}` }).click();
  const dialog = ethanPage.getByRole('dialog');
  await expect(dialog.getByRole('region', { name: 'Reported problem' })).toContainText(
    'The beam sizes look wrong.',
  );
  await expect(dialog).toContainText('Claire Client and Ethan Engineer');
  await dialog.getByLabel('Attach a file').setInputFiles({
    name: 'beam-calcs.pdf',
    mimeType: 'application/pdf',
    buffer: await drawingPdf({
      title: 'Beam calculations',
      project: 'Beam check',
      engineer: 'Ethan Engineer',
    }),
  });
  await expect(dialog.getByRole('button', { name: 'Remove beam-calcs.pdf' })).toBeVisible();
  await dialog.getByLabel('Your reply').fill('The sizes follow the span tables; calculations attached.');
  await dialog.getByRole('button', { name: 'Send Reply' }).click();
  await expect(ethanPage.getByText('Reply sent successfully!')).toBeVisible();
  const log = dialog.getByRole('log');
  await expect(log).toContainText('The sizes follow the span tables; calculations attached.');
  await expect(log.getByRole('button', { name: /\.pdf$/ })).toHaveCount(1);
  await expectNoSeriousA11yViolations(ethanPage);
  await shot(ethanPage, 'counterpart-ticket-desktop');

  // The reporter reads the answer and its file, and cannot delete the ticket either.
  const clairePage = await contextPage(browser, claire, '/contact');
  await clairePage.getByRole('tab', { name: 'My Existing Tickets' }).click();
  const hers = clairePage
    .getByRole('list', { name: 'My tickets' })
    .getByRole('listitem')
    .filter({ hasText: dispute.ticket_number });
  await expect(hers).toContainText('Problem report · with Ethan Engineer');
  await expect(hers.getByRole('button', { name: /^Delete ticket/ })).toHaveCount(0);
  await hers.getByRole('button', { name: `View ticket ${dispute.ticket_number}` }).click();
  const herLog = clairePage.getByRole('dialog').getByRole('log');
  await expect(herLog).toContainText('The sizes follow the span tables; calculations attached.');
  const download = clairePage.waitForEvent('download');
  await herLog.getByRole('button', { name: /\.pdf$/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await clairePage.context().close();
  await ethanPage.context().close();
});

test('Admin Orders show each payment’s project, parties and escrow, filtered by escrow', async ({
  page,
  request,
}) => {
  const claire = await sessionOf(request, DEMO.client);
  const ethan = await sessionOf(request, DEMO.engineer);
  const admin = await sessionOf(request, STAFF.email, STAFF.password);
  const held = await paidDealViaApi(request, claire, ethan, {
    title: `Held order ${marker}`,
    amountCents: 27000,
  });
  const frozen = await paidDealViaApi(request, claire, ethan, {
    title: `Frozen order ${marker}`,
    amountCents: 28000,
  });
  await reportProblemViaApi(request, claire, frozen.id, 'Nothing arrived.');

  await openSignedIn(page, admin, `/admin_dashboard/${admin.user.id}?tab=orders`);
  const panel = page.getByRole('region', { name: 'Order History' });
  const heldRow = panel.locator('tbody tr').filter({ hasText: held.title });
  await expect(heldRow).toContainText('Claire Client');
  await expect(heldRow).toContainText('Ethan Engineer');
  await expect(heldRow).toContainText('$270.00');
  await expect(heldRow.getByTestId('order-escrow')).toHaveText('Held in escrow');
  const frozenRow = panel.locator('tbody tr').filter({ hasText: frozen.title });
  await expect(frozenRow.getByTestId('order-escrow')).toHaveText('Frozen: problem reported');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'orders-desktop');

  const escrowCells = panel.getByTestId('order-escrow');
  await panel.getByLabel('Escrow').selectOption('disputed');
  await expect(heldRow).toHaveCount(0);
  await expect(frozenRow).toHaveCount(1);
  await expect
    .poll(async () => new Set(await escrowCells.allInnerTexts()))
    .toEqual(new Set(['Frozen: problem reported']));
  await panel.getByLabel('Escrow').selectOption('held');
  await expect(frozenRow).toHaveCount(0);
  await expect(heldRow).toHaveCount(1);
  await expect
    .poll(async () => new Set(await escrowCells.allInnerTexts()))
    .toEqual(new Set(['Held in escrow']));

  // The title leads to the project, where staff see the deal.
  await heldRow.getByRole('link', { name: held.title }).click();
  await expect(page).toHaveURL(new RegExp(`project_details/${held.id}`));
  await expect(dealPanel(page).getByTestId('deal-escrow')).toHaveText('Held in escrow');
});

test('a refund the card provider confirms later reads as under way for the client, the deal and staff', async ({
  page,
  browser,
  request,
}) => {
  // Olivia (demo data), not the demo client: her refund stays under way for an hour, and
  // another test waits for the demo client's Payment History to have no spinner.
  const olivia = await sessionOf(request, 'olivia@demo.stampworks.dev');
  const ethan = await sessionOf(request, DEMO.engineer);
  const admin = await sessionOf(request, STAFF.email, STAFF.password);
  const deal = await paidDealViaApi(request, olivia, ethan, {
    title: `Slow refund ${marker}`,
    amountCents: 31500,
    card: PENDING_REFUND_CARD,
  });

  await openSignedIn(page, olivia, `/client_dashboard/${olivia.user.id}?tab=payments`);
  const row = page.getByRole('article', { name: `Payment for ${deal.title}` });
  await row.getByRole('button', { name: 'Request Refund' }).click();
  await page
    .getByRole('dialog', { name: 'Request a refund?' })
    .getByRole('button', { name: 'Request Refund' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Your refund is being processed.' })).toBeVisible();
  await expect(row).toContainText('Your refund is being processed.');
  await expect(row.getByRole('button', { name: 'Request Refund' })).toBeHidden();

  await row.getByRole('link', { name: deal.title }).click();
  await expect(dealPanel(page).getByTestId('deal-escrow')).toHaveText('Refund under way');

  const staff = await contextPage(browser, admin, `/admin_dashboard/${admin.user.id}?tab=orders`);
  const panel = staff.getByRole('region', { name: 'Order History' });
  await panel.getByLabel('Escrow').selectOption('refunding');
  const ours = panel.locator('tbody tr').filter({ hasText: deal.title });
  await expect(ours.getByTestId('order-escrow')).toHaveText('Refund under way');
});

test('the deal fits a phone @responsive', async ({ page, request }) => {
  const claire = await sessionOf(request, DEMO.client);
  const ethan = await sessionOf(request, DEMO.engineer);
  const project = await paidDealViaApi(request, claire, ethan, {
    title: `Phone deal ${marker}`,
    amountCents: 36000,
  });
  await reportProblemViaApi(request, claire, project.id, 'Checking the phone layout.');
  await openSignedIn(page, claire, `/project_details/${project.id}`);
  await expect(dealPanel(page).getByTestId('deal-state')).toHaveText('Problem reported');
  await expect(page.getByRole('button', { name: 'Withdraw the problem' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, `client-problem-${test.info().project.name}`);
});

test('Admin Orders fit a phone @responsive', async ({ page, request }) => {
  const admin = await sessionOf(request, STAFF.email, STAFF.password);
  await openSignedIn(page, admin, `/admin_dashboard/${admin.user.id}?tab=orders`);
  const panel = page.getByRole('region', { name: 'Order History' });
  await expect(panel.getByTestId('order-escrow').first()).toBeVisible();
  await panel.getByLabel('Escrow').selectOption('held');
  await expect
    .poll(async () => new Set(await panel.getByTestId('order-escrow').allInnerTexts()))
    .toEqual(new Set(['Held in escrow']));
  await expectNoSidewaysScroll(page);
  await shot(page, `orders-${test.info().project.name}`);
});
