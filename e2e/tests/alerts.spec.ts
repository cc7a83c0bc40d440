// Job alerts in the browser (docs/ALERTS.md): a client posts a Texas PE project; Ethan, the
// demo engineer with a verified Texas PE licence, sees it arrive live in his notifications and
// by instant mail, while James, licensed in New South Wales, is not alerted; the mail's
// one-click unsubscribe works signed out; the profile's Job alerts tab and Explore's saved
// searches work on a desktop and a phone.
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { mailCount, waitForMail } from '../support/mailbox.ts';
import { type ApiSession, DEMO, openSignedIn, sessionOf } from '../support/session.ts';

const JAMES = 'james@demo.stampworks.dev';
/** Demo engineers whose alert settings the layout test changes: one per screen, as they run at once. */
const SETTINGS_TESTER = { desktop: 'priya@demo.stampworks.dev', phone: 'liam@demo.stampworks.dev' } as const;
const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });

function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text });
}

test('a Texas PE project reaches the Texas PE engineer live, and not the engineer licensed elsewhere', async ({
  page,
  request,
  browser,
}) => {
  const ethan = await sessionOf(request, DEMO.engineer);
  const james = await sessionOf(request, JAMES);
  const client = await sessionOf(request, DEMO.client);
  // Instant mail, whatever an earlier run left.
  const set = await request.put('/api/alerts/settings', {
    headers: auth(ethan),
    data: { mail_mode: 'instant' },
  });
  expect(set.status()).toBe(200);

  // Pushes reach a connected socket: socket.io connects over polling, then upgrades to a
  // WebSocket once connected (and in its rooms).
  const socket = page.waitForEvent('websocket');
  await openSignedIn(page, ethan, '/explore');
  await socket;
  const bell = page.getByRole('button', { name: /^Notifications/ });
  // The demo leaves Ethan unread alerts: the count is in once the list has loaded.
  await expect(bell).toHaveAccessibleName(/unread/);
  const unreadBefore = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
  const mailsBefore = await mailCount(DEMO.engineer);

  const title = `Footbridge ${randomBytes(3).toString('hex')} over the creek`;
  const posted = await request.post(`/api/projects/${client.user.id}`, {
    headers: auth(client),
    data: {
      title,
      description: 'Stamped drawings for a timber footbridge.',
      specializations: ['structural'],
      license_type: 'PE',
      budget: 480000,
      country: 'USA',
      state: 'Texas',
      urgency_level: 'medium',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const project = (await posted.json()) as { id: string };

  // Live: the bell counts it without a reload, and the notification opens the project.
  await expect(bell).toHaveAccessibleName(`Notifications, ${unreadBefore + 1} unread`);
  await bell.click();
  const item = page.getByText(`New project you can take: "${title}".`);
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(new RegExp(`#/project_details/${project.id}`));

  // James holds a licence of New South Wales only: nothing for him.
  const jamesNotes = await request.get(`/api/notification/${james.user.id}`, { headers: auth(james) });
  expect(
    ((await jamesNotes.json()) as Array<{ message: string }>).some((n) => n.message.includes(title)),
  ).toBe(false);

  // The instant mail carries the one-click unsubscribe headers; its link works signed out.
  const mail = await waitForMail(DEMO.engineer, { text: title, after: mailsBefore });
  expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  const link = /^<(http[^>]+)>$/.exec(mail.listUnsubscribe ?? '')?.[1];
  expect(link, mail.listUnsubscribe ?? 'no List-Unsubscribe').toBeTruthy();
  expect(mail.text).toContain(`Unsubscribe: ${link}`);

  const signedOut = await browser.newContext();
  const visitor = await signedOut.newPage();
  await visitor.goto(link!);
  await expect(visitor.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expect(visitor.getByText('Stop job alert e-mails?')).toBeVisible();
  await visitor.screenshot({ path: '../test-results/alerts-unsubscribe-confirm.png' });
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('status')).toHaveText(
    'You will no longer receive job alert e-mails. In-app notifications continue.',
  );
  await signedOut.close();
  const after = await request.get('/api/alerts/settings', { headers: auth(ethan) });
  expect(await after.json()).toEqual({ mail_mode: 'never' });
  await request.put('/api/alerts/settings', { headers: auth(ethan), data: { mail_mode: 'instant' } });
});

test('the Job alerts tab and saved searches work on any screen @responsive', async ({
  page,
  request,
}, info) => {
  const engineer = await sessionOf(request, SETTINGS_TESTER[info.project.name as 'desktop' | 'phone']);
  await request.put('/api/alerts/settings', { headers: auth(engineer), data: { mail_mode: 'daily' } });
  await openSignedIn(page, engineer, '/explore?specialization=structural&state=Texas&country=USA');
  const name = `Texas structural ${info.project.name} ${randomBytes(2).toString('hex')}`;

  // Explore: save the filters on screen.
  await page.getByRole('button', { name: 'Alert me about projects like these' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alert me about projects like these' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Structural · Texas');
  await dialog.getByLabel('Name').fill(name);
  await page.screenshot({ path: `../test-results/alerts-save-search-${info.project.name}.png` });
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(toast(page, 'Saved. We will alert you about new projects like these.')).toBeVisible();

  // The profile lists it beside the demo's searches; the mail choice is there too.
  await page.goto(`/#/profile/${engineer.user.id}?tab=alerts`);
  const choice = page.getByRole('group', { name: 'Alert e-mails' });
  const instant = choice.getByRole('radio', { name: 'Instantly, one e-mail per project' });
  await instant.check();
  await expect(toast(page, 'Alert e-mail choice saved.')).toBeVisible();
  await expect(instant).toBeChecked();
  const list = page.getByRole('list', { name: 'Saved searches' });
  const row = list.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Structural · Texas, USA')).toBeVisible();
  await expect(row.getByRole('checkbox', { name: 'E-mail me' })).toBeChecked();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `../test-results/alerts-profile-${info.project.name}.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // Rename, mute, delete.
  await row.getByRole('button', { name: `Rename ${name}` }).click();
  // While edited, the name is in the field: one row is edited at a time.
  await list.getByLabel('Name of the saved search').fill(`${name} renamed`);
  await list.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Saved search renamed.')).toBeVisible();
  const renamed = list.getByRole('listitem').filter({ hasText: `${name} renamed` });
  await renamed.getByRole('checkbox', { name: 'E-mail me' }).uncheck();
  await expect(toast(page, 'E-mails for this search are off.')).toBeVisible();
  await renamed.getByRole('button', { name: `Delete ${name} renamed` }).click();
  await page
    .getByRole('dialog', { name: 'Delete this saved search?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, 'Saved search deleted.')).toBeVisible();
  await expect(list.getByText(name)).toHaveCount(0);
  await choice.getByRole('radio', { name: 'Daily digest (at most one e-mail a day)' }).check();
  await expect(choice.getByRole('radio', { name: 'Daily digest (at most one e-mail a day)' })).toBeChecked();
});
