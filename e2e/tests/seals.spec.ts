// The seal verdict in the browser (docs/DELIVERABLES.md 'What the seal check proves'): on a
// paid deal the engineer uploads a PDF signed with a certificate he made himself and sees its
// verdict before sending it (a damaged PDF is refused right there); both sides
// see 'self-signed' in amber with what it means for a permit (the file's SHA-256 quoted), and
// the client who accepts it must get past a warning that says what is missing. The next
// version, sealed by the demo seal authority (the test server's trust store), reads
// 'verified' in green and is accepted without that warning. At desktop and phone width.
import { createHash, randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { drawingPdf, makeSealIdentity, signPdf } from '../../apps/server/src/seed/stamped-pdf.ts';
import { SEAL_MESSAGES } from '../../packages/shared/src/seals.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { paidDealViaApi } from '../support/deals.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { type ApiSession, DEMO, openSignedIn, sessionOf } from '../support/session.ts';

const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });
const MARCUS = 'marcus@demo.stampworks.dev';

async function send(
  request: Parameters<typeof sessionOf>[0],
  engineer: ApiSession,
  projectId: string,
  title: string,
  pdf: Buffer,
): Promise<string> {
  const upload = await request.post('/api/files?kind=deliverable', {
    headers: auth(engineer),
    multipart: { file: { name: 'set.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const { secure_url } = (await upload.json()) as { secure_url: string };
  const sent = await request.post('/api/submissions', {
    headers: auth(engineer),
    data: {
      project_id: projectId,
      engineer_id: engineer.user.id,
      title,
      description: 'Sealed drawings.',
      attachments: secure_url,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return ((await sent.json()) as { id: string }).id;
}

async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: test.info().outputPath(`seals-${name}-${width}.png`), fullPage: true });
}

test('each deliverable shows its seal verdict; accepting one without a verified seal warns first @responsive', async ({
  page: engineerPage,
  browser,
  request,
}) => {
  let page = engineerPage;
  test.setTimeout(180_000);
  const marker = randomBytes(3).toString('hex');
  // Desktop and phone run at once: each signs in its own pair, so their sign-in PINs never cross.
  const desktop = test.info().project.name === 'desktop';
  const [clientEmail, engineerEmail, signer] = desktop
    ? [MARCUS, DEMO.engineer, 'Ethan Engineer, PE']
    : ['olivia@demo.stampworks.dev', 'priya@demo.stampworks.dev', 'Priya Raman, PE'];
  const sheet = (title: string) => drawingPdf({ title, project: `Seals ${marker}`, engineer: signer });
  const selfMade = await signPdf(
    await sheet('S-1 self-signed'),
    makeSealIdentity({ commonName: signer }, { selfSigned: true }),
    { name: signer, location: 'Austin, TX' },
  );
  const sealed = await signPdf(await sheet('S-1 sealed'), makeSealIdentity({ commonName: signer }), {
    name: signer,
    location: 'Austin, TX',
  });

  const client = await sessionOf(request, clientEmail);
  const ethan = await sessionOf(request, engineerEmail);
  const project = await paidDealViaApi(request, client, ethan, {
    title: `Seal check ${marker}`,
    amountCents: 50_000,
  });

  // The engineer sees the verdict right after uploading, before sending; a damaged file with
  // a PDF header is refused there.
  await openSignedIn(page, ethan, `/submissions/${project.id}`);
  await page.getByRole('button', { name: 'New Submission' }).click();
  const form = page.getByRole('dialog', { name: 'New Submission' });
  await form.getByLabel('Title').fill(`Self-signed set ${marker}`);
  await form.getByLabel('Description').fill('Sealed drawings.');
  await form.getByLabel('Stamped drawings (PDF)').setInputFiles({
    name: 'damaged.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x41), Buffer.from('\n%%EOF\n')]),
  });
  await expect(form.getByText(SEAL_MESSAGES.unreadable)).toBeVisible();
  await form.getByLabel('Stamped drawings (PDF)').setInputFiles({
    name: 'self-signed.pdf',
    mimeType: 'application/pdf',
    buffer: selfMade,
  });
  const preview = form.getByTestId('upload-seal').getByTestId('signature-status');
  await expect(preview).toHaveAttribute('data-seal', 'self_signed');
  await expect(preview).toContainText('Self-signed: anyone can make this certificate');
  await expectNoSidewaysScroll(page);
  await shot(page, 'upload-verdict');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Submission created successfully!')).toBeVisible();
  const first = (
    (await (
      await request.get(`/api/submissions/project/${project.id}`, { headers: auth(ethan) })
    ).json()) as { submissions: Array<{ id: string }> }
  ).submissions[0].id;

  // The client, in a browser of their own at the same width.
  const { viewport, isMobile, hasTouch, deviceScaleFactor, userAgent } = test.info().project.use;
  const clientContext = await browser.newContext({
    viewport,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    userAgent,
  });
  page = await clientContext.newPage();
  await openSignedIn(page, client, `/submissions/${project.id}`);
  const card = page.getByTestId('submission').filter({ hasText: `Self-signed set ${marker}` });
  const status = card.getByTestId('signature-status');
  await expect(status).toHaveAttribute('data-seal', 'self_signed');
  await expect(status).toContainText(`Signed by ${signer} with a self-signed certificate`);
  const sha = createHash('sha256').update(selfMade).digest('hex');
  await expect(card.getByTestId('seal-meaning')).toHaveText(
    `Self-signed: anyone can make this certificate; some permit offices require one from a certification authority, or the engineer’s signed statement of this file’s SHA-256: ${sha}.`,
  );
  // Not green: only a verified seal is.
  await expect(status).not.toHaveClass(/bg-green/);
  await status.getByText('Signature details (1)').click();
  await expect(status.getByText('self-signed; valid when signed', { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, 'self-signed');

  // Accepting it: a warning says what is missing, and nothing is accepted until confirmed.
  await card.getByRole('button', { name: 'Accept' }).click();
  const dialog = page.getByRole('dialog', { name: SEAL_MESSAGES.acceptTitle });
  await expect(dialog.getByTestId('seal-warning')).toContainText(SEAL_MESSAGES.acceptWarning);
  await expect(dialog.getByTestId('seal-warning')).toContainText(
    'Self-signed: anyone can make this certificate',
  );
  await expect(dialog.getByRole('button', { name: SEAL_MESSAGES.acceptConfirm })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, 'accept-warning');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();

  // The client rejects it; the engineer sends a set sealed by a trusted authority.
  const rejected = await request.patch(`/api/submissions/${first}/approve`, {
    headers: auth(client),
    data: { client_acceptance: false, comment: 'Please seal it with your state-issued certificate.' },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  await send(request, ethan, project.id, `Sealed set ${marker}`, sealed);
  await page.reload();
  const good = page.getByTestId('submission').filter({ hasText: `Sealed set ${marker}` });
  await expect(good.getByTestId('signature-status')).toHaveAttribute('data-seal', 'verified');
  await expect(good.getByTestId('signature-status')).toHaveClass(/bg-green/);
  await expect(good.getByTestId('signature-status')).toContainText(
    `Sealed by ${signer} — verified: trusted certificate, intact since signing`,
  );
  await good.getByRole('button', { name: 'Accept' }).click();
  const plain = page.getByRole('dialog', { name: 'Accept this submission?' });
  await expect(plain).toBeVisible();
  await expect(plain.getByTestId('seal-warning')).toHaveCount(0);
  await shot(page, 'verified');
  await plain.getByRole('button', { name: 'Cancel' }).click();
  await expectNoSeriousA11yViolations(page);
  await clientContext.close();
});
