// Projects, proposals and invitations in the browser: a client posts a project
// with an attachment; an eligible engineer finds it on /explore and applies, edits and
// withdraws; an engineer without a licence is told why not; the client invites an
// engineer from the directory; the owner rejects a proposal and the engineer sees it.
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import {
  type ApiSession,
  apiSignIn,
  DEMO,
  DEMO_PASSWORD,
  signInViaApi,
  signUpViaApi,
} from '../support/session.ts';

test.describe.configure({ mode: 'serial' });

// One word no other project has, so search finds exactly ours.
const marker = `zephyr${randomBytes(3).toString('hex')}`;
const title = `Retaining wall ${marker} for a hillside garage`;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
let projectId = '';

const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });

async function createProjectViaApi(request: APIRequestContext, client: ApiSession, name: string) {
  const res = await request.post(`/api/projects/${client.user.id}`, {
    headers: auth(client),
    data: {
      title: name,
      description: 'Beam and column check for a mezzanine.',
      specializations: ['structural'],
      license_type: 'PE',
      budget: 250000,
      country: 'USA',
      state: 'Texas',
      urgency_level: 'medium',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; title: string };
}

function toast(page: Page, text: string) {
  return page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));
}

test('signed-out visitors are sent to sign in from /create_project', async ({ page }) => {
  await page.goto('/#/create_project');
  await expect(page).toHaveURL(/#\/sign-in$/);
});

test('a client posts a project with an attachment', async ({ page, request }) => {
  await signInViaApi(page, request, DEMO.client, DEMO_PASSWORD, '/create_project');
  await expect(page.getByRole('heading', { name: 'Post a Project' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Every field marked required is enforced (docs/PRODUCT.md#projects); nothing is sent without them.
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('Title is required.')).toBeVisible();
  await expect(page.getByText('Description is required.')).toBeVisible();
  await expect(page.getByText('Please choose at least one specialization.')).toBeVisible();
  await expect(page.getByText('License type is required.')).toBeVisible();
  await expect(page.getByText('Budget is required: an amount above $0.')).toBeVisible();
  await expect(page.getByText('Country is required.')).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Description')
    .fill('Design and stamp a 2.4 m cantilever retaining wall behind a new garage.');
  await page.getByLabel('Structural').check();
  await page.getByLabel('Civil').check();
  await page.getByLabel('License type').selectOption('PE');
  await page.getByLabel('Budget (USD)').fill('1234.50');
  await page.getByLabel('Deadline').fill('2030-06-30');

  // The state list follows the country: disabled until one is chosen, reset when it changes.
  const state = page.getByLabel('State');
  await expect(state).toBeDisabled();
  await page.getByLabel('Country').selectOption('Australia');
  await state.selectOption('Queensland');
  await page.getByLabel('Country').selectOption('USA');
  await expect(state).toHaveValue('');
  await expect(state.locator('option', { hasText: 'Queensland' })).toHaveCount(0);
  await state.selectOption('Texas');

  await page.locator('input[type=file]').setInputFiles({
    name: 'wall-plan.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByRole('link', { name: 'wall-plan.pdf' })).toBeVisible();
  await page.getByLabel('Urgency').selectOption('high');
  await page.getByLabel('Notes').fill('Soil report available on request.');

  const created = page.waitForResponse(
    (r) => r.url().includes('/api/projects/') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create Project' }).click();
  const body = await (await created).json();
  projectId = body.id;
  expect(body.budget).toBe(123450);
  expect(body.specializations.sort()).toEqual(['civil', 'structural']);
  await expect(toast(page, 'Project created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/#\/explore$/);

  // Its page shows what was posted, with the attachment.
  await page.goto(`/#/project_details/${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await expect(page.getByText('$1,234.50')).toBeVisible();
  await expect(page.getByText('Texas, USA', { exact: true })).toBeVisible();
  const attachment = page.getByRole('link', { name: 'View attachment' });
  // Site-relative: the link works under any host name the site is opened with.
  await expect(attachment).toHaveAttribute('href', /^\/files\/.+\.pdf$/);
  const file = await request.get((await attachment.getAttribute('href'))!);
  expect(file.ok()).toBe(true);
  await expect(page.getByRole('heading', { name: /^Proposals/ })).toBeVisible();
  await expect(page.getByText('No proposals submitted yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The owner can change it while it is open.
  await page.getByRole('button', { name: 'Update Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Project' });
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByLabel('State')).toHaveValue('Texas');
  await dialog.getByLabel('Budget (USD)').fill('1500');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Project summary').getByText('$1,500.00')).toBeVisible();
  // The project's record tells the edit at once, without a reload.
  await expect(page.getByRole('region', { name: 'Project record' })).toContainText('edited the project');
});

test('an eligible engineer finds the project on /explore, applies, edits and withdraws', async ({
  page,
  request,
}) => {
  test.skip(!projectId, 'needs the posted project');
  await signInViaApi(page, request, DEMO.engineer, DEMO_PASSWORD, '/explore');
  await expectNoSeriousA11yViolations(page);

  const search = page.getByRole('searchbox', { name: 'Search projects' });
  await search.fill(marker);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${marker}`));
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(page.getByText(/^1\s+project found/)).toBeVisible();
  await expect(card).toContainText('$1,500.00');
  await expect(card).toContainText('Texas, USA');
  await expect(card).toContainText('High urgency');
  await expect(card).toContainText('Structural');

  // Filters narrow the list and live in the URL, so back and forward work.
  await page.getByLabel('Specialization').selectOption('structural');
  await page.getByLabel('Country').selectOption('USA');
  await page.getByLabel('State').selectOption('Texas');
  await expect(page).toHaveURL(/specialization=structural/);
  await expect(card).toHaveCount(1);
  await page.getByLabel('Urgency').selectOption('low');
  await expect(page).toHaveURL(/urgency=low/);
  await expect(page.getByText('No projects match your search.')).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/urgency=/);
  await expect(card).toHaveCount(1);
  await page.getByLabel('Minimum budget').fill('2000');
  await page.getByLabel('Minimum budget').press('Enter');
  await expect(page).toHaveURL(/min_budget=2000/);
  await expect(page.getByText('No projects match your search.')).toBeVisible();
  await page.goBack();
  await expect(card).toHaveCount(1);

  // The title goes through /project/{id} to the details page.
  await card.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/project_details/${projectId}$`));
  await expect(page.getByText('0 proposals submitted')).toBeVisible();

  await page.getByRole('button', { name: 'Apply Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Proposal' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('License type')).toHaveValue('PE');
  await dialog.getByLabel('License type').selectOption('');
  await dialog.getByRole('button', { name: 'Submit Proposal' }).click();
  await expect(dialog.getByText('Description is required.')).toBeVisible();
  await expect(dialog.getByText('License type is required.')).toBeVisible();
  await expect(dialog.getByText('Valid amount is required.')).toBeVisible();
  await expect(
    dialog.getByText('Delivery time is required: a whole number of days from 1 to 365.'),
  ).toBeVisible();

  await dialog.getByLabel('Description').fill('PE-stamped design with calculations within 10 days.');
  await dialog.getByLabel('License type').selectOption('PE');
  await dialog.getByLabel('Proposed amount (USD)').fill('1000');
  await dialog.getByLabel('Delivery time (days)').fill('10');
  const fees = dialog.getByRole('region', { name: 'Fee preview' });
  await expect(fees).toContainText('Platform fee (20%)');
  await expect(fees).toContainText('$200.00');
  await expect(fees).toContainText('You receive (80%)');
  await expect(fees).toContainText('$800.00');
  await dialog.getByRole('button', { name: 'Submit Proposal' }).click();
  await expect(dialog).toBeHidden();

  const mine = page.getByRole('region', { name: 'Your Proposal' });
  await expect(mine).toContainText('$1,000.00');
  await expect(mine).toContainText('Delivery time10 days');
  await expect(mine).toContainText('Pending');
  await expect(page.getByRole('button', { name: 'Apply Now' })).toBeHidden();

  await mine.getByRole('button', { name: 'Edit Proposal' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Proposal' });
  await expect(edit.getByLabel('Proposed amount (USD)')).toHaveValue('1000.00');
  await expect(edit.getByLabel('Delivery time (days)')).toHaveValue('10');
  await edit.getByLabel('Proposed amount (USD)').fill('900');
  await edit.getByLabel('Delivery time (days)').fill('14');
  await expect(edit.getByRole('region', { name: 'Fee preview' })).toContainText('$720.00');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(mine).toContainText('$900.00');
  await expect(mine).toContainText('14 days');

  await mine.getByRole('button', { name: 'Withdraw Proposal' }).click();
  await page
    .getByRole('dialog', { name: 'Withdraw your proposal?' })
    .getByRole('button', { name: 'Withdraw' })
    .click();
  await expect(mine).toBeHidden();
  await expect(page.getByRole('button', { name: 'Apply Now' })).toBeVisible();
  await expect(page.getByText('0 proposals submitted')).toBeVisible();
});

test('an engineer with no licence is told why they cannot apply', async ({ page, request }) => {
  test.skip(!projectId, 'needs the posted project');
  const engineer = await signUpViaApi(request, { role: 'engineer', fullName: 'Nolan Nolicense' });
  await signInViaApi(page, request, engineer.email, engineer.password, `/project_details/${projectId}`);
  // Said before any click, under a button that cannot be used.
  await expect(page.getByRole('status').filter({ hasText: 'You have no licenses on file.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply Now' })).toBeDisabled();
  await expect(page.getByRole('dialog', { name: 'Create Proposal' })).toBeHidden();
});

test('an engineer without payouts is sent to the Stripe Wallet tab; a failed check says so', async ({
  page,
  request,
}) => {
  // James (demo) holds a verified CPE licence but his payout account cannot receive payouts yet.
  const client = await apiSignIn(request, DEMO.client, DEMO_PASSWORD);
  const res = await request.post(`/api/projects/${client.user.id}`, {
    headers: auth(client),
    data: {
      title: `Balcony check ${marker}`,
      description: 'Balcony load check.',
      specializations: ['structural'],
      license_type: 'CPE',
      budget: 90000,
      country: 'Australia',
      state: 'New South Wales',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const project = (await res.json()) as { id: string };
  const james = await signInViaApi(
    page,
    request,
    'james@demo.stampworks.dev',
    DEMO_PASSWORD,
    `/project_details/${project.id}`,
  );
  const alert = page.getByRole('status').filter({
    hasText: 'You must set up your Stripe account before you can submit a proposal.',
  });
  await expect(alert).toBeVisible();
  await alert.getByRole('link', { name: 'Set up your Stripe account' }).click();
  await expect(page).toHaveURL(new RegExp(`#/engineer_dashboard/${james.user.id}\\?tab=stripe$`));
  await expect(page.getByRole('tab', { name: 'Stripe Wallet', selected: true })).toBeVisible();

  // When the check itself cannot be made, the engineer is told so and no dialog opens.
  await page.route('**/api/proposals/eligibility/*', (route) =>
    route.fulfill({ status: 503, json: { message: 'Service unavailable' } }),
  );
  await page.goto(`/#/project_details/${project.id}`);
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Unable to verify license status.' }),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Create Proposal' })).toBeHidden();
});

test('the client invites an engineer from the directory and the engineer is notified', async ({
  page,
  request,
}) => {
  test.skip(!projectId, 'needs the posted project');
  const engineer = await apiSignIn(request, DEMO.engineer, DEMO_PASSWORD);
  await signInViaApi(page, request, DEMO.client, DEMO_PASSWORD, '/find_an_engineer');
  const card = page.getByTestId('engineer-card').filter({ hasText: engineer.user.full_name });
  await card.getByRole('button', { name: 'Send Invitation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Invitation' });
  await expect(dialog).toBeVisible();
  // Only open projects are offered; one must be chosen.
  await expect(dialog.getByRole('option', { name: title })).toHaveCount(1);
  const select = dialog.getByLabel('Project');
  if ((await select.inputValue()) !== '') await select.selectOption('');
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByText('Please select a project.')).toBeVisible();
  await select.selectOption({ label: title });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toast(page, 'Invitation sent successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The engineer gets it: stored for them, and shown by their bell.
  await expect
    .poll(async () => {
      const res = await request.get(`/api/notification/${engineer.user.id}`, { headers: auth(engineer) });
      const list = (await res.json()) as Array<{ message: string; notification_link: string | null }>;
      return (
        list.find((n) => n.message.includes(`invited you to the project "${title}"`))?.notification_link ??
        null
      );
    })
    .toContain(projectId);
  const tab = await page.context().browser()!.newPage();
  await signInViaApi(tab, request, DEMO.engineer, DEMO_PASSWORD, '/');
  await tab.getByRole('button', { name: /^Notifications/ }).click();
  // (A job alert for the same project may be there too: the engineer is eligible for it.)
  await expect(
    tab.getByTestId('notification').filter({ hasText: `invited you to the project "${title}"` }),
  ).toBeVisible();
  await tab.close();
});

test('an engineer cannot invite, and a client without open projects is told why', async ({
  page,
  request,
}) => {
  await signInViaApi(page, request, DEMO.engineer, DEMO_PASSWORD, '/find_an_engineer');
  await expect(
    page.getByTestId('engineer-card').first().getByRole('button', { name: 'Send Invitation' }),
  ).toBeDisabled();

  const client = await signUpViaApi(request, { role: 'client', fullName: 'Fresh Client' });
  const other = await page.context().browser()!.newPage();
  await signInViaApi(other, request, client.email, client.password, '/find_an_engineer');
  const first = other.getByTestId('engineer-card').first();
  await expect(first.getByRole('button', { name: 'Send Invitation' })).toBeDisabled();
  await expect(first.getByText('You need at least one open project to send an invitation.')).toBeVisible();
  await other.close();

  // Engineers do not post projects, and an unknown project says so in the original design's words.
  await page.goto('/#/create_project');
  await expect(page.getByRole('heading', { name: 'Only clients can post projects' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveCount(0);
  await page.goto('/#/project_details/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toHaveText('Error: Project not found');
});

test('the owner rejects a proposal and the engineer sees it rejected', async ({ page, request }) => {
  const client = await apiSignIn(request, DEMO.client, DEMO_PASSWORD);
  const engineer = await apiSignIn(request, DEMO.engineer, DEMO_PASSWORD);
  const project = await createProjectViaApi(request, client, `Mezzanine check ${marker}`);
  const applied = await request.post(`/api/proposals/create/${engineer.user.id}`, {
    headers: auth(engineer),
    data: {
      project_id: project.id,
      description: 'Check and stamp within a week.',
      license_type: 'PE',
      proposed_amount: 180000,
      delivery_days: 10,
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);

  await signInViaApi(page, request, DEMO.client, DEMO_PASSWORD, `/project_details/${project.id}`);
  const proposal = page.getByRole('article', { name: `Proposal from ${engineer.user.full_name}` });
  await expect(proposal).toContainText('$1,800.00');
  await expect(proposal).toContainText('Pending');
  await expect(proposal.getByRole('link', { name: engineer.user.full_name })).toHaveAttribute(
    'href',
    `#/engineer_profile/${engineer.user.id}`,
  );

  // Accepting goes through the contract (payments.spec.ts pays); closing it accepts nothing.
  await proposal.getByRole('button', { name: 'Accept' }).click();
  const contract = page.getByRole('dialog', { name: 'Contract Agreement' });
  await expect(contract).toContainText('due on signing');
  await expect(contract).toContainText('$1,800.00');
  await expect(contract).toContainText('20%');
  await expect(contract).toContainText('$360.00');
  await expect(contract).toContainText('80%');
  await expect(contract).toContainText('$1,440.00');
  await contract.getByRole('button', { name: 'Close' }).first().click();
  await expect(contract).toBeHidden();
  await expect(proposal).toContainText('Pending');

  await proposal.getByRole('button', { name: 'Reject' }).click();
  // Rejecting asks first, like withdraw and delete; keeping it changes nothing.
  const confirm = page.getByRole('dialog', { name: 'Reject this proposal?' });
  await confirm.getByRole('button', { name: 'Keep Proposal' }).click();
  await expect(confirm).toBeHidden();
  await expect(proposal).toContainText('Pending');
  await proposal.getByRole('button', { name: 'Reject' }).click();
  await confirm.getByRole('button', { name: 'Reject' }).click();
  await expect(proposal).toContainText('Rejected');
  await expect(proposal.getByRole('button', { name: 'Reject' })).toBeHidden();

  const tab = await page.context().browser()!.newPage();
  await signInViaApi(
    tab,
    request,
    DEMO.engineer,
    DEMO_PASSWORD,
    `/engineer_dashboard/${engineer.user.id}?tab=proposals`,
  );
  await tab.getByRole('button', { name: 'Rejected', exact: true }).click();
  const row = tab.getByRole('article', { name: `Proposal for ${project.title}` });
  await expect(row).toContainText('Rejected');
  await expect(row.getByRole('link', { name: project.title })).toHaveAttribute(
    'href',
    `#/project_details/${project.id}`,
  );
  await tab.getByRole('button', { name: 'Pending', exact: true }).click();
  await expect(row).toBeHidden();
  await tab.close();
});

test('the client dashboard lists projects by status @responsive', async ({ page, request }) => {
  const client = await apiSignIn(request, DEMO.client, DEMO_PASSWORD);
  const project = await createProjectViaApi(request, client, `Dashboard listing ${marker}`);
  await signInViaApi(page, request, DEMO.client, DEMO_PASSWORD, `/client_dashboard/${client.user.id}`);
  await expect(page.getByRole('link', { name: 'Create Project' })).toBeVisible();
  const link = page.getByRole('link', { name: project.title });
  await expect(link).toHaveAttribute('href', `#/project_details/${project.id}`);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(link).toBeVisible();
  await page.getByRole('button', { name: 'Completed', exact: true }).click();
  await expect(link).toBeHidden();
  // Ethan rated Claire for the office HVAC job (seed/submissions.ts).
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(page.getByText('Organised client: site photos and unit data sheets up front')).toBeVisible();
});

test('explore keeps filters in a collapsible panel on phones @responsive', async ({ page, isMobile }) => {
  await page.goto('/#/explore?specialization=structural');
  await expect(page.getByRole('heading', { name: 'Explore Projects' })).toBeVisible();
  const specialization = page.getByLabel('Specialization');
  if (isMobile) {
    await expect(specialization).toBeHidden();
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  // The header's 'Browse Categories' links preselect the specialization.
  await expect(specialization).toHaveValue('structural');
  // Explore lists open projects only: other states are their parties' business.
  await expect(page.getByLabel('Status')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
