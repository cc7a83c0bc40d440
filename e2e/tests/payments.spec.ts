// Checkout and escrow in the browser: the demo client accepts a proposal through
// the contract, leaves and comes back, is declined and then pays with the test cards, sees
// the deal made (project assigned, the other proposal rejected), finds the payment in
// Payment History and its CSV export, and has it refunded within the window; an older
// payment cannot be refunded. The admin finds the orders with filters, Load More and details.

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import {
  type ApiSession,
  apiSignIn,
  DEMO,
  openSignedIn,
  sessionOf,
  signUpViaApi,
} from '../support/session.ts';
import { STAFF } from '../support/staff.ts';

test.describe.configure({ mode: 'serial' });

const marker = `quasar${randomBytes(3).toString('hex')}`;
const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });
const PRIYA = 'priya@demo.stampworks.dev';

type Payment = {
  id: string;
  project_id: string;
  status: string;
  amount_cents: number;
  refundable: boolean;
  refund_deadline: string | null;
  succeeded_at: string | null;
  refund_status: string | null;
  project_title: string;
};

const ENGINEERS = { ethan: [DEMO.engineer, 180000], priya: [PRIYA, 215050] } as const;
type Engineer = keyof typeof ENGINEERS;

/** A project of `client` with a pending proposal from each of `from` (Ethan: $1,800.00, Priya: $2,150.50). */
async function projectWithProposals(
  request: APIRequestContext,
  client: ApiSession,
  title: string,
  from: Engineer[] = ['ethan', 'priya'],
) {
  const res = await request.post(`/api/projects/${client.user.id}`, {
    headers: auth(client),
    data: {
      title,
      description: 'Footing and framing check, stamped for the permit office.',
      specializations: ['structural'],
      license_type: 'PE',
      budget: 200000,
      country: 'USA',
      state: 'Texas',
      urgency_level: 'medium',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const project = (await res.json()) as { id: string; title: string };
  const proposals: Partial<Record<Engineer, string>> = {};
  for (const who of from) {
    const [email, cents] = ENGINEERS[who];
    const engineer = await sessionOf(request, email);
    const applied = await request.post(`/api/proposals/create/${engineer.user.id}`, {
      headers: auth(engineer),
      data: {
        project_id: project.id,
        description: `${who} can stamp it.`,
        license_type: 'PE',
        proposed_amount: cents,
        delivery_days: 10,
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    proposals[who] = ((await applied.json()) as { id: string }).id;
  }
  return { ...project, proposals: proposals as Record<Engineer, string> };
}

/** Opens a checkout through the API, signed as the contract says; answers the session id. */
async function checkoutViaApi(
  request: APIRequestContext,
  client: ApiSession,
  projectId: string,
  proposalId: string,
) {
  const contract = await request.get(`/api/payments/contract/${proposalId}`, { headers: auth(client) });
  expect(contract.ok(), await contract.text()).toBe(true);
  const c = (await contract.json()) as { amount: number; sha256: string };
  const res = await request.post('/api/payments/checkout-session', {
    headers: auth(client),
    data: {
      project_id: projectId,
      proposal_id: proposalId,
      amount: c.amount,
      currency: 'usd',
      email: client.user.email,
      signed_name: client.user.full_name,
      contract_sha256: c.sha256,
      agreed: true,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { url: string }).url;
}

/** Pays a test-mode checkout as its page's form does. */
async function payViaApi(request: APIRequestContext, checkoutUrl: string) {
  const res = await request.post(checkoutUrl, {
    form: { name: 'Card Holder', number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBe(303);
}

async function paymentsOf(request: APIRequestContext, s: ApiSession): Promise<Payment[]> {
  const res = await request.get(`/api/payments/user/${s.user.id}`, { headers: auth(s) });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** Fills the test-mode checkout page and pays with `card`. */
async function payWith(page: Page, card: string) {
  await expect(page).toHaveURL(/\/api\/payments\/test-checkout\/cs_test_/);
  await page.getByLabel('Name on card').fill('Claire Client');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/** 'YYYY-MM-DD' of this machine's day `offset` days from today (the browser runs here too). */
function day(offset = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

let deal: Awaited<ReturnType<typeof projectWithProposals>> | null = null;
let sessionId = '';
let paymentId = '';

test('the client signs the contract, leaves the checkout, and finds the payment pending', async ({
  page,
  request,
}) => {
  // A long journey (contract, checkout page, cancel, success page) on a shared machine.
  test.setTimeout(120_000);
  const client = await sessionOf(request, DEMO.client);
  const ethan = await sessionOf(request, DEMO.engineer);
  deal = await projectWithProposals(request, client, `Carport footing ${marker}`);
  const { id: projectId, proposals } = deal;

  // The success page's patience is half a minute: the test moves the page's clock instead.
  await page.clock.install();
  await openSignedIn(page, client, `/project_details/${projectId}`);
  await page
    .getByRole('article', { name: 'Proposal from Ethan Engineer' })
    .getByRole('button', { name: 'Accept' })
    .click();

  const contract = page.getByRole('dialog', { name: 'Contract Agreement' });
  const text = contract.getByRole('article', { name: 'Contract text' });
  await expect(text).toContainText('ENGINEERING SERVICES AGREEMENT');
  await expect(text).toContainText(
    `between Claire Client (the "Client") and Ethan Engineer (the "Engineer") for the project "Carport footing ${marker}"`,
  );
  await expect(text).toContainText('The agreed price is $1,800.00 (USD).');
  await expect(text).toContainText('Payment of the full amount is due on signing this agreement.');
  const split = contract.getByRole('region', { name: 'Payment split' });
  await expect(split).toContainText('$1,800.00');
  await expect(split).toContainText('Platform fee (20%)$360.00');
  await expect(split).toContainText('Ethan Engineer receives (80%)$1,440.00');
  await expectNoSeriousA11yViolations(page);

  // Nothing is sent unsigned; a name that is not the account's is refused by the server.
  const pay = contract.getByRole('button', { name: 'Sign and pay $1,800.00' });
  await pay.click();
  await expect(contract.getByText('Type your full name to sign the contract.')).toBeVisible();
  await expect(contract.getByText('Tick the box to agree to the contract.')).toBeVisible();
  const name = contract.getByLabel('Your full name (signature)');
  const tick = contract.getByLabel('I have read this agreement and sign it as the Client.');
  await name.fill('Someone Else');
  await tick.check();
  await pay.click();
  await expect(
    contract.getByText('Type your full name as it appears on your account: Claire Client.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/#\/project_details\//);

  // The engineer changes the amount while the contract is open: it must be read and signed again.
  const changed = await request.put(`/api/proposals/update/${proposals.ethan}`, {
    headers: auth(ethan),
    data: {
      project_id: projectId,
      description: 'ethan can stamp it.',
      license_type: 'PE',
      proposed_amount: 190000,
      delivery_days: 10,
    },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  await name.fill('claire  client');
  await pay.click();
  await expect(contract.getByRole('alert')).toHaveText(
    'The proposal changed after you opened the contract. Read the updated contract and sign it again.',
  );
  await expect(text).toContainText('The agreed price is $1,900.00 (USD).');
  await expect(tick).not.toBeChecked();
  await tick.check();
  await contract.getByRole('button', { name: 'Sign and pay $1,900.00' }).click();

  // Leaving the checkout without paying.
  await expect(page).toHaveURL(/\/api\/payments\/test-checkout\/cs_test_/);
  sessionId = /cs_test_\w+/.exec(page.url())![0];
  await page.getByRole('link', { name: /^Cancel and return/ }).click();
  await expect(page).toHaveURL(/#\/cancel$/);
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByText('Your payment was not completed')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '#/explore');
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '#/');
  await expectNoSeriousA11yViolations(page);

  // On /success before the provider confirmed anything: asked again and again, then pending.
  let checks = 0;
  page.on('request', (r) => {
    if (r.url().includes(`/api/payments/verify-session/${sessionId}`)) checks++;
  });
  await page.goto(`/#/success?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Confirming your payment' })).toBeVisible();
  await expect.poll(() => checks).toBeGreaterThanOrEqual(2);
  await expect(page.getByText('Payment is still pending. Please check back later.')).toBeHidden();
  await page.clock.fastForward(31_000);
  await expect(page.getByText('Payment is still pending. Please check back later.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Retry Payment' }).click();
  await expect(page).toHaveURL(new RegExp(`#/project_details/${projectId}$`));
  const pending = (await paymentsOf(request, client)).find((p) => p.project_id === projectId);
  expect(pending).toMatchObject({ status: 'pending', amount_cents: 190000, refundable: false });
});

test('a declined card, then one that pays: the deal is made', async ({ page, request }) => {
  test.skip(!sessionId, 'needs the checkout of the first journey');
  const client = await sessionOf(request, DEMO.client);
  const projectId = deal!.id;
  await openSignedIn(page, client, `/project_details/${projectId}`);
  const ethanCard = page.getByRole('article', { name: 'Proposal from Ethan Engineer' });
  await ethanCard.getByRole('button', { name: 'Accept' }).click();
  const contract = page.getByRole('dialog', { name: 'Contract Agreement' });
  await contract.getByLabel('Your full name (signature)').fill('Claire Client');
  await contract.getByLabel('I have read this agreement and sign it as the Client.').check();
  // While the checkout is being opened the dialog is busy: no second click, no closing.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/payments/checkout-session', async (route) => {
    await held;
    await route.continue();
  });
  await contract.getByRole('button', { name: 'Sign and pay $1,900.00' }).click();
  await expect(contract.getByRole('button', { name: 'Opening checkout...' })).toBeDisabled();
  await expect(contract.getByRole('button', { name: 'Close', exact: true })).toBeDisabled();
  release();

  // The same checkout as before, still open: a declined card, then one that pays.
  await expect(page).toHaveURL(new RegExp(`/api/payments/test-checkout/${sessionId}$`));
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  // The declined attempt is in the client's Payment History, under Failed.
  const history = await page.context().newPage();
  await openSignedIn(history, client, `/client_dashboard/${client.user.id}?tab=payments`);
  const attempt = history.getByRole('article', { name: `Payment for ${deal!.title}` });
  await expect(attempt).toContainText('Failed');
  await history.close();
  await payWith(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(new RegExp(`#/success\\?session_id=${sessionId}$`));
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  // The paid project is one click away.
  await expect(page.getByRole('link', { name: 'Open the project' })).toHaveAttribute(
    'href',
    `#/project_details/${projectId}`,
  );
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(new RegExp(`#/client_dashboard/${client.user.id}$`));

  // The deal is made: project assigned, Ethan accepted, Priya rejected.
  await page.goto(`/#/project_details/${projectId}`);
  await expect(page.getByText('Assigned', { exact: true }).first()).toBeVisible();
  await expect(ethanCard).toContainText('Accepted');
  await expect(page.getByRole('article', { name: 'Proposal from Priya Raman' })).toContainText('Rejected');
  await expect(ethanCard.getByRole('button', { name: 'Accept' })).toBeHidden();

  const paid = (await paymentsOf(request, client)).find(
    (p) => p.project_id === projectId && p.status === 'succeeded',
  );
  expect(paid).toMatchObject({ amount_cents: 190000, refundable: true });
  paymentId = paid!.id;
});

test('Payment History filters, exports CSV and refunds within the window', async ({ page, request }) => {
  test.skip(!paymentId, 'needs the payment of the journey');
  const client = await sessionOf(request, DEMO.client);
  await openSignedIn(page, client, `/client_dashboard/${client.user.id}?tab=payments`);
  const row = page.getByRole('article', { name: `Payment for Carport footing ${marker}` });
  await expect(row).toContainText('$1,900.00');
  await expect(row).toContainText('Succeeded');
  await expect(row).toContainText(`Payment ${paymentId.slice(0, 8)}`);
  await expect(row).toContainText('Refundable until');
  await expect(row.getByText('Succeeded')).toHaveClass(/green/);
  await expectNoSeriousA11yViolations(page);

  // Filters: by status and by date range (docs/PRODUCT.md#limits), in the browser.
  await page.getByLabel('Status').selectOption('refunded');
  await expect(row).toBeHidden();
  await page.getByLabel('Status').selectOption('succeeded');
  await page.getByLabel('Date range').selectOption('today');
  await expect(row).toBeVisible();

  // The CSV of what is shown: docs/PRODUCT.md#limits columns, amounts as plain dollars, a BOM for spreadsheets.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^payment-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).split('\r\n');
  expect(lines[0]).toBe('Payment ID,Project,Engineer,Amount,Platform fee,Refunded,Refund status,Status,Date');
  expect(lines.at(-1)).toBe('');
  const ours = lines.find((l) => l.startsWith(`${paymentId},`));
  expect(ours).toMatch(
    new RegExp(
      `^${paymentId},Carport footing ${marker},[^,]+,1900\\.00,380\\.00,0\\.00,,succeeded,${day()} \\d{2}:\\d{2}:\\d{2}$`,
    ),
  );
  // Every row is a succeeded payment: the export follows the filters.
  for (const l of lines.slice(1, -1)) expect(l).toMatch(/^[0-9a-f-]{36},.*,succeeded,[^,]+$/);

  // The refund: asked for, confirmed, done.
  await row.getByRole('button', { name: 'Request Refund' }).click();
  const confirm = page.getByRole('dialog', { name: 'Request a refund?' });
  await expect(confirm).toContainText('$1,900.00');
  await confirm.getByRole('button', { name: 'Request Refund' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Refund successful!' })).toBeVisible();
  await page.getByLabel('Status').selectOption('all');
  await expect(row).toContainText('Refunded');
  await expect(row.getByText('Refunded', { exact: true })).toHaveClass(/red/);
  await expect(row.getByRole('button', { name: 'Request Refund' })).toBeHidden();

  // The project is open again; a second refund is refused.
  const project = await request.get(`/api/projects/id/${deal!.id}`, { headers: auth(client) });
  expect(((await project.json()) as { status: string }).status).toBe('open');
  const again = await request.post('/api/payments/refund', { headers: auth(client), data: { paymentId } });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe(
    'This payment has already been refunded.',
  );
});

test('a refused refund says why', async ({ page, request }) => {
  test.skip(!paymentId, 'needs the refunded payment of the journey');
  const client = await sessionOf(request, DEMO.client);
  // The page still offers a refund the server no longer allows (it was refunded meanwhile).
  await page.route('**/api/payments/user/*', async (route) => {
    const res = await route.fetch();
    const list = ((await res.json()) as Payment[]).map((p) =>
      p.id === paymentId
        ? { ...p, status: 'succeeded', refundable: true, refund_deadline: new Date().toISOString() }
        : p,
    );
    await route.fulfill({ response: res, json: list });
  });
  await openSignedIn(page, client, `/client_dashboard/${client.user.id}?tab=payments`);
  const row = page.getByRole('article', { name: `Payment for Carport footing ${marker}` });
  await row.getByRole('button', { name: 'Request Refund' }).click();
  await page
    .getByRole('dialog', { name: 'Request a refund?' })
    .getByRole('button', { name: 'Request Refund' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Error: This payment has already been refunded.' }),
  ).toBeVisible();
  // The refusal makes the page read the list again; let that last read go unanswered.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a payment older than 24 hours offers no refund, and the server refuses one', async ({
  page,
  request,
}) => {
  const client = await sessionOf(request, DEMO.client);
  // Demo data: Claire paid for her assigned projects days ago (seed/payments.ts).
  const old: Payment[] = [];
  for (const p of await paymentsOf(request, client)) {
    if (p.status !== 'succeeded' || Date.parse(p.succeeded_at ?? '') > Date.now() - 25 * 3600_000) continue;
    const project = await request.get(`/api/projects/id/${p.project_id}`, { headers: auth(client) });
    if (((await project.json()) as { status: string }).status === 'assigned') old.push(p);
  }
  expect(old.length, 'a demo payment older than a day on an assigned project').toBeGreaterThan(0);
  const payment = old[0];
  expect(payment).toMatchObject({ refundable: false, refund_deadline: null });

  await openSignedIn(page, client, `/client_dashboard/${client.user.id}?tab=payments`);
  const row = page.getByRole('article', { name: `Payment for ${payment.project_title}` });
  await expect(row).toContainText(`Payment ${payment.id.slice(0, 8)}`);
  await expect(row).toContainText('Succeeded');
  await expect(row.getByRole('button', { name: 'Request Refund' })).toHaveCount(0);
  // The demo payment of three hours ago has its button: the page shows one where allowed.
  await expect(
    page
      .getByRole('article', { name: 'Payment for Brewery process piping and drains' })
      .getByRole('button', { name: 'Request Refund' }),
  ).toBeVisible();

  const refused = await request.post('/api/payments/refund', {
    headers: auth(client),
    data: { paymentId: payment.id },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'The 24-hour refund window for this payment has ended.',
  );
});

test('a client without payments sees the empty history; a failed load says so', async ({ page, request }) => {
  const account = await signUpViaApi(request, { role: 'client', fullName: 'Nadia Newcomer' });
  const client = await apiSignIn(request, account.email, account.password);
  await openSignedIn(page, client, `/client_dashboard/${client.user.id}?tab=payments`);
  await expect(page.getByText('No transactions found for the selected filters.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await page.route('**/api/payments/user/*', (route) => route.fulfill({ status: 500, json: {} }));
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('Could not load payment history.');
});

test('the success page without a session, with an unknown one, and when the check fails', async ({
  page,
  request,
}) => {
  await openSignedIn(page, await sessionOf(request, DEMO.client), '/success');
  await expect(page.getByRole('alert')).toHaveText('Payment session ID not found.');
  await page.goto('/#/success?session_id=cs_test_doesnotexist123');
  await expect(page.getByRole('alert')).toHaveText('Payment session ID not found.');
  await page.route('**/api/payments/verify-session/*', (route) =>
    route.fulfill({ status: 503, json: { message: 'Service unavailable' } }),
  );
  await page.goto('/#/success?session_id=cs_test_whatever12345');
  await expect(page.getByRole('alert')).toHaveText('There was an error verifying your payment.');
});

test('the admin finds orders with filters, Load More and details', async ({ page, request }) => {
  test.skip(!paymentId, 'needs the refunded payment of the journey');
  // 22 checkouts opened through the API, then the pages: long on a shared machine.
  test.setTimeout(120_000);
  // Enough orders for more than one page: a fresh client opens a checkout for one proposal
  // after the other, each replacing the last (failed, replaced), the newest one pending.
  const account = await signUpViaApi(request, { role: 'client', fullName: 'Paige Pager' });
  const pager = await apiSignIn(request, account.email, account.password);
  const bulk = await projectWithProposals(request, pager, `Bulk orders ${marker}`);
  for (let i = 0; i < 22; i++)
    await checkoutViaApi(request, pager, bulk.id, i % 2 ? bulk.proposals.priya : bulk.proposals.ethan);

  const admin = await sessionOf(request, STAFF.email, STAFF.password);
  await openSignedIn(page, admin, `/admin_dashboard/${admin.user.id}?tab=orders`);
  const panel = page.getByRole('region', { name: 'Order History' });
  const rows = panel.locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await expectNoSeriousA11yViolations(page);

  // Failed orders from today: at least the 21 replaced ones, so a second page exists.
  await panel.getByLabel('Status').selectOption('failed');
  await panel.getByLabel('Start date').fill(day());
  await expect(rows).toHaveCount(20);
  // The unfiltered list has 20 rows too: wait for the filtered one to replace it.
  const statuses = () => panel.locator('tbody tr td:nth-child(5)').allInnerTexts();
  await expect.poll(async () => new Set(await statuses())).toEqual(new Set(['Failed']));
  let expected = 0;
  for (let n = 1; ; n++) {
    const res = await request.get(`/api/payments/all_payments?page=${n}&status=failed&start=${day()}`, {
      headers: auth(admin),
    });
    const onPage = (await res.json()) as unknown[];
    expected += onPage.length;
    if (onPage.length < 20) break;
  }
  expect(expected).toBeGreaterThanOrEqual(21);
  // Load More until every failed order is listed (a click waits for the button to show),
  // and then the button is gone.
  const loadMore = panel.getByRole('button', { name: 'Load More', exact: true });
  while ((await rows.count()) < expected) {
    const before = await rows.count();
    await loadMore.click();
    await expect(rows).not.toHaveCount(before);
  }
  await expect(rows).toHaveCount(expected);
  await expect(loadMore).toBeHidden();

  // The refunded payment of the journey, and its details.
  await panel.getByLabel('Status').selectOption('refunded');
  const ours = rows.filter({ hasText: `Carport footing ${marker}` });
  await expect(ours).toHaveCount(1);
  await expect(ours).toContainText('$1,900.00');
  await expect(ours.getByText('Refunded', { exact: true })).toHaveClass(/red/);
  await expect(ours.getByTestId('order-escrow')).toHaveText('Refunded to the client');
  await ours.getByRole('button', { name: /^View details/ }).click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  await expect(details).toContainText(`Project ID${deal!.id}`);
  const client = await sessionOf(request, DEMO.client);
  await expect(details).toContainText(`Customer ID${client.user.id}`);
  await expect(details).toContainText('Amount$1,900.00 USD');
  await expect(details).toContainText('StatusRefunded');
  await expect(details).toContainText('Created At');
  await expectNoSeriousA11yViolations(page);

  // On a phone the table scrolls inside its frame and the dialog fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = (await details.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Days before today hold none of today's orders; an end before the start is refused.
  await panel.getByLabel('End date').fill(day(-1));
  await expect(ours).toHaveCount(0);
  await panel.getByLabel('Start date').fill(day());
  await expect(panel.getByRole('alert')).toHaveText('The start date must not be after the end date.');
  await panel.getByLabel('End date').fill(day());
  await expect(ours).toHaveCount(1);

  // Days without orders, and a list that fails to load.
  await panel.getByLabel('Start date').fill('2001-01-01');
  await panel.getByLabel('End date').fill('2001-01-02');
  await expect(panel.getByText('No orders found')).toBeVisible();
  await page.route('**/api/payments/all_payments*', (route) => route.fulfill({ status: 500, json: {} }));
  await panel.getByLabel('End date').fill('2001-01-03');
  await expect(panel.getByRole('alert')).toHaveText('Failed to fetch payments.');
});

test('payment pages fit a phone; coming back from the checkout starts at the top @responsive', async ({
  page,
  request,
  isMobile,
}) => {
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const account = await signUpViaApi(request, { role: 'client', fullName: 'Rita Roaming' });
  const client = await apiSignIn(request, account.email, account.password);
  const paid = await projectWithProposals(request, client, `Phone paid ${marker}`, ['ethan']);
  await payViaApi(request, await checkoutViaApi(request, client, paid.id, paid.proposals.ethan));
  const next = await projectWithProposals(request, client, `Phone next ${marker}`, ['ethan']);

  await openSignedIn(page, client, `/client_dashboard/${client.user.id}?tab=payments`);
  const row = page.getByRole('article', { name: `Payment for Phone paid ${marker}` });
  await expect(row).toContainText('$1,800.00');
  await expect(row).toContainText('Succeeded');
  await expect(row.getByRole('button', { name: 'Request Refund' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // A fresh load of the project page, scrolled down to the proposal, then off to the checkout.
  await page.goto('about:blank');
  await page.goto(`/#/project_details/${next.id}`);
  await page.getByRole('button', { name: 'Accept' }).click();
  const contract = page.getByRole('dialog', { name: 'Contract Agreement' });
  await expect(contract.getByRole('article', { name: 'Contract text' })).toContainText('$1,800.00');
  const box = (await contract.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await contract.getByLabel('Your full name (signature)').fill('Rita Roaming');
  await contract.getByLabel('I have read this agreement and sign it as the Client.').check();
  await contract.getByRole('button', { name: /^Sign and pay/ }).click();
  await expect(page).toHaveURL(/\/api\/payments\/test-checkout\/cs_test_/);
  await page.getByRole('link', { name: /^Cancel and return/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeInViewport();
  await expectNoSidewaysScroll(page);
});
