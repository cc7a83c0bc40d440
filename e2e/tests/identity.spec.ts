// Identity journeys: sign-up (engineer with a picture, client), PIN by mail, trusted
// device, sign-out, password reset through the mailed link, validation messages, and
// live notifications in the header bell (read, trash, swipe).
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { mailCount, waitForMail } from '../support/mailbox.ts';
import {
  apiSignIn,
  type BrowserStorage,
  pinFromMail,
  signInViaApi,
  signUpViaApi,
  uniqueEmail,
} from '../support/session.ts';
import { STAFF } from '../support/staff.ts';

// A real 8x8 PNG (the server checks uploads by their content).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGNk+M+AFTBhFx60BAA3pQEPEdPaSQAAAABJRU5ErkJggg==',
  'base64',
);

const accountMenu = (page: Page) => page.getByRole('button', { name: /^Account menu for / });

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('an engineer signs up with a picture, confirms the mailed PIN, is trusted on this device and signs out', async ({
  page,
}) => {
  // The PIN resend window is 30 seconds.
  test.setTimeout(120_000);
  const email = uniqueEmail('engineer');
  const password = 'Stamped-Drawings-42';

  await page.goto('/#/sign-up');
  await expect(page).toHaveTitle(/Sign up/);
  await expect(page.getByRole('radio', { name: /Engineer/ })).toBeChecked();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please fill all required fields')).toBeVisible();

  await page.getByLabel('Full name').fill('Rita Rivera');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('This password is too common. Please choose a less common one.')).toBeVisible();
  await expect(page.getByText('Please fill all required fields')).toBeHidden();

  // The eye button shows what was typed.
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Password', { exact: true }).fill(password);

  // While the picture uploads, a progress bar shows and the form cannot be sent yet.
  await page.route(/\/api\/files\?kind=avatar$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page
    .getByLabel('Upload picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  const preview = page.getByRole('img', { name: 'Your profile' });
  await expect(preview).toHaveAttribute('src', /\/files\//);
  const pictureUrl = await preview.getAttribute('src');

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/#\/sign-in$/);

  // First sign-in: the address is not verified yet, so a PIN is mailed.
  const before = await mailCount(email);
  await fillSignIn(page, email, password);
  const pinSentAt = Date.now();
  const dialog = page.getByRole('dialog', { name: 'Enter your PIN' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('PIN')).toHaveAttribute('maxlength', '6');
  await dialog.getByRole('button', { name: 'Verify PIN' }).click();
  await expect(dialog.getByText('Please enter the PIN')).toBeVisible();
  const firstPin = await pinFromMail(email, before);

  await dialog.getByLabel('PIN').fill(firstPin === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Verify PIN' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(accountMenu(page)).toBeHidden();

  // One resend every 30 seconds (docs/PRODUCT.md): the button counts the wait down instead of
  // letting the user run into the server's 'Please wait…'.
  const countdown = dialog.getByRole('button', { name: /^Resend PIN in \d+s$/ });
  await expect(countdown).toBeDisabled();
  const shown = Number((await countdown.textContent())?.match(/\d+/)?.[0]);
  expect(shown).toBeGreaterThan(15);
  expect(shown).toBeLessThanOrEqual(30);
  await page.waitForTimeout(Math.max(0, pinSentAt + 31_000 - Date.now()));
  const beforeResend = await mailCount(email);
  await dialog.getByRole('button', { name: 'Resend PIN', exact: true }).click();
  const resent = dialog.getByText('PIN resent! Please check your email again.');
  await expect(resent).toBeVisible();
  const pin = await pinFromMail(email, beforeResend);
  // Shown for 4 seconds.
  await page.waitForTimeout(3000);
  await expect(resent).toBeVisible();
  await expect(resent).toBeHidden({ timeout: 3000 });

  await dialog.getByLabel('PIN').fill(pin);
  await dialog.getByRole('button', { name: 'Verify PIN' }).click();
  await expect(page).toHaveURL(/#\/explore/);
  await expect(accountMenu(page)).toBeVisible();
  await expect(accountMenu(page).locator('img')).toHaveAttribute('src', pictureUrl!);
  expect(
    await page.evaluate(
      (e) =>
        JSON.parse((globalThis as unknown as BrowserStorage).localStorage.getItem('deviceTokens') ?? '{}')[e],
      email,
    ),
  ).toBeTruthy();

  await accountMenu(page).click();
  await page
    .getByRole('menuitem', { name: 'Sign out' })
    .or(page.getByRole('button', { name: 'Sign out' }))
    .click();
  await expect(page.getByRole('link', { name: 'Try For Free' })).toBeVisible();
  await expect(accountMenu(page)).toBeHidden();

  // The same browser is now trusted: no PIN, straight home.
  const mailsBefore = await mailCount(email);
  await page.goto('/#/sign-in');
  await fillSignIn(page, email, password);
  await expect(accountMenu(page)).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(await mailCount(email)).toBe(mailsBefore);
});

test('a client signs up, sees the validation messages and resets the password through the mailed link', async ({
  page,
}) => {
  const email = uniqueEmail('client');

  await page.goto('/#/sign-up');
  await page.locator('label', { hasText: 'Client' }).click();
  await expect(page.getByRole('radio', { name: /Client/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Engineer/ })).not.toBeChecked();
  await page.getByLabel('Full name').fill('Carl Client');
  // (An address already in use is answered like any sign-up: first-user.spec.ts.)
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('First-Password-77');

  // Not an image (whatever its name says): the server refuses it and nothing is kept.
  await page
    .getByLabel('Upload picture')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await expect(page.getByRole('alert').filter({ hasText: 'Profile picture upload failed' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your profile' })).toBeHidden();

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/#\/sign-in$/);

  // Sign-in validation and the show-password checkbox.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please fill all the fields')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
  await page.getByRole('checkbox', { name: 'Show password' }).check();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect email or password.');

  // Forgot password.
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/#\/forgetPassword$/);
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  await expect(page.getByText('Please fill the field')).toBeVisible();
  const before = await mailCount(email);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  await expect(page.getByRole('main').getByRole('status')).toBeVisible();
  const mail = await waitForMail(email, { subject: 'Reset your password', after: before });
  const link = /https?:\/\/\S+#\/ResetPassword\/\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  // A link without its token changes nothing.
  await page.goto(`/#/ResetPassword/${encodeURIComponent(email)}`);
  await expect(page.getByText(/reset link is invalid/)).toBeVisible();

  await page.goto(link!.slice(link!.indexOf('/#/')));
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Second-Password-88');
  await page.getByLabel('Confirm new password').fill('Second-Password-89');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('Second-Password-88');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successfully!')).toBeVisible();
  await expect(page).toHaveURL(/#\/sign-in$/, { timeout: 5000 });

  // The old password no longer works; the new one does (first sign-in: PIN).
  await fillSignIn(page, email, 'First-Password-77');
  await expect(page.getByRole('alert')).toContainText('Incorrect email or password.');
  const beforePin = await mailCount(email);
  await page.getByLabel('Password', { exact: true }).fill('Second-Password-88');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter your PIN' });
  await dialog.getByLabel('PIN').fill(await pinFromMail(email, beforePin));
  await dialog.getByRole('button', { name: 'Verify PIN' }).click();
  await expect(page).toHaveURL(/#\/explore/);
  await expect(accountMenu(page)).toBeVisible();
});

test('notifications arrive live in another signed-in tab and are read and deleted there', async ({
  page,
  context,
  request,
}) => {
  const client = await signUpViaApi(request, { role: 'client', fullName: 'Nora Notified' });
  const clientSession = await apiSignIn(request, client.email, client.password);
  const admin = await apiSignIn(request, STAFF.email, STAFF.password);
  const asClient = { authorization: `Bearer ${clientSession.token}` };
  const asAdmin = { authorization: `Bearer ${admin.token}` };

  // The first tab opens signed in (session written as the app keeps it); the second tab
  // shares the browser's session.
  const browserSession = await signInViaApi(page, request, client.email, client.password);
  expect(browserSession.user.id).toBe(clientSession.user.id);
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu for Nora Notified');

  const tab = await context.newPage();
  await tab.goto('/#/');
  const bell = tab.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(tab.getByRole('heading', { name: 'Your Notifications' })).toBeVisible();
  await expect(tab.getByText('No new notifications')).toBeVisible();
  await expect(tab.getByTestId('notification-badge')).toBeHidden();

  const ticket = await request.post('/api/support', {
    headers: asClient,
    data: { subject: 'Stamp question', message: 'How long does a stamp take?', priority: 'low' },
  });
  expect(ticket.ok(), await ticket.text()).toBe(true);
  const ticketId = (await ticket.json()).id as string;
  const reply = async (message: string) => {
    const res = await request.post(`/api/support/${ticketId}/replies`, {
      headers: asAdmin,
      data: { message },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
  const serverList = async () =>
    (await (
      await request.get(`/api/notification/${clientSession.user.id}`, { headers: asClient })
    ).json()) as Array<{ id: string; is_read: boolean }>;

  // Live: the open panel and the badge change without a reload, in both tabs.
  await reply('About two days.');
  const items = tab.getByTestId('notification');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Support replied to your ticket');
  await expect(items.first().locator('[data-unread="true"]')).toBeVisible();
  await expect(tab.getByTestId('notification-badge')).toHaveText('1');
  await expect(page.getByTestId('notification-badge')).toHaveText('1');

  // Reading: the linked item opens its page and is read on the server.
  await items
    .first()
    .getByRole('button', { name: /Support replied/ })
    .click();
  await expect(tab).toHaveURL(/#\/contact$/);
  await expect(tab.getByTestId('notification-badge')).toBeHidden();
  await expect.poll(async () => (await serverList())[0]?.is_read).toBe(true);

  await reply('Second answer.');
  await reply('Third answer.');
  await expect(tab.getByTestId('notification-badge')).toHaveText('2');
  await bell.click();
  await expect(items).toHaveCount(3);

  // A failed delete puts the item back and says why.
  await tab.route('**/api/notification/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 403, json: { message: 'You are not allowed to do that.' } })
      : route.continue(),
  );
  await items.first().getByRole('button', { name: 'Delete notification' }).click();
  await expect(
    tab.getByText('Failed to delete: You are not allowed to do that. Please refresh.'),
  ).toBeVisible();
  await expect(items).toHaveCount(3);
  await tab.unroute('**/api/notification/*');

  // Trash button.
  await items.first().getByRole('button', { name: 'Delete notification' }).click();
  await expect(items).toHaveCount(2);
  await expect.poll(async () => (await serverList()).length).toBe(2);

  // Swipe: a short drag snaps back, a long one deletes.
  const drag = async (distance: number) => {
    const box = (await items.first().boundingBox())!;
    const y = box.y + box.height / 2;
    await tab.mouse.move(box.x + box.width - 80, y);
    await tab.mouse.down();
    for (let i = 1; i <= 10; i++) await tab.mouse.move(box.x + box.width - 80 - (distance * i) / 10, y);
    await tab.mouse.up();
  };
  await drag(40);
  await expect(items).toHaveCount(2);
  await expect(tab).toHaveURL(/#\/contact$/);
  await drag(120);
  await expect(items).toHaveCount(1);
  await expect.poll(async () => (await serverList()).length).toBe(1);

  // Escape closes the panel and gives focus back to the bell.
  await tab.keyboard.press('Escape');
  await expect(tab.getByRole('heading', { name: 'Your Notifications' })).toBeHidden();
  await expect(bell).toBeFocused();

  // The messages icon leads to the inbox.
  await expect(tab.getByRole('link', { name: /^Messages/ })).toHaveAttribute(
    'href',
    `#/inbox/${clientSession.user.id}`,
  );
});

test('inside the native wrapper the signed-in user and token are posted to it', async ({ page, request }) => {
  await page.addInitScript(() => {
    const w = globalThis as unknown as {
      posted: string[];
      ReactNativeWebView: { postMessage(m: string): void };
    };
    w.posted = [];
    w.ReactNativeWebView = { postMessage: (m: string) => w.posted.push(m) };
  });
  const account = await signUpViaApi(request, { role: 'engineer' });
  const before = await mailCount(account.email);
  await page.goto('/#/sign-in');
  await fillSignIn(page, account.email, account.password);
  await page
    .getByRole('dialog', { name: 'Enter your PIN' })
    .getByLabel('PIN')
    .fill(await pinFromMail(account.email, before));
  await page.getByRole('button', { name: 'Verify PIN' }).click();
  await expect(accountMenu(page)).toBeVisible();
  const posted = await page.evaluate(() =>
    (globalThis as unknown as { posted: string[] }).posted.map((m) => JSON.parse(m)),
  );
  const session = await page.evaluate(() =>
    JSON.parse(
      JSON.parse((globalThis as unknown as BrowserStorage).localStorage.getItem('persist:root')!).session,
    ),
  );
  expect(posted).toContainEqual({ type: 'AUTH_DATA', userId: session.currentUser.id, token: session.token });
});

test('identity pages are accessible and fit a phone @responsive', async ({ page }) => {
  for (const path of ['/sign-in', '/sign-up', '/forgetPassword', '/ResetPassword/a%40b.test?token=x']) {
    await page.goto(`/#${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(() => {
      const w = globalThis as unknown as {
        innerWidth: number;
        document: { documentElement: { scrollWidth: number } };
      };
      return w.document.documentElement.scrollWidth - w.innerWidth;
    });
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
});
