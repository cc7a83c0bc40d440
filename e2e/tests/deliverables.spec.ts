// Deliverables, completion and ratings in the browser: on a deal paid into
// escrow, the engineer uploads a PDF this test signed itself and sees its signature line,
// edits it while it waits; the client previews it, rejects it with a comment; the engineer
// reads the comment and sends the next version; the client accepts it: the project is
// completed, the escrow released (80% in the engineer's wallet, a payout due on the right
// Sunday, no refund any more), and both rate each other and see the reviews. The page also
// holds at phone width.
import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { drawingPdf, makeSealIdentity, signPdf } from '../../apps/server/src/seed/stamped-pdf.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { paidDealViaApi } from '../support/deals.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { type ApiSession, DEMO, openSignedIn, sessionOf } from '../support/session.ts';

test.describe.configure({ mode: 'serial' });

const marker = `stamp${randomBytes(3).toString('hex')}`;
const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });
const MARCUS = 'marcus@demo.stampworks.dev';
const AMOUNT = 123_450; // $1,234.50: the engineer is owed 80%, $987.60
// The engineer of record seals: the verdict compares the certificate's name with theirs.
const SIGNER = 'Ethan Engineer, PE';

/** The Sunday of the Monday-to-Sunday week after today's (UTC), as the payout date. */
function payoutSunday(now = new Date()): string {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const toSunday = (7 - now.getUTCDay()) % 7;
  return new Date(start + (toSunday + 7) * 86_400_000).toISOString().slice(0, 10);
}

async function pageFor(browser: Browser, session: ApiSession, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await openSignedIn(page, session, path);
  return page;
}

let signed: Buffer;
let resigned: Buffer;
test.beforeAll(async () => {
  const identity = makeSealIdentity({ commonName: SIGNER, organization: 'Reyes Structural LLC' });
  const sheet = (title: string) => drawingPdf({ title, project: `Deck ${marker}`, engineer: SIGNER });
  signed = await signPdf(await sheet('S-101 Framing plan'), identity, {
    name: SIGNER,
    location: 'Austin, TX',
  });
  resigned = await signPdf(await sheet('S-101 Framing plan, rev 1'), identity, {
    name: SIGNER,
    location: 'Austin, TX',
  });
});

