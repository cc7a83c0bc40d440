// Trust for stamped work in the browser: a licence fits only the jurisdiction that
// issued it (Ethan, licensed in Texas and Colorado, cannot apply to a California project and
// can to a Texas one; the directory finds engineers by where they are licensed), licences
// about to expire carry a warning, and a completed project's record verifies and downloads.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type ApiSession, DEMO, openSignedIn, sessionOf } from '../support/session.ts';
import { STAFF } from '../support/staff.ts';

test.describe.configure({ mode: 'serial' });

const marker = `nebula${randomBytes(3).toString('hex')}`;
const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });

async function postProject(request: APIRequestContext, client: ApiSession, title: string, state: string) {
  const res = await request.post(`/api/projects/${client.user.id}`, {
    headers: auth(client),
    data: {
      title,
      description: 'Stamped drawings for the permit office.',
      specializations: ['structural'],
      license_type: 'PE',
      budget: 80000,
      country: 'USA',
      state,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

test('a Texas engineer cannot apply to a California project, and can to a Texas one', async ({
  page,
  request,
}) => {
  const client = await sessionOf(request, DEMO.client);
  const engineer = await sessionOf(request, DEMO.engineer);
  const california = await postProject(request, client, `Garage conversion ${marker}`, 'California');
  const texas = await postProject(request, client, `Porch cover ${marker}`, 'Texas');

  await openSignedIn(page, engineer, `/project_details/${california.id}`);
  // The server's reason shows before any click, under a button that cannot be used.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Your verified licences do not cover projects in California.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply Now' })).toBeDisabled();
  await expect(page.getByRole('dialog', { name: 'Create Proposal' })).toBeHidden();

  await page.goto(`/#/project_details/${texas.id}`);
  await expect(page.getByRole('heading', { name: `Porch cover ${marker}`, level: 1 })).toBeVisible();
  // The other project's refusal does not follow the engineer here.
  await expect(page.getByText(/do not cover/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Apply Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Proposal' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Description').fill('Porch beam and footing design, sealed in Texas.');
  await dialog.getByLabel('License type').selectOption('PE');
  await dialog.getByLabel('Proposed amount (USD)').fill('800');
  await dialog.getByLabel('Delivery time (days)').fill('7');
  await dialog.getByRole('button', { name: 'Submit Proposal' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Your Proposal' })).toContainText('$800.00');
});

test('the client sees where a proposing engineer is licensed for the project', async ({ page, request }) => {
  const client = await sessionOf(request, DEMO.client);
  const engineer = await sessionOf(request, DEMO.engineer);
  const texas = await postProject(request, client, `Shade structure ${marker}`, 'Texas');
  const applied = await request.post(`/api/proposals/create/${engineer.user.id}`, {
    headers: auth(engineer),
    data: {
      project_id: texas.id,
      description: 'Sealed in Texas.',
      license_type: 'PE',
      proposed_amount: 70000,
      delivery_days: 10,
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  await openSignedIn(page, client, `/project_details/${texas.id}`);
  await expect(page.getByRole('article', { name: `Proposal from ${engineer.user.full_name}` })).toContainText(
    'Licensed in Texas, USA',
  );
});

test('the directory finds engineers by where their licences were issued', async ({ page }) => {
  await page.goto('/#/find_an_engineer');
  const cards = page.getByTestId('engineer-card');
  const ethan = cards.filter({ hasText: 'Ethan Engineer' });
  await expect(ethan).toContainText('Licensed in');
  await expect(ethan).toContainText('Texas, USA · Colorado, USA');
  await page.getByLabel('Licence country').selectOption('USA');
  await page.getByLabel('Licence state').selectOption('Colorado');
  await expect(page).toHaveURL(/licensed_state=Colorado/);
  await expect(ethan).toHaveCount(1);
  await expect(cards.filter({ hasText: 'Priya Raman' })).toHaveCount(0);
  await page.getByLabel('Licence state').selectOption('California');
  await expect(cards.filter({ hasText: 'Priya Raman' })).toHaveCount(1);
  await expect(ethan).toHaveCount(0);
});

test('licences about to expire carry a warning for the engineer and the reviewer', async ({
  page,
  browser,
  request,
}) => {
  const engineer = await sessionOf(request, DEMO.engineer);
  await openSignedIn(page, engineer, `/profile/${engineer.user.id}?tab=licenses`);
  const colorado = page.getByTestId('license-item').filter({ hasText: 'CO-PE-0061482' });
  await expect(colorado).toContainText(/Expires in \d+ days/);
  await expect(page.getByTestId('license-item').filter({ hasText: 'TX-PE-118203' })).not.toContainText(
    'Expires in',
  );
  const admin = await sessionOf(request, STAFF.email, STAFF.password);
  const reviewer = await (await browser.newContext()).newPage();
  await openSignedIn(reviewer, admin, `/admin_dashboard/${admin.user.id}?tab=licenses`);
  await expect(reviewer.getByRole('row').filter({ hasText: 'VIC-CPE-1094' })).toContainText(
    /Expires in \d+ days/,
  );
});

test('a completed project’s record verifies and downloads as JSON and PDF @responsive', async ({
  page,
  request,
}) => {
  const client = await sessionOf(request, DEMO.client);
  const res = await request.get(`/api/projects/customer/${client.user.id}`, { headers: auth(client) });
  const projects = (await res.json()) as Array<{ id: string; title: string }>;
  const hvac = projects.find((p) => p.title === 'Small office HVAC replacement');
  expect(hvac).toBeTruthy();

  await openSignedIn(page, client, `/project_details/${hvac!.id}`);
  const panel = page.getByRole('region', { name: 'Project record' });
  await expect(panel.getByRole('status')).toContainText('The record verifies');
  const entries = panel.getByRole('list', { name: 'Record entries' }).getByRole('listitem');
  await expect(entries.first()).toBeVisible();
  await panel.getByRole('button', { name: /Show all \d+ entries/ }).click();
  await expect(entries.first()).toContainText('1. Project posted');
  await expect(panel).toContainText('Escrow released');

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  expect(json.suggestedFilename()).toBe(`project-record-${hvac!.id}.json`);
  const record = JSON.parse(await readFile((await json.path())!, 'utf8'));
  expect(record.verified).toBe(true);
  await expect(panel).toContainText(record.head_hash);

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`project-record-${hvac!.id}.pdf`);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  // The page keeps to the width it is given.
  const overflow = await page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(1);
});
