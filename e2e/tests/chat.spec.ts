// Chat in the browser: the demo client and engineer, each in their own browser
// context, talk live in their deal's room: a message arrives, typing shows, read ticks
// appear, the header's unread badge rises and falls, an attachment goes through and
// downloads, a reload keeps the history; someone outside the room reads nothing. Also: the
// project page's Message button, a refunded deal's read-only room, the phone layout, and
// a visitor's first page that never loads the realtime client.

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import {
  type ApiSession,
  apiSignIn,
  DEMO,
  openSignedIn,
  sessionOf,
  signUpViaApi,
} from '../support/session.ts';

test.describe.configure({ mode: 'serial' });

const marker = `rivet${randomBytes(3).toString('hex')}`;
const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });
const KITCHEN = 'Load-bearing wall removal';
const DECK = 'Backyard deck structural drawings';
const OFFICE = 'Small office HVAC replacement';
// An 8x8 PNG (uploads are checked by their bytes).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAaklEQVR4nAXB0QAAAAhDwZGMJJJIIhlJEO87ou6EhEWJFiMiVpyEjE2ZNmNi1pyFChdVdDFFii2uhBo31XQzTZptroUGDzX0MEOGHW6EgkOFDhMSNlyEFi+19DJLll1uhQ4fdfQxR4497h7WFWaB0n08RwAAAABJRU5ErkJggg==',
  'base64',
);

type Room = { id: string; title: string; project_id: string; unread_count: number; closed: boolean };

async function roomsOf(request: APIRequestContext, s: ApiSession): Promise<Room[]> {
  const res = await request.get(`/api/chat/rooms/user/${s.user.id}`, { headers: auth(s) });
  expect(res.ok()).toBe(true);
  return res.json();
}

async function unreadOf(request: APIRequestContext, s: ApiSession): Promise<number> {
  const res = await request.get(`/api/chat/unread_messages/${s.user.id}`, { headers: auth(s) });
  return (await res.json()).unread_count;
}

/** A page of its own browser context (its own storage and socket), signed in as `s`. */
async function pageFor(browser: Browser, s: ApiSession, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, s, path);
  return page;
}

const messagesLink = (page: Page) => page.getByRole('link', { name: /^Messages/ });
const roomButton = (page: Page, title: string) => page.getByTestId('chat-room').filter({ hasText: title });
const lastOwnMessage = (page: Page) => page.locator('[data-testid="message"][data-own="true"]').last();

