// Accounts, licences, payout accounts and the engineer directory (docs/PRODUCT.md#screens, #states, #validation, #messages):
// an engineer fills the account and adds a licence with its proof; the admin approves it
// and it locks; the engineer connects a payout account through the test-mode onboarding;
// a signed-out visitor filters the directory and opens a profile.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { waitForMail } from '../support/mailbox.ts';
import { type ApiSession, signInViaApi, signUpViaApi } from '../support/session.ts';
import { STAFF } from '../support/staff.ts';

const main = (page: Page) => page.getByRole('main');
const status = (page: Page, text: string | RegExp) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));

/** A small but real PDF: the server checks uploads by their content. */
const PROOF_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function freshEngineer(page: Page, request: APIRequestContext, fullName: string): Promise<ApiSession> {
  const account = await signUpViaApi(request, { role: 'engineer', fullName });
  return signInViaApi(page, request, account.email, account.password);
}

async function adminPage(
  browser: Browser,
): Promise<{ page: Page; session: ApiSession; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const session = await signInViaApi(page, context.request, STAFF.email, STAFF.password);
  return { page, session, close: () => context.close() };
}

test('an engineer fills the account and adds a licence; the admin approves it and it locks', async ({
  page,
  request,
  browser,
}) => {
  const name = `Dana Whitlock ${randomUUID().slice(0, 6)}`;
  const me = await freshEngineer(page, request, name);

  // Account: the original design's validation messages, then a save that persists.
  await page.goto(`/#/profile/${me.user.id}?tab=account`);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Licenses' })).toBeVisible();
  const form = main(page);
  await form.getByLabel('Phone number').fill('12345');
  await form.getByLabel('SSN').fill('12');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form.getByText('Enter a US or Australian phone number, such as (512) 555-0142 or 0412 345 678.'),
  ).toBeVisible();
  await expect(form.getByText('SSN must be 9 digits.')).toBeVisible();

  // Written as people write it (docs/PRODUCT.md: phones), stored as E.164, shown formatted.
  await form.getByLabel('Phone number').fill('+1 512 555 0199');
  await form.getByLabel('SSN').fill('123456789');
  const state = form.getByLabel('State');
  await expect(state).toBeDisabled();
  await form.getByLabel('Country').selectOption('Australia');
  await expect(state.locator('option')).toHaveCount(1 + 8);
  await form.getByLabel('Country').selectOption('USA');
  await expect(state.locator('option')).toHaveCount(1 + 50);
  await state.selectOption('Texas');
  await form.getByRole('checkbox', { name: 'Structural' }).check();
  await form.getByRole('checkbox', { name: 'Civil' }).check();
  await form.getByLabel('Highest education').selectOption('master');
  await form.getByLabel('Years of experience').fill('9');
  await form.getByLabel('Portfolio URL').fill('https://example.com/dana');
  await form.getByLabel('Hourly rate (USD)').fill('137.25');
  await form.getByLabel('Availability').selectOption('part-time');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(status(page, 'Profile saved successfully!')).toBeVisible();

  await page.reload();
  await expect(form.getByLabel('Phone number')).toHaveValue('(512) 555-0199');
  await expect(form.getByLabel('State')).toHaveValue('Texas');
  await expect(form.getByLabel('Hourly rate (USD)')).toHaveValue('137.25');
  // The SSN never comes back: only its last four digits, as a hint.
  await expect(form.getByLabel('SSN')).toHaveValue('');
  await expect(form.getByLabel('SSN')).toHaveAttribute('placeholder', /6789$/);

  // Licences: required fields, the state list follows the country, proof upload.
  await page.getByRole('tab', { name: 'Licenses' }).click();
  await expect(page).toHaveURL(/tab=licenses/);
  await form.getByRole('button', { name: 'Add License' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add License' });
  await dialog.getByRole('button', { name: 'Add License' }).click();
  await expect(dialog.getByText('All fields are required.')).toBeVisible();
  const licenseNumber = `TX-PE-${randomUUID().slice(0, 8)}`;
  await dialog.getByLabel('License number').fill(licenseNumber);
  await dialog.getByLabel('License type').selectOption('PE');
  await expect(dialog.getByLabel('Issue state')).toBeDisabled();
  await dialog.getByLabel('Issue country').selectOption('Australia');
  await dialog.getByLabel('Issue state').selectOption('Queensland');
  await dialog.getByLabel('Issue country').selectOption('USA');
  await expect(dialog.getByLabel('Issue state')).toHaveValue('');
  await dialog.getByLabel('Issue state').selectOption('Texas');
  await dialog.getByLabel('Expiration date').fill(inDays(400));
  await dialog.getByRole('checkbox', { name: 'Structural' }).check();
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'pe-license.pdf',
    mimeType: 'application/pdf',
    buffer: PROOF_PDF,
  });
  // The proof is private: a button that fetches it with the session, not a public link.
  await expect(dialog.getByRole('button', { name: 'pe-license.pdf' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add License' }).click();
  await expect(status(page, 'License added successfully!')).toBeVisible();
  const item = form.getByRole('listitem', { name: `PE license ${licenseNumber}` });
  await expect(item.getByText('Pending review')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Delete' })).toBeVisible();
  // The list names the proof as the engineer named it, and saves it under that name.
  const saving = page.waitForEvent('download');
  await item.getByRole('button', { name: 'pe-license.pdf' }).click();
  expect((await saving).suggestedFilename()).toBe('pe-license.pdf');

  // The admin reviews it with its proof and approves it.
  const admin = await adminPage(browser);
  await admin.page.goto(`/#/admin_dashboard/${admin.session.user.id}`);
  await expect(admin.page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  await expect(admin.page.getByText('Your admin dashboard')).toBeVisible();
  await expect(admin.page.getByRole('tab', { name: 'Support Tickets' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await admin.page.getByRole('tab', { name: 'Check Licenses' }).click();
  const row = admin.page.getByRole('row').filter({ hasText: licenseNumber });
  await expect(row).toContainText(name);
  await expect(row).toContainText('PE');
  await row.getByRole('button', { name: /^Review/ }).click();
  const review = admin.page.getByRole('dialog', { name: 'Review License' });
  await expect(review).toContainText(name);
  await expect(review).toContainText('Texas');
  await expect(review).toContainText('USA');
  await expect(review).toContainText('Structural');
  const download = admin.page.waitForEvent('download');
  // The proof keeps the name the engineer gave it, in the dialog and in the download.
  await review.getByRole('button', { name: /pe-license\.pdf/ }).click();
  const proof = await download;
  expect(proof.suggestedFilename()).toBe('pe-license.pdf');
  expect(readFileSync((await proof.path())!).equals(PROOF_PDF)).toBe(true);
  await expectNoSeriousA11yViolations(admin.page);
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.page.getByText('License approved successfully!')).toBeVisible();
  await expect(row).toHaveCount(0);
  await admin.close();

  // Locked for the engineer: no edit or delete; the decision is notified and mailed.
  await page.reload();
  await expect(item.getByText('Verified')).toBeVisible();
  await expect(item.getByText('Locked after verification')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(item.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByText(new RegExp(`${licenseNumber}.*approved|approved`)).first()).toBeVisible();
  await waitForMail(me.user.email, { subject: 'approved' });

  // The public profile shows the verified licence, date only.
  await page.goto(`/#/engineer_profile/${me.user.id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const lic = page.getByTestId('profile-license');
  await expect(lic).toContainText('PE');
  await expect(lic).toContainText('Verified');
  await expect(lic).toContainText('Texas');
  await expect(page.getByText('$137.25 per hour')).toBeVisible();
  await expect(page.getByText('No reviews received yet.')).toBeVisible();
  // Their own profile, as the server's abilities say: edit it, not invite themself.
  await expect(page.getByRole('link', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Invitation' })).toHaveCount(0);
});

test('login info: passwords must match, the server rejects a wrong old password, a new name is saved', async ({
  page,
  request,
}) => {
  const me = await freshEngineer(page, request, 'Robin Ashcombe');
  await page.goto(`/#/profile/${me.user.id}`);
  const form = main(page);
  await form.getByLabel('Old password').fill('not-my-password-1');
  await form.getByLabel('New password', { exact: true }).fill('Quartz-Harbor-2291');
  await form.getByLabel('Confirm new password').fill('Quartz-Harbor-2292');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();

  await form.getByLabel('Confirm new password').fill('Quartz-Harbor-2291');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText(/Old password/).last()).toBeVisible();

  await form.getByLabel('Old password').fill('');
  await form.getByLabel('New password', { exact: true }).fill('');
  await form.getByLabel('Confirm new password').fill('');
  await form.getByLabel('Full name').fill('Robin Ashcombe-Hale');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(status(page, 'Profile updated successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account menu for Robin Ashcombe-Hale/ })).toBeVisible();
});

test('only the owner opens a profile or a dashboard', async ({ page, request }) => {
  const me = await freshEngineer(page, request, 'Owner Check');
  await page.goto(`/#/profile/${randomUUID()}`);
  await expect(page.getByText('You can only open your own profile.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to my profile' }).click();
  await expect(page).toHaveURL(new RegExp(`#/profile/${me.user.id}$`));
});

test('an engineer connects a payout account in test mode and sees payouts enabled', async ({
  page,
  request,
}) => {
  const me = await freshEngineer(page, request, 'Payout Tester');
  await page.goto(`/#/engineer_dashboard/${me.user.id}?tab=stripe`);
  await expect(page.getByRole('heading', { name: 'Engineer', level: 1 })).toBeVisible();
  for (const tab of [
    'Proposals',
    'Wallet',
    'Stripe Wallet',
    'Payout History',
    'Projects',
    'Submissions',
    'Reviews',
  ]) {
    await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: 'Stripe Wallet' })).toHaveAttribute('aria-selected', 'true');
  const connect = page.getByRole('form', { name: 'Connect a payout account' });
  await expect(connect.getByLabel('Email')).toHaveValue(me.user.email);
  await expect(connect.getByLabel('Country')).toHaveValue('US');
  await expect(connect.getByLabel('Country').locator('option')).toHaveText([
    'United States',
    'Canada',
    'Australia',
  ]);
  await expectNoSeriousA11yViolations(page);
  await connect.getByRole('button', { name: 'Connect with Stripe' }).click();

  // The test-mode provider's own onboarding form.
  await expect(page.getByRole('heading', { name: 'Set up payouts' })).toBeVisible();
  await page.getByLabel('Legal name').fill('Payout Tester');
  await page.getByLabel('Date of birth').fill('1985-04-12');
  await page.getByLabel('Street address').fill('100 Congress Ave');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('Postal code').fill('78701');
  await page.getByLabel('Routing number').fill('110000000');
  await page.getByLabel('Account number').fill('000123456789');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/#\/onboarding\/complete/);
  await expect(page.getByRole('heading', { name: 'Onboarding Complete!' })).toBeVisible();
  await expect(page.getByText(/in [1-5] seconds?/)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/engineer_dashboard/${me.user.id}\\?tab=stripe$`), {
    timeout: 8000,
  });
  await expect(page.getByText('Payouts enabled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open Stripe dashboard' })).toBeVisible();

  // Other tabs open from the URL and show their empty states.
  await page.getByRole('tab', { name: 'Payout History' }).click();
  await expect(page).toHaveURL(/tab=payouts/);
  await expect(page.getByText('No payout history found.')).toBeVisible();
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(page.getByText('No reviews received yet.')).toBeVisible();

  await page.goto('/#/onboarding/refresh');
  await expect(page.getByRole('heading', { name: 'Onboarding Canceled' })).toBeVisible();
  await page.getByRole('link', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(new RegExp(`#/engineer_dashboard/${me.user.id}\\?tab=stripe$`));
});

test('a signed-out visitor filters the directory and opens a profile @responsive', async ({ page }) => {
  await page.goto('/#/find_an_engineer?specialization=structural');
  await expect(page.getByRole('heading', { name: 'Find an Engineer', level: 1 })).toBeVisible();
  const phone = (page.viewportSize()?.width ?? 1280) < 1024;
  const filters = page.getByRole('form', { name: 'Filter engineers' });
  if (phone) {
    await expect(filters).toBeHidden();
    await page.getByRole('button', { name: /Filters/ }).click();
  }
  await expect(filters.getByLabel('Specialization')).toHaveValue('structural');
  const cards = page.getByTestId('engineer-card');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card).toContainText('Structural');
  await expectNoSeriousA11yViolations(page);

  // The server filters: country, then name.
  await filters.getByLabel('Specialization').selectOption('');
  await filters.getByLabel('Country', { exact: true }).selectOption('Australia');
  await expect(filters.getByLabel('State', { exact: true }).locator('option')).toHaveCount(1 + 8);
  await expect(page).toHaveURL(/country=Australia/);
  await expect(cards.first()).toBeVisible();
  // Every card shown once the filtered list has replaced the full one (a snapshot of the cards
  // taken earlier could still count the unfiltered list).
  await expect
    .poll(async () => {
      const texts = await cards.allTextContents();
      return texts.length > 0 && texts.every((t) => t.includes('Australia'));
    })
    .toBe(true);
  await filters.getByLabel('Name').fill('Charlotte');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Charlotte Wilson');
  await expect(cards.first()).toContainText('$180.00/hr');
  await expect(cards.first()).toContainText('CPE');
  await filters.getByLabel('Name').fill('Nobody Matches This');
  await expect(page.getByText('No engineers match these filters.')).toBeVisible();
  await filters.getByLabel('Name').fill('Charlotte');

  await cards.first().getByRole('link', { name: 'View profile of Charlotte Wilson' }).click();
  await expect(page).toHaveURL(/#\/engineer_profile\//);
  await expect(page.getByRole('heading', { name: 'Charlotte Wilson', level: 1 })).toBeVisible();
  await expect(page.getByText('$180.00 per hour')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
  await expect(page.getByTestId('profile-license').first()).toContainText('Queensland');
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/#/engineer_profile/${randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Engineer not found' })).toBeVisible();
});

test('a profile answer that is not JSON says so', async ({ page }) => {
  await page.route('**/api/engineer/account/id/**', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }),
  );
  await page.goto(`/#/engineer_profile/${randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Invalid JSON response' })).toBeVisible();
});
