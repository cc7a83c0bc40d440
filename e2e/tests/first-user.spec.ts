// What a first user ran into (issue 15), driven as they met it: filters that lose typed
// input, a page number past the end, sign-in that forgets where the visitor was going,
// doubled sign-up messages.
import { expect, test } from '@playwright/test';
import { mailCount } from '../support/mailbox.ts';
import { DEMO, DEMO_PASSWORD, pinFromMail } from '../support/session.ts';

test('explore keeps a typed minimum and maximum budget and applies both @responsive', async ({ page }) => {
  await page.goto('/#/explore');
  // On a phone the filters sit behind a toggle.
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if (await toggle.isVisible()) await toggle.click();
  const min = page.getByLabel('Minimum budget');
  const max = page.getByLabel('Maximum budget');
  await min.fill('500');
  await min.press('Tab');
  await max.pressSequentially('900');
  await expect(page).toHaveURL(/min_budget=500/);
  await expect(page).toHaveURL(/max_budget=900/);
  await expect(min).toHaveValue('500');
  await expect(max).toHaveValue('900');
});

test('explore moves a page number past the end to the last page', async ({ page }) => {
  await page.goto('/#/explore?page=99');
  await expect(page).not.toHaveURL(/page=99/);
  await expect(page.getByRole('heading', { name: /projects? found/ })).toContainText(
    /showing 1–\d+|showing \d+–\d+/,
  );
  await expect(page.getByText(/Page 99 of/)).toHaveCount(0);
});

test('a visitor sent to sign in from a project page comes back to it after the PIN', async ({
  page,
  request,
}) => {
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) blocked.push(m.text());
  });
  const list = await (await request.get('/api/projects')).json();
  const projectId: string = list.items[0].id;
  await page.goto(`/#/project_details/${projectId}`);
  await expect(page).toHaveURL(/#\/sign-in$/);

  const before = await mailCount(DEMO.client);
  await page.getByLabel('Email').fill(DEMO.client);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter your PIN' });
  // The resend button counts down the server's resend interval instead of erroring.
  await expect(dialog.getByRole('button', { name: /^Resend PIN in \d+s$/ })).toBeDisabled();
  await dialog.getByLabel('PIN').fill(await pinFromMail(DEMO.client, before));
  await dialog.getByRole('button', { name: 'Verify PIN' }).click();
  await expect(page).toHaveURL(new RegExp(`#/project_details/${projectId}$`));
  // The dialog's scroll lock carried the page's style nonce: nothing was blocked.
  expect(blocked).toEqual([]);
});

test('sign-up with an e-mail in use says so once, and the message goes with the next try', async ({
  page,
}) => {
  await page.goto('/#/sign-up');
  await page.getByLabel('Full name').fill('Second Client');
  await page.getByLabel('Email').fill(DEMO.client);
  await page.getByLabel('Password', { exact: true }).fill('Another-Strong-Pass-42');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const taken = page.getByText(/already (exists|in use)/);
  await expect(taken).toHaveCount(1);
  await page.getByLabel('Full name').fill('');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(taken).toHaveCount(0);
});
