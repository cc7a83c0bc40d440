// What a first user ran into, driven as they met it: filters that lose typed
// input, a page number past the end, sign-in that forgets where the visitor was going,
// doubled sign-up messages, tabs and table columns out of sight, toasts over the header.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { mailCount } from '../support/mailbox.ts';
import { DEMO, DEMO_PASSWORD, pinFromMail, signInViaApi } from '../support/session.ts';
import { STAFF } from '../support/staff.ts';

/** Where an element lies, as the page lays it out. */
async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'element is laid out').not.toBeNull();
  return b!;
}
const viewportWidth = (page: Page) => page.viewportSize()!.width;

test('explore keeps a typed minimum and maximum budget and applies both @responsive', async ({ page }) => {
  await page.goto('/#/explore');
  await expect(page.getByRole('heading', { name: /projects? found/ })).toBeVisible();
  // On a phone the filters sit behind a toggle (asked once the page has drawn).
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
  // An address changed elsewhere is followed: Clear filters empties both boxes.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/budget=/);
  await expect(min).toHaveValue('');
  await expect(max).toHaveValue('');
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

test('sign-up with an e-mail in use answers like any sign-up, and names no account', async ({ page }) => {
  // Whether an address has an account is told only to its owner, by mail (docs/SECURITY.md).
  await page.goto('/#/sign-up');
  await page.getByLabel('Full name').fill('Second Client');
  await page.getByLabel('Email').fill(DEMO.client);
  await page.getByLabel('Password', { exact: true }).fill('Another-Strong-Pass-42');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/#\/sign-in$/);
  await expect(page.getByText(/already (exists|in use)/)).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.client);
});

test('every dashboard tab is in sight on a phone, none hidden in a strip that scrolls @responsive', async ({
  page,
  request,
}) => {
  const session = await signInViaApi(page, request, DEMO.engineer, DEMO_PASSWORD);
  await page.goto(`/#/engineer_dashboard/${session.user.id}`);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(7);
  for (const tab of await tabs.all()) {
    const b = await box(tab);
    const name = (await tab.textContent()) ?? '';
    // Inside the window, not clipped by the tab list's own box either.
    expect(b.x, name).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, name).toBeLessThanOrEqual(viewportWidth(page));
    const list = await box(page.getByRole('tablist'));
    expect(b.x + b.width, name).toBeLessThanOrEqual(list.x + list.width + 1);
  }
});

test('a toast never covers the header @responsive', async ({ page }) => {
  await page.goto('/#/about');
  await page.getByRole('button', { name: /LinkedIn/ }).click();
  const shown = page.getByRole('status').filter({ hasText: 'coming soon' });
  await expect(shown).toBeVisible();
  const toastBox = await box(shown);
  const header = await box(page.locator('header').first());
  const overlaps = toastBox.y < header.y + header.height && header.y < toastBox.y + toastBox.height;
  expect(overlaps).toBe(false);
});

test('the admin ticket table fits its card at 1280 px and the subject gets the spare width', async ({
  page,
  request,
}) => {
  const session = await signInViaApi(page, request, STAFF.email, STAFF.password);
  await page.goto(`/#/admin_dashboard/${session.user.id}`);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).not.toHaveCount(1);
  // Nothing of the table is behind a horizontal scroll: every column is in sight.
  const overflow = await table.evaluate((t) => {
    const card = (t as unknown as { parentElement: { scrollWidth: number; clientWidth: number } })
      .parentElement;
    return card.scrollWidth - card.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  const widths = await table.getByRole('columnheader').evaluateAll((ths) =>
    ths.map((th) => ({
      name: (th as unknown as { textContent: string }).textContent.trim(),
      width: (th as unknown as { getBoundingClientRect(): { width: number } }).getBoundingClientRect().width,
    })),
  );
  const subject = widths.find((w) => /subject/i.test(w.name))!;
  for (const other of widths.filter((w) => w !== subject)) expect(subject.width).toBeGreaterThan(other.width);
  // A seeded subject of 43 characters reads whole (it was cut after 18 once), and the subject opens its ticket.
  const long = table.getByRole('button', { name: /Question about stamped drawings for permits$/ });
  await expect(long).toBeVisible();
  // Not cut by the two-line clamp: the text needs no more height than it is given.
  const clipped = await long.evaluate((b) => {
    const text = (
      b as unknown as { querySelector(s: string): { scrollHeight: number; clientHeight: number } }
    ).querySelector('.line-clamp-2');
    return text.scrollHeight - text.clientHeight;
  });
  expect(clipped).toBeLessThanOrEqual(0);
  await long.click();
  await expect(page.getByRole('dialog')).toContainText('Question about stamped drawings for permits');
});

test('a past deadline and a budget of 1234.567 are refused with a message, nothing sent', async ({
  page,
  request,
}) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (['POST', 'PUT'].includes(r.method()) && /\/api\/projects/.test(r.url())) sent.push(r.url());
  });
  await signInViaApi(page, request, DEMO.client, DEMO_PASSWORD, '/create_project');
  await page.getByLabel('Title').fill('Garage retaining wall');
  await page.getByLabel('Description').fill('Design and stamp a retaining wall behind a new garage.');
  await page.getByLabel('Budget (USD)').fill('1234.567');
  await page.getByLabel('Deadline').fill('2020-01-31');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('Use at most two decimals (dollars and cents).')).toBeVisible();
  await expect(page.getByText('Deadline cannot be in the past.')).toBeVisible();
  expect(sent).toEqual([]);
});

