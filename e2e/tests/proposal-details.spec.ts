// What a first client and engineer trip over around a proposal (docs/DECISIONS.md 'What a first
// user trips over'): the proposal states a delivery time that the contract and the project
// repeat, the contract dialog links the dated Terms and Privacy Policy, and an edit refused
// because the client accepted meanwhile says why instead of doing nothing.
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { type ApiSession, DEMO, openSignedIn, sessionOf } from '../support/session.ts';

const marker = `quasar${randomBytes(3).toString('hex')}`;
const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });

async function projectWithProposal(request: APIRequestContext, client: ApiSession, engineer: ApiSession) {
  const created = await request.post(`/api/projects/${client.user.id}`, {
    headers: auth(client),
    data: {
      title: `Deck ledger ${marker}`,
      description: 'Ledger attachment and footing details, stamped for the permit office.',
      specializations: ['structural'],
      license_type: 'PE',
      budget: 120000,
      country: 'USA',
      state: 'Texas',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const project = (await created.json()) as { id: string };
  const applied = await request.post(`/api/proposals/create/${engineer.user.id}`, {
    headers: auth(engineer),
    data: {
      project_id: project.id,
      description: 'Sealed ledger details.',
      license_type: 'PE',
      proposed_amount: 110000,
      delivery_days: 10,
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  return { projectId: project.id, proposalId: ((await applied.json()) as { id: string }).id };
}

/** The client signs the contract and pays with the test card, through the API. */
async function payViaApi(
  request: APIRequestContext,
  client: ApiSession,
  projectId: string,
  proposalId: string,
) {
  const contract = await request.get(`/api/payments/contract/${proposalId}`, { headers: auth(client) });
  const c = (await contract.json()) as { amount: number; sha256: string };
  const checkout = await request.post('/api/payments/checkout-session', {
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
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await request.post(url, {
    form: { name: 'Card Holder', number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  await expect
    .poll(async () => {
      const res = await request.get(`/api/projects/id/${projectId}`, { headers: auth(client) });
      return ((await res.json()) as { status: string }).status;
    })
    .toBe('assigned');
}

test('the delivery time runs from proposal to contract to project; a refused edit says why', async ({
  page,
  browser,
  request,
}) => {
  const client = await sessionOf(request, DEMO.client);
  const engineer = await sessionOf(request, DEMO.engineer);
  const { projectId, proposalId } = await projectWithProposal(request, client, engineer);

  // The client compares time as well as price, and reads it in the contract before signing.
  await openSignedIn(page, client, `/project_details/${projectId}`);
  const card = page.getByRole('article', { name: 'Proposal from Ethan Engineer' });
  await expect(card).toContainText('delivery 10 days');
  await card.getByRole('button', { name: 'Accept' }).click();
  const contract = page.getByRole('dialog', { name: 'Contract Agreement' });
  await expect(contract).toContainText(
    '2. Price. The agreed price is $1,100.00 (USD). The Engineer will deliver the work within 10 days of the payment.',
  );
  const terms = contract.getByRole('link', { name: 'Terms of Service' });
  await expect(terms).toHaveAttribute('href', '#/terms');
  await expect(terms).toHaveAttribute('target', '_blank');
  await expect(contract.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '#/privacy');
  await expect(contract).toContainText(/Terms of Service \(updated [A-Z][a-z]{2} \d{1,2}, \d{4}\)/);
  await contract.screenshot({ path: test.info().outputPath('contract.png') });
  await contract.getByRole('button', { name: 'Close', exact: true }).click();

  // The engineer opens Edit Proposal; meanwhile the client signs and pays.
  const context = await browser.newContext();
  const eng = await context.newPage();
  await openSignedIn(eng, engineer, `/project_details/${projectId}`);
  const mine = eng.getByRole('region', { name: 'Your Proposal' });
  await expect(mine).toContainText('10 days');
  await mine.getByRole('button', { name: 'Edit Proposal' }).click();
  const edit = eng.getByRole('dialog', { name: 'Edit Proposal' });
  await expect(edit.getByLabel('Delivery time (days)')).toHaveValue('10');
  await payViaApi(request, client, projectId, proposalId);

  await edit.getByLabel('Proposed amount (USD)').fill('1000');
  const refused = eng.waitForResponse((r) => r.url().includes('/api/proposals/update/'));
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  expect((await refused).status()).toBe(409);
  // The server's reason, in the dialog that stays open.
  await expect(edit.getByRole('alert')).toHaveText('Only pending proposals can be changed.');
  await expect(edit).toBeVisible();
  await edit.screenshot({ path: test.info().outputPath('refused-edit.png') });
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // Once accepted, the project states the agreed delivery time, to both parties.
  await eng.reload();
  await expect(eng.getByText('Agreed delivery time')).toBeVisible();
  await expect(eng.getByText('10 days from payment')).toBeVisible();
  await page.reload();
  await expect(page.getByText('10 days from payment')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test('the contract dialog’s terms fit a phone, and the project form says what is required @responsive', async ({
  page,
  request,
}) => {
  const client = await sessionOf(request, DEMO.client);
  await openSignedIn(page, client, '/create_project');
  await page.getByLabel('Title').fill(`Carport ${marker}`);
  await page.getByLabel('Description').fill('Two-post carport footing.');
  await page.getByLabel('Budget (USD)').fill('0');
  await page.getByLabel('Country').selectOption('Australia');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/projects\//.test(r.url())) sent.push(r.url());
  });
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('Please choose at least one specialization.')).toBeVisible();
  await expect(page.getByText('License type is required.')).toBeVisible();
  await expect(page.getByText('Budget is required: an amount above $0.')).toBeVisible();
  await expect(page.getByText('State is required.')).toBeVisible();
  expect(sent).toEqual([]);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('required.png'), fullPage: true });

  await page.goto('/#/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('terms.png') });
  await page.goto('/#/privacy');
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('privacy.png'), fullPage: true });
});