test('client and engineer chat live: message, badge, read ticks, typing, attachment, reload', async ({
  browser,
  request,
}) => {
  const claire = await sessionOf(request, DEMO.client);
  const ethan = await sessionOf(request, DEMO.engineer);
  const kitchen = (await roomsOf(request, claire)).find((r) => r.title === KITCHEN)!;
  expect(kitchen).toBeTruthy();
  const before = await unreadOf(request, claire);

  // Claire is elsewhere on the site; Ethan opens their room from his inbox.
  const claireP = await pageFor(browser, claire, '/explore');
  const ethanP = await pageFor(browser, ethan, `/inbox/${ethan.user.id}`);
  if (before > 0) await expect(messagesLink(claireP)).toHaveAccessibleName(`Messages, ${before} unread`);
  await roomButton(ethanP, KITCHEN).click();
  await expect(ethanP.getByRole('heading', { name: 'Claire Client' })).toBeVisible();

  // The send control waits for text or a file.
  const send = ethanP.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await ethanP.getByLabel('Message', { exact: true }).fill(`Site visit on Tuesday? ${marker}`);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(lastOwnMessage(ethanP)).toContainText(marker);
  await expect(lastOwnMessage(ethanP).getByTestId('sent-tick')).toBeVisible();

  // Claire's header badge rises at once, and leads to her inbox with the room marked unread.
  await expect(messagesLink(claireP)).toHaveAccessibleName(`Messages, ${before + 1} unread`);
  await messagesLink(claireP).click();
  await expect(claireP).toHaveURL(new RegExp(`#/inbox/${claire.user.id}$`));
  await expect(roomButton(claireP, KITCHEN).getByTestId('room-unread')).toContainText(String(before + 1));
  await roomButton(claireP, KITCHEN).click();
  await expect(claireP.getByTestId('message').filter({ hasText: marker })).toBeVisible();
  // Reading the room brings the badge down and puts read ticks on Ethan's side.
  await expect(messagesLink(claireP)).toHaveAccessibleName('Messages');
  await expect(roomButton(claireP, KITCHEN).getByTestId('room-unread')).toHaveCount(0);
  await expect(lastOwnMessage(ethanP).getByTestId('read-tick')).toBeVisible();

  // Both are online in the room: each sees the other's dot.
  await expect(claireP.locator('header [data-testid="presence-dot"]').first()).toHaveAttribute(
    'data-online',
    'true',
  );
  await expect(ethanP.locator('header [data-testid="presence-dot"]').first()).toHaveAttribute(
    'data-online',
    'true',
  );

  // Typing shows on the other side, then goes away after 1.5 s.
  const claireBox = claireP.getByLabel('Message', { exact: true });
  await claireBox.pressSequentially('Tuesday works', { delay: 40 });
  await expect(ethanP.getByTestId('typing-indicator')).toHaveText('Claire Client is typing…');
  await expect(ethanP.getByTestId('typing-indicator')).toHaveCount(0, { timeout: 5000 });

  // A photo with the message: progress, then it arrives live on Ethan's side with a preview.
  await claireP.getByLabel('Choose a file to attach').setInputFiles({
    name: 'wall.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(claireP.getByTestId('composer-attachment')).toContainText('wall.png');
  await claireBox.fill(`Here is the wall ${marker}-photo`);
  await claireP.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(claireP.getByTestId('composer-attachment')).toHaveCount(0);
  const arrived = ethanP.getByTestId('message').filter({ hasText: `${marker}-photo` });
  await expect(arrived).toBeVisible();
  await expect(arrived.getByRole('img')).toBeVisible();
  // Named as Claire named it, not 'Download PNG file', and saved under that name.
  const downloadButton = arrived.getByRole('button', { name: 'wall.png' });
  const downloading = ethanP.waitForEvent('download');
  await downloadButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('wall.png');
  expect(await readFile((await download.path())!)).toEqual(PNG);

  // Message text is shown as text, never as HTML.
  await ethanP.getByLabel('Message', { exact: true }).fill(`<b>${marker}-html</b>`);
  await ethanP.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(claireP.getByTestId('message').filter({ hasText: `<b>${marker}-html</b>` })).toBeVisible();
  await expect(claireP.locator('[data-testid="message"] b')).toHaveCount(0);

  // A reload keeps the history.
  await ethanP.reload();
  await expect(ethanP.getByTestId('message').filter({ hasText: `${marker}-photo` })).toBeVisible();
  await expect(
    ethanP.getByTestId('message').filter({ hasText: `Site visit on Tuesday? ${marker}` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(ethanP);

  // Someone outside the room: neither its messages nor its file, through the API or the page.
  const messages = await (
    await request.get(`/api/chat/messages/${kitchen.id}`, { headers: auth(ethan) })
  ).json();
  const photo = messages.messages.find((m: { message: string }) => m.message.includes(`${marker}-photo`));
  expect(photo?.attachments).toMatch(/^\/files\//);
  const member = await request.get(photo.attachments, { headers: auth(ethan) });
  expect(member.status()).toBe(200);
  const account = await signUpViaApi(request, { role: 'client' });
  const outsider = await apiSignIn(request, account.email, account.password);
  const refused = await request.get(photo.attachments, { headers: auth(outsider) });
  expect([403, 404]).toContain(refused.status());
  expect((await request.get(photo.attachments)).status()).toBe(401);
  const history = await request.get(`/api/chat/messages/${kitchen.id}`, { headers: auth(outsider) });
  expect(history.status()).toBe(403);
  expect(JSON.stringify(await history.json())).not.toContain(marker);
  const outsiderP = await pageFor(browser, outsider, `/inbox/${kitchen.id}`);
  await expect(outsiderP.getByRole('heading', { name: 'This inbox belongs to someone else' })).toBeVisible();
  await expect(outsiderP.getByText(marker)).toHaveCount(0);

  await Promise.all([claireP, ethanP, outsiderP].map((p) => p.context().close()));
});

test('a dropped connection says so, reconnects by itself and catches up', async ({ browser, request }) => {
  const claire = await sessionOf(request, DEMO.client);
  const ethan = await sessionOf(request, DEMO.engineer);
  const kitchen = (await roomsOf(request, claire)).find((r) => r.title === KITCHEN)!;
  const context = await browser.newContext();
  const ethanP = await context.newPage();
  // The network between Ethan's tab and the server, which the test can cut.
  let cut = false;
  const open: Array<{ close(): Promise<void> }> = [];
  await ethanP.route('**/socket.io/**', (route) => (cut ? route.abort() : route.continue()));
  await ethanP.routeWebSocket('**/socket.io/**', (ws) => {
    if (cut) return void ws.close();
    ws.connectToServer();
    open.push(ws);
  });
  await openSignedIn(ethanP, ethan, `/inbox/${ethan.user.id}?room=${kitchen.id}`);
  const box = ethanP.getByLabel('Message', { exact: true });
  await box.fill('draft');
  const send = ethanP.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeEnabled();
  // Socket.IO starts on HTTP long-polling and moves to a WebSocket: cut once it has moved, or
  // the long-poll already under way would hold the connection for its full ping interval.
  await expect.poll(() => open.length).toBeGreaterThan(0);
  await ethanP.waitForTimeout(500);

  cut = true;
  await Promise.all(open.splice(0).map((ws) => ws.close()));
  await expect(ethanP.getByText('Connection lost. Reconnecting…')).toBeVisible();
  await expect(send).toBeDisabled();

  // Claire writes while Ethan is away: he gets it once he is back, without reloading.
  const missed = `${marker}-while-away`;
  const claireP = await pageFor(browser, claire, `/inbox/${claire.user.id}?room=${kitchen.id}`);
  await claireP.getByLabel('Message', { exact: true }).fill(missed);
  await claireP.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(claireP.getByTestId('message').filter({ hasText: missed })).toBeVisible();
  await expect(ethanP.getByTestId('message').filter({ hasText: missed })).toHaveCount(0);

  cut = false;
  // docs/PRODUCT.md#limits: retries every 1 to 5 s (randomized), so it is back within seconds.
  await expect(ethanP.getByText('Connection lost. Reconnecting…')).toBeHidden({ timeout: 15_000 });
  await expect(ethanP.getByTestId('message').filter({ hasText: missed })).toBeVisible();
  await expect(send).toBeEnabled();
  await expect(box).toHaveValue('draft');
  await Promise.all([context.close(), claireP.context().close()]);
});

test('older messages load when the history is scrolled to the top', async ({ page, request }) => {
  const claire = await sessionOf(request, DEMO.client);
  const office = (await roomsOf(request, claire)).find((r) => r.title === OFFICE)!;
  await openSignedIn(page, claire, `/inbox/${claire.user.id}?room=${office.id}`);
  const box = page.getByLabel('Message', { exact: true });
  const messages = page.getByTestId('message');
  await expect(messages.first()).toBeVisible();
  const seeded = await messages.count();
  for (let i = 1; i <= 32; i++) {
    await box.fill(`${marker} page ${i} sent`);
    await box.press('Enter');
    await expect(messages.filter({ hasText: `${marker} page ${i} sent` })).toBeVisible();
  }
  // A fresh load shows the newest 30, newest last, scrolled to the bottom.
  await page.reload();
  await expect(messages.last()).toContainText(`${marker} page 32 sent`);
  await expect(messages.last()).toBeInViewport();
  await expect(messages).toHaveCount(30);
  await expect(page.getByRole('button', { name: 'Load older messages' })).toBeAttached();
  // Scrolling up brings the rest, in order, and the button goes once nothing older is left.
  await page.getByTestId('message-list').evaluate((el) => el.scrollTo(0, 0));
  await expect(messages).toHaveCount(seeded + 32);
  await expect(page.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
  const texts = await messages.allTextContents();
  const order = texts.map((t) => Number(/page (\d+)/.exec(t)?.[1] ?? 0)).filter((n) => n > 0);
  expect(order).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
});

test('the project page’s Message button opens the deal’s room, for its client and its engineer', async ({
  browser,
  request,
}) => {
  const claire = await sessionOf(request, DEMO.client);
  const ethan = await sessionOf(request, DEMO.engineer);
  const kitchen = (await roomsOf(request, claire)).find((r) => r.title === KITCHEN)!;
  for (const [me, other] of [
    [claire, 'Ethan Engineer'],
    [ethan, 'Claire Client'],
  ] as const) {
    const page = await pageFor(browser, me, `/project_details/${kitchen.project_id}`);
    await page.getByRole('button', { name: 'Message', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/inbox/${me.user.id}\\?room=${kitchen.id}$`));
    await expect(page.getByRole('heading', { name: other })).toBeVisible();
    await expect(page.getByLabel('Message', { exact: true })).toBeVisible();
    await page.context().close();
  }
  // Someone else on the same project page gets no Message button.
  const priya = await sessionOf(request, 'priya@demo.stampworks.dev');
  const page = await pageFor(browser, priya, `/project_details/${kitchen.project_id}`);
  await expect(page.getByRole('heading', { name: KITCHEN })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Message', exact: true })).toHaveCount(0);
  await page.context().close();
});

test('a refunded deal’s room keeps its history and takes no new messages', async ({ page, request }) => {
  const claire = await sessionOf(request, DEMO.client);
  const deck = (await roomsOf(request, claire)).find((r) => r.title === DECK)!;
  expect(deck.closed).toBe(true);
  await openSignedIn(page, claire, `/inbox/${claire.user.id}?room=${deck.id}`);
  await expect(page.getByTestId('message').first()).toBeVisible();
  await expect(
    page.getByText('This chat is closed: no new messages can be sent. Its history stays readable.'),
  ).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toHaveCount(0);
});

test('the inbox on a phone shows the list and the conversation one at a time @responsive', async ({
  page,
  request,
}) => {
  const claire = await sessionOf(request, DEMO.client);
  await openSignedIn(page, claire, '/inbox');
  await expect(page).toHaveURL(new RegExp(`#/inbox/${claire.user.id}$`));
  const list = page.getByRole('list', { name: 'Conversations' });
  const conversation = page.getByRole('heading', { name: 'Ethan Engineer' });
  await expect(list).toBeVisible();
  await roomButton(page, KITCHEN).click();
  await expect(conversation).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toBeVisible();
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  if (phone) {
    await expect(list).toBeHidden();
    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(list).toBeVisible();
    await expect(conversation).toBeHidden();
  } else {
    await expect(list).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to conversations' })).toBeHidden();
  }
  // Nothing sticks out sideways.
  const overflow = await page.evaluate(() => {
    const d = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return d.scrollWidth - d.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});

test('a visitor’s first page loads no realtime client; signing in connects it', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Try For Free' })).toBeVisible();
  await page.goto('/#/explore');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested.filter((u) => /socket-client|\/socket\.io\//.test(u))).toEqual([]);

  const claire = await sessionOf(request, DEMO.client);
  const signedIn = await context.newPage();
  const connected = signedIn.waitForRequest((r) => r.url().includes('/socket.io/'));
  await openSignedIn(signedIn, claire, '/explore');
  await connected;
  await context.close();
});