test('an hourly rate of 99.999 is refused with a message, nothing sent', async ({ page, request }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (['POST', 'PUT'].includes(r.method()) && /\/api\/engineer\//.test(r.url())) sent.push(r.url());
  });
  const engineer = await signInViaApi(page, request, DEMO.engineer, DEMO_PASSWORD);
  await page.goto(`/#/profile/${engineer.user.id}?tab=account`);
  const rate = page.getByLabel('Hourly rate (USD)');
  await expect(rate).not.toHaveValue('');
  await rate.fill('99.999');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Use at most two decimals (dollars and cents).')).toBeVisible();
  expect(sent).toEqual([]);
});

/** The in-app links (`#/...`) on the page, header menus opened, without their query. */
async function inAppLinks(page: Page): Promise<string[]> {
  const menu = page.getByRole('button', { name: /^Account menu for / });
  if (await menu.isVisible()) await menu.click();
  const hrefs = await page
    .locator('a[href^="#/"]')
    .evaluateAll((as) =>
      as.map((a) => (a as unknown as { getAttribute(n: string): string }).getAttribute('href')),
    );
  if (await menu.isVisible()) await page.keyboard.press('Escape');
  return hrefs.map((h) => h.slice(1).split('?')[0]);
}

/** Opens every link found on `pages` and checks none ends on the error page. */
async function expectNoDeadEnds(page: Page, pages: string[]) {
  const found = new Set<string>();
  for (const path of pages) {
    await page.goto(`/#${path}`);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const link of await inAppLinks(page)) found.add(link);
  }
  const targets = [...found];
  expect(targets.length).toBeGreaterThan(5);
  for (const target of targets) {
    await page.goto(`/#${target}`);
    await expect(page.locator('main').first(), target).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!'), target).toHaveCount(0);
  }
}

test('no link a visitor meets leads to an error page', async ({ page, request }) => {
  const list = await (await request.get('/api/projects')).json();
  const engineers = await (await request.get('/api/engineer/account')).json();
  await expectNoDeadEnds(page, [
    '/',
    '/about',
    '/qa',
    '/explore',
    '/find_an_engineer',
    `/engineer_profile/${engineers.items[0].user_id}`,
    `/project_details/${list.items[0].id}`,
  ]);
});

test('no link a client or an engineer meets leads to an error page', async ({ page, request, browser }) => {
  const list = await (await request.get('/api/projects')).json();
  const client = await signInViaApi(page, request, DEMO.client, DEMO_PASSWORD);
  await expectNoDeadEnds(page, [
    '/',
    `/client_dashboard/${client.user.id}`,
    `/profile/${client.user.id}`,
    `/project_details/${list.items[0].id}`,
    '/contact',
  ]);
  const other = await browser.newPage();
  const engineer = await signInViaApi(other, request, DEMO.engineer, DEMO_PASSWORD);
  await expectNoDeadEnds(other, [
    `/engineer_dashboard/${engineer.user.id}`,
    `/engineer_profile/${engineer.user.id}`,
    `/project_details/${list.items[0].id}`,
  ]);
  await other.close();
});

test('the not-found page does not keep the previous page’s description', async ({ page }) => {
  const description = page.locator('meta[name="description"]');
  await page.goto('/#/about');
  await expect(page).toHaveTitle(/About Us/);
  const about = await description.getAttribute('content');
  await page.goto('/#/no-such-page');
  await expect(page.getByText('Unexpected Application Error!')).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await expect(description).not.toHaveAttribute('content', about ?? '');
  await expect(description).toHaveAttribute('content', /.+/);
});