test('a deliverable from upload to completion, the escrow released and ratings both ways', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const client = await sessionOf(request, MARCUS);
  const ethan = await sessionOf(request, DEMO.engineer);
  const project = await paidDealViaApi(request, client, ethan, {
    title: `Deck framing ${marker}`,
    amountCents: AMOUNT,
  });

  // The engineer opens the project's submissions from the project page.
  const eng = await pageFor(browser, ethan, `/project_details/${project.id}`);
  await eng.getByRole('link', { name: 'Send a deliverable' }).click();
  await expect(eng).toHaveURL(new RegExp(`#/submissions/${project.id}$`));
  await expect(eng.getByRole('heading', { name: 'Submissions', level: 1 })).toBeVisible();
  await expect(eng.getByText('No submissions yet.')).toBeVisible();

  // Title and description are required; the PDF too.
  await eng.getByRole('button', { name: 'New Submission' }).click();
  let dialog = eng.getByRole('dialog', { name: 'New Submission' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Title is required.')).toBeVisible();
  await expect(dialog.getByText('Description is required.')).toBeVisible();
  await dialog.getByLabel('Title').fill('Framing plan, first issue');
  await dialog.getByLabel('Description').fill('Sealed framing plan and footing details.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Attach the stamped drawings as a PDF.')).toBeVisible();
  // A file that is not a PDF is refused by its bytes.
  await dialog.getByLabel('Stamped drawings (PDF)').setInputFiles({
    name: 'drawings.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('just some text pretending to be a PDF'),
  });
  await expect(eng.getByText('File upload failed.').first()).toBeVisible();
  await dialog.getByLabel('Stamped drawings (PDF)').setInputFiles({
    name: 'framing-plan.pdf',
    mimeType: 'application/pdf',
    buffer: signed,
  });
  await expect(eng.getByText('File uploaded successfully!')).toBeVisible();
  await expect(dialog.getByText('framing-plan.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(eng.getByText('Submission created successfully!')).toBeVisible();
  let card = eng.getByTestId('submission').filter({ hasText: 'Framing plan, first issue' });
  await expect(card.getByTestId('signature-status')).toContainText(
    `Sealed by ${SIGNER} — verified: trusted certificate, intact since signing`,
  );
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  // One version waits at a time: no second one until the client decides.
  await expect(eng.getByRole('button', { name: 'New Submission' })).toHaveCount(0);

  // Edited while it waits.
  await card.getByRole('button', { name: 'Edit' }).click();
  dialog = eng.getByRole('dialog', { name: 'Update Submission' });
  await dialog.getByLabel('Title').fill(`Framing plan ${marker}`);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(eng.getByText('Submission updated successfully!')).toBeVisible();
  card = eng.getByTestId('submission').filter({ hasText: `Framing plan ${marker}` });
  await expect(card).toBeVisible();

  // The client finds it from the project page, previews it and rejects it with a comment.
  const cli = await pageFor(browser, client, `/project_details/${project.id}`);
  await cli.getByRole('link', { name: 'Review the deliverable' }).click();
  let clientCard = cli.getByTestId('submission').filter({ hasText: `Framing plan ${marker}` });
  await expect(clientCard.getByTestId('signature-status')).toContainText(`Sealed by ${SIGNER} — verified`);
  // The file keeps the name the engineer gave it, in the list and in the download.
  await expect(clientCard).toContainText('framing-plan.pdf (PDF,');
  const saving = cli.waitForEvent('download');
  await clientCard.getByRole('button', { name: 'Download' }).click();
  expect((await saving).suggestedFilename()).toBe('framing-plan.pdf');
  await clientCard.getByRole('button', { name: 'Preview' }).click();
  await expect(clientCard.getByText('Page 1 of 1')).toBeVisible({ timeout: 20_000 });
  const canvasWidth = await clientCard
    .locator('canvas')
    .evaluate((c) => (c as unknown as { width: number }).width);
  expect(canvasWidth).toBeGreaterThan(200);
  await clientCard.getByRole('button', { name: 'Reject' }).click();
  const reject = cli.getByRole('dialog', { name: 'Reject this submission?' });
  await reject.getByLabel(/Comment for the engineer/).fill(`Add the ledger connection detail ${marker}.`);
  await reject.getByRole('button', { name: 'Reject submission' }).click();
  await expect(cli.getByText('Submission Rejected!')).toBeVisible();
  await expect(clientCard.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(clientCard.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  // The engineer reads the comment and sends the next version.
  await eng.reload();
  card = eng.getByTestId('submission').filter({ hasText: `Framing plan ${marker}` });
  await expect(card.getByText(`Add the ledger connection detail ${marker}.`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await eng.getByRole('button', { name: 'New Submission' }).click();
  dialog = eng.getByRole('dialog', { name: 'New Submission' });
  await dialog.getByLabel('Title').fill(`Framing plan rev 1 ${marker}`);
  await dialog.getByLabel('Description').fill('Ledger connection detail added.');
  await dialog.getByLabel('Stamped drawings (PDF)').setInputFiles({
    name: 'framing-plan-rev1.pdf',
    mimeType: 'application/pdf',
    buffer: resigned,
  });
  await expect(dialog.getByText('framing-plan-rev1.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(eng.getByText('Submission created successfully!')).toBeVisible();

  // Filters: one pending, one rejected.
  await eng.getByRole('button', { name: 'Rejected', exact: true }).click();
  await expect(eng.getByTestId('submission')).toHaveCount(1);
  await eng.getByRole('button', { name: 'Pending', exact: true }).click();
  await expect(eng.getByTestId('submission')).toHaveCount(1);
  await expect(eng.getByTestId('submission')).toContainText(`Framing plan rev 1 ${marker}`);
  await eng.getByRole('button', { name: 'All', exact: true }).click();
  await expect(eng.getByTestId('submission')).toHaveCount(2);
  await eng.getByLabel('Sort').selectOption('oldest');
  await expect(eng.getByTestId('submission').first()).toContainText(`Framing plan ${marker}`);

  // The client accepts it, after saying yes to what it means.
  await cli.reload();
  clientCard = cli.getByTestId('submission').filter({ hasText: `Framing plan rev 1 ${marker}` });
  await clientCard.getByRole('button', { name: 'Accept' }).click();
  const confirm = cli.getByRole('dialog', { name: 'Accept this submission?' });
  await expect(confirm).toContainText('releases the payment held in escrow to Ethan Engineer');
  await confirm.getByRole('button', { name: 'Accept and release payment' }).click();
  await expect(cli.getByText('Submission Accepted!')).toBeVisible();
  await expect(clientCard.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(
    cli.getByText('Project completed. The payment held in escrow was released to Ethan Engineer.'),
  ).toBeVisible();

  // The escrow was released: 80% in the engineer's wallet, paid out on the right Sunday; no refund.
  // Read as the wallet's own transaction for this project: payouts.spec may pay out the rest of
  // the wallet meanwhile on the shared stack, so the balance itself is no measure here.
  const wallet = (await (
    await request.get(`/api/wallet/payouts/user/${ethan.user.id}`, { headers: auth(ethan) })
  ).json()) as Array<{ project_id: string; gross_cents: number; fee_cents: number; amount: number }>;
  expect(wallet.find((t) => t.project_id === project.id)).toMatchObject({
    gross_cents: AMOUNT,
    fee_cents: 24_690,
    amount: 98_760,
  });
  const payouts = (await (
    await request.get(`/api/payout/user/${ethan.user.id}`, { headers: auth(ethan) })
  ).json()) as Array<{ project_id: string; amount: number; status: string; payout_date: string }>;
  // Due on the right Sunday. (payouts.spec may start that Sunday's run meanwhile on the shared
  // stack, so the payout may already be on its way or paid.)
  const payout = payouts.find((p) => p.project_id === project.id);
  expect(payout).toMatchObject({ amount: 98_760, payout_date: payoutSunday() });
  expect(['initiated', 'pending', 'succeeded']).toContain(payout?.status);
  const payments = (await (
    await request.get(`/api/payments/user/${client.user.id}`, { headers: auth(client) })
  ).json()) as Array<{ project_id: string; refundable: boolean; status: string }>;
  expect(payments.find((p) => p.project_id === project.id)).toMatchObject({
    status: 'succeeded',
    refundable: false,
  });
  await cli.goto(`/#/project_details/${project.id}`);
  await expect(cli.getByText('Completed', { exact: true }).first()).toBeVisible();

  // The engineer sees it in his Payout History: due, for 80% of the payment.
  const history = await eng.context().newPage();
  await history.goto(`/#/engineer_dashboard/${ethan.user.id}?tab=payouts`);
  const due = history
    .getByRole('region', { name: 'Payout History' })
    .getByRole('article')
    .filter({ hasText: project.title });
  await expect(due).toContainText(/Scheduled|Sending|Paid/);
  await expect(due).toContainText('$987.60');
  await history.close();

  // Both rate each other from the submissions page.
  await cli.goto(`/#/submissions/${project.id}`);
  await cli.getByRole('button', { name: 'Rate the engineer' }).click();
  let rate = cli.getByRole('dialog', { name: 'Rate Ethan Engineer' });
  await rate.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(rate.getByText('Rating must be between 1 and 5.')).toBeVisible();
  await rate.locator('label').filter({ hasText: '4 stars' }).click();
  await rate.getByLabel(/Comment/).fill(`Careful framing work ${marker}`);
  await rate.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(cli.getByText('Thank you! Your rating was submitted.')).toBeVisible();
  await expect(cli.getByText('You rated Ethan Engineer')).toBeVisible();

  // The engineer's open page learnt of the acceptance live, without a reload.
  await expect(
    eng.getByText('Project completed. The payment held in escrow was released to Ethan Engineer.'),
  ).toBeVisible();
  await eng.getByRole('button', { name: 'Rate the client' }).click();
  rate = eng.getByRole('dialog', { name: 'Rate Whitfield Developments' });
  await rate.locator('label').filter({ hasText: '5 stars' }).click();
  await rate.getByLabel(/Comment/).fill(`Quick decisions ${marker}`);
  await rate.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(eng.getByText('You rated Whitfield Developments')).toBeVisible();

  // A second rating for the same project is refused by the server too.
  const again = await request.post('/api/ratings', {
    headers: auth(client),
    data: { sender_id: client.user.id, receiver_id: ethan.user.id, project_id: project.id, rate: 5 },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe(
    'You have already rated this user for this project.',
  );

  // The reviews show on the engineer's profile and dashboard, and on the client's dashboard.
  await cli.goto(`/#/engineer_profile/${ethan.user.id}`);
  await expect(cli.getByText(`Careful framing work ${marker}`)).toBeVisible();
  await eng.goto(`/#/engineer_dashboard/${ethan.user.id}?tab=reviews`);
  await expect(eng.getByText(`Careful framing work ${marker}`)).toBeVisible();
  await eng.goto(`/#/engineer_dashboard/${ethan.user.id}?tab=submissions`);
  await expect(eng.getByRole('link', { name: `Deck framing ${marker}` }).first()).toBeVisible();
  await cli.goto(`/#/client_dashboard/${client.user.id}?tab=reviews`);
  await expect(cli.getByText(`Quick decisions ${marker}`)).toBeVisible();

  await eng.context().close();
  await cli.context().close();
});

test('someone else’s or a missing project’s submissions show a message, not an error page', async ({
  page,
  request,
}) => {
  const claire = await sessionOf(request, DEMO.client);
  const marcus = await sessionOf(request, MARCUS);
  const [storm] = (
    (await (
      await request.get(`/api/projects/customer/${marcus.user.id}`, { headers: auth(marcus) })
    ).json()) as Array<{ id: string; title: string }>
  ).filter((p) => p.title === 'Stormwater detention for subdivision');
  await openSignedIn(page, claire, `/submissions/${storm.id}`);
  await expect(page.getByRole('heading', { name: 'These submissions are private' })).toBeVisible();
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  await page.goto('/#/submissions/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Project not found.' })).toBeVisible();
});

test('the submissions page holds at phone width @responsive', async ({ page, request }) => {
  const claire = await sessionOf(request, DEMO.client);
  const projects = (await (
    await request.get(`/api/projects/customer/${claire.user.id}`, { headers: auth(claire) })
  ).json()) as Array<{ id: string; title: string }>;
  const hvac = projects.find((p) => p.title === 'Small office HVAC replacement')!;
  // pdf.js is fetched only when a preview is opened.
  const pdfjsRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/pdf(\.worker)?[.-]/.test(r.url())) pdfjsRequests.push(r.url());
  });
  await openSignedIn(page, claire, `/submissions/${hvac.id}`);
  await expect(page.getByRole('heading', { name: 'Submissions', level: 1 })).toBeVisible();
  // The demo job: an unsigned version rejected with a comment, a signed one accepted, rated.
  const cards = page.getByTestId('submission');
  await expect(cards).toHaveCount(2);
  await expect(
    page.getByText('Sealed by Ethan Engineer, PE — verified: trusted certificate, intact since signing'),
  ).toBeVisible();
  await expect(page.getByText('Not digitally signed')).toBeVisible();
  await expect(page.getByText('You rated Ethan Engineer')).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(pdfjsRequests).toEqual([]);
  await cards.first().getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Page 1 of 1')).toBeVisible({ timeout: 20_000 });
  expect(pdfjsRequests.length).toBeGreaterThanOrEqual(2);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
