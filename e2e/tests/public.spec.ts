// The public face of StampWorks (docs/PRODUCT.md#screens): landing and static pages with their texts and
// titles, the header (specialization menus, links, mobile menu, click-outside/Escape),
// the footer, the signed-in user menu and sign-out, unknown routes and the guards.
// Tests tagged @responsive run on the desktop and the phone project.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { apiSignIn, signInViaApi, signUpViaApi } from '../support/session.ts';

const SPECIALIZATIONS: [value: string, label: string][] = [
  ['civil', 'Civil'],
  ['fire', 'Fire Protection'],
  ['mechanical', 'Mechanical'],
  ['architectural', 'Architectural'],
  ['structural', 'Structural'],
  ['electrical', 'Electrical'],
  ['geotechnical', 'Geotechnical'],
  ['environmental', 'Environmental'],
];

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;
const banner = (page: Page) => page.getByRole('banner');
const main = (page: Page) => page.getByRole('main');
const hashPath = (path: string) => new RegExp(`#${path.replace(/[?]/g, '\\?')}$`);

/** The header's navigation for this width: the desktop bar, or the opened mobile menu. */
async function headerNav(page: Page): Promise<Locator> {
  if (!isPhone(page)) return banner(page).getByRole('navigation', { name: 'Main' });
  await banner(page).getByRole('button', { name: 'Open menu' }).click();
  const nav = banner(page).getByRole('navigation', { name: 'Mobile' });
  await expect(nav).toBeVisible();
  return nav;
}

/** Opens a specialization menu (desktop dropdown or mobile group) and answers its list. */
async function openSpecializationMenu(page: Page, name: string): Promise<Locator> {
  const nav = await headerNav(page);
  const trigger = nav.getByRole('button', { name });
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const list = nav.getByRole('list', { name });
  await expect(list).toBeVisible();
  return list;
}

test.describe('public pages', () => {
  test('landing page shows every section of the original design @responsive', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Stamped Engineering Drawings from Licensed Engineers | StampWorks');
    const m = main(page);
    await expect(m.getByRole('heading', { level: 1 })).toHaveText('The Fastest Way to a Stamped Drawing');
    await expect(m.getByRole('link', { name: 'Find an Engineer' })).toHaveAttribute(
      'href',
      '#/find_an_engineer',
    );
    await expect(m.getByRole('link', { name: 'Post a Project' })).toHaveAttribute('href', '#/create_project');
    await expect(m.getByText('1,250+', { exact: true })).toBeVisible();
    await expect(m.getByText('4,780+', { exact: true })).toBeVisible();
    for (const heading of [
      'Verified Experts',
      'Secure & Transparent',
      'Stamped Deliverables',
      'How It Works',
      'Post a Project',
      'Accept a Proposal',
      'Receive Stamped Plans',
      'Find Local Experts',
      'Flexible Project Scopes',
      'Auditable Records',
      'No Payment Data Stored',
      'Pay After Proposal',
    ]) {
      await expect(m.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(m.getByText(/by state or jurisdiction/)).toBeVisible();
    await expect(m.getByRole('link', { name: 'Join as an Engineer' })).toHaveAttribute('href', '#/sign-up');

    // The FAQ answers open in place.
    for (const [question, answer] of [
      ['What is a stamped drawing?', /seal and signature of a licensed Professional Engineer/],
      ['How are engineers verified?', /proof of an active licence from the issuing jurisdiction/],
      ['Is the platform secure?', /stores no card data/],
    ] as const) {
      const item = m.locator('details').filter({ hasText: question });
      const q = item.getByText(question, { exact: true });
      await expect(item.getByText(answer)).toBeHidden();
      await q.click();
      await expect(item.getByText(answer)).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);

    await m.getByRole('link', { name: 'Join as an Engineer' }).click();
    await expect(page).toHaveURL(hashPath('/sign-up'));
  });

  test('about page links to engineers and projects @responsive', async ({ page }) => {
    await page.goto('/#/about');
    await expect(page).toHaveTitle('About Us | StampWorks');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /licensed engineers/);
    const m = main(page);
    await expect(m.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(m.getByText('1,250+', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await m.getByRole('link', { name: /Find an Engineer/ }).click();
    await expect(page).toHaveURL(hashPath('/find_an_engineer'));
    await page.goto('/#/about');
    await main(page)
      .getByRole('link', { name: /Explore Projects/ })
      .click();
    await expect(page).toHaveURL(hashPath('/explore'));
  });

  test('FAQ states the business rules and links to contact @responsive', async ({ page }) => {
    await page.goto('/#/qa');
    await expect(page).toHaveTitle('FAQ & Support | StampWorks');
    const m = main(page);
    await expect(m.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
    // Open every question, then the rules must all be readable.
    const questions = m.locator('details > summary');
    const count = await questions.count();
    expect(count).toBeGreaterThanOrEqual(10);
    for (let i = 0; i < count; i++) await questions.nth(i).click();
    for (const rule of [
      /Not until you accept a proposal/,
      /100% money-back guarantee: within 24 hours after accepting a proposal you can request a full\s+refund/,
      /Direct chat opens after the proposal is accepted/,
      /paid after the client accepts your final submission/,
      /Payouts run on the first Sunday of the\s+following week/,
      /minimum payout is 10 USD/,
      /connect a valid payout account before applying to projects or sending proposals/,
      /hold licences relevant to your field/,
      /held in escrow until the project is completed to your satisfaction/,
    ]) {
      await expect(m.getByText(rule)).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    await m.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(hashPath('/contact'));
  });

  test('Trust & Safety explains verification, escrow, card data and disputes @responsive', async ({
    page,
  }) => {
    await page.goto('/#/trust');
    await expect(page).toHaveTitle('Trust & Safety | StampWorks');
    const m = main(page);
    await expect(m.getByRole('heading', { level: 1 })).toHaveText('Trust & Safety');
    await expect(
      m.getByText(/verified by proof of an active licence from the issuing jurisdiction/),
    ).toBeVisible();
    await expect(m.getByRole('heading', { name: 'Escrow payments' })).toBeVisible();
    await expect(
      m.getByText(/StampWorks stores no card data\. The card payment provider handles payments/),
    ).toBeVisible();
    await expect(m.getByText(/our support team mediates/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('Engineering Guides cover the six topics @responsive', async ({ page }) => {
    await page.goto('/#/guide');
    await expect(page).toHaveTitle('Engineering Guides | StampWorks');
    const m = main(page);
    await expect(m.getByRole('heading', { level: 1 })).toHaveText('Engineering Guides');
    const topics = [
      'PE licensing requirements',
      'Remote work best practices',
      'Software and tools',
      'Legal and compliance',
      'Building a portfolio',
      'Pricing services',
    ];
    await expect(m.getByRole('heading', { level: 2 })).toHaveText(topics);
    // The table of contents brings a topic into view without leaving the page.
    await m
      .getByRole('navigation', { name: 'Guide topics' })
      .getByRole('button', { name: /Pricing services/ })
      .click();
    await expect(m.getByRole('heading', { level: 2, name: 'Pricing services' })).toBeInViewport();
    await expect(page).toHaveURL(hashPath('/guide'));
    await expectNoSeriousA11yViolations(page);
  });

  for (const [path, title, musts] of [
    [
      '/terms',
      'Terms of Service',
      [
        'Payment and escrow: when money moves',
        'within 24 hours of the successful payment',
        'ends early, for good, when the Engineer sends the first submission',
        'split',
        'StampWorks keeps 20% of each amount released',
        'at least $10.00',
        'no decision from the Client for 14 days',
        'It does not prove:',
      ],
    ],
    [
      '/privacy',
      'Privacy Policy',
      [
        'encrypted (AES-256-GCM)',
        'How long we keep it',
        '7 years after the project’s last payment',
        'Delete Account',
      ],
    ],
  ] as const) {
    test(`${title} is the real text, dated, with no template notice @responsive`, async ({ page }) => {
      await page.goto(`/#${path}`);
      await expect(page).toHaveTitle(`${title} | StampWorks`);
      const m = main(page);
      await expect(m.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(m.getByText(/^Last updated: [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
      await expect(m.getByText('Template — not legally binding')).toHaveCount(0);
      await expect(m.getByText(/not legally binding|for illustration/)).toHaveCount(0);
      for (const text of musts) await expect(m.getByText(text, { exact: false }).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('header', () => {
  test('signed-out header: links, highlighted current page, Try For Free @responsive', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page).getByRole('button', { name: /^Account menu for / })).toHaveCount(0);
    for (const [name, path] of [
      ['Find an Engineer', '/find_an_engineer'],
      ['Explore Projects', '/explore'],
      ['About Us', '/about'],
      ['Contact Us', '/contact'],
    ] as const) {
      const nav = await headerNav(page);
      await expect(nav.getByRole('link', { name: 'Post a Project' })).toHaveCount(0);
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(hashPath(path));
      // The menu closed on navigation; reopen it to see the highlighted link.
      const after = await headerNav(page);
      await expect(after.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(after.locator('[aria-current="page"]')).toHaveCount(1);
      if (isPhone(page)) await banner(page).getByRole('button', { name: 'Close menu' }).click();
    }
    await banner(page).getByRole('link', { name: 'Try For Free' }).click();
    await expect(page).toHaveURL(hashPath('/sign-in'));
    await banner(page).getByRole('link', { name: 'StampWorks' }).click();
    await expect(page).toHaveURL(hashPath('/'));
    await expectNoSeriousA11yViolations(page);
  });

  test('an address changed outside the app (back, forward, typed) keeps the page shown until the next one is in', async ({
    page,
  }) => {
    await page.goto('/#/about');
    const about = page.getByRole('heading', { level: 1, name: 'Making engineering sign-off simple' });
    await expect(about).toBeVisible();
    // The explore page's script is held back, as on a slow phone.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/ExplorePage-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // An address typed in the browser (back and forward change it the same way): no link of the app.
    const typed = page.goto('/#/explore');
    await page.waitForTimeout(500);
    // Not a blank page meanwhile: the header and the page it came from stay.
    await expect(banner(page)).toBeVisible();
    await expect(about).toBeVisible();
    release();
    await typed;
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Projects' })).toBeVisible();
    await expect(banner(page)).toBeVisible();
    await page.goBack();
    await expect(about).toBeVisible();
  });

  test('specialization menus lead to engineers and projects by specialization @responsive', async ({
    page,
  }) => {
    await page.goto('/');
    const skill = await openSpecializationMenu(page, 'Search by Skill');
    await expect(skill.getByRole('link')).toHaveText(SPECIALIZATIONS.map(([, label]) => label));
    for (const [value, label] of SPECIALIZATIONS) {
      await expect(skill.getByRole('link', { name: label })).toHaveAttribute(
        'href',
        `#/find_an_engineer?specialization=${value}`,
      );
    }
    await skill.getByRole('link', { name: 'Structural' }).click();
    await expect(page).toHaveURL(hashPath('/find_an_engineer?specialization=structural'));

    const categories = await openSpecializationMenu(page, 'Browse Categories');
    await expect(categories.getByRole('link')).toHaveText(SPECIALIZATIONS.map(([, label]) => label));
    await categories.getByRole('link', { name: 'Fire Protection' }).click();
    await expect(page).toHaveURL(hashPath('/explore?specialization=fire'));

    // The chosen specialization is marked as the current page in its menu.
    const again = await openSpecializationMenu(page, 'Browse Categories');
    await expect(again.getByRole('link', { name: 'Fire Protection' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(again.locator('[aria-current="page"]')).toHaveCount(1);
  });

  test('a click outside the header or Escape closes the open dropdown @responsive', async ({ page }) => {
    await page.goto('/#/about');
    const list = await openSpecializationMenu(page, 'Search by Skill');
    // Click on the page content, well below the header and any open panel.
    await page.mouse.click(10, (page.viewportSize()?.height ?? 800) - 10);
    await expect(list).toBeHidden();
    if (isPhone(page)) await expect(banner(page).getByRole('navigation', { name: 'Mobile' })).toBeHidden();
    await expect(page).toHaveURL(hashPath('/about'));

    const again = await openSpecializationMenu(page, 'Search by Skill');
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
    if (isPhone(page)) {
      await expect(banner(page).getByRole('navigation', { name: 'Mobile' })).toBeHidden();
      await expect(banner(page).getByRole('button', { name: 'Open menu' })).toBeFocused();
    } else {
      await expect(banner(page).getByRole('button', { name: 'Search by Skill' })).toBeFocused();
    }

    // Opening the other menu closes the first (desktop: one dropdown at a time).
    if (!isPhone(page)) {
      const first = await openSpecializationMenu(page, 'Search by Skill');
      await banner(page).getByRole('button', { name: 'Browse Categories' }).click();
      await expect(first).toBeHidden();
      await expect(banner(page).getByRole('list', { name: 'Browse Categories' })).toBeVisible();
    }
  });

  test('signed-in client: Post a Project, no About Us or Try For Free, user menu, sign out', async ({
    page,
    request,
  }) => {
    const account = await signUpViaApi(request, { role: 'client', fullName: 'grace brewster hopper' });
    const session = await signInViaApi(page, request, account.email, account.password);
    const nav = banner(page).getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Post a Project' })).toHaveAttribute(
      'href',
      '#/create_project',
    );
    await expect(nav.getByRole('link', { name: 'About Us' })).toHaveCount(0);
    await expect(banner(page).getByRole('link', { name: 'Try For Free' })).toHaveCount(0);

    const menuButton = banner(page).getByRole('button', { name: 'Account menu for grace brewster hopper' });
    await expect(menuButton.getByTestId('avatar-initials')).toHaveText('GH');
    await menuButton.click();
    const menu = banner(page).getByRole('list', { name: 'Account' });
    await expect(banner(page).getByText('grace brewster hopper', { exact: true })).toBeVisible();
    await expect(banner(page).getByText(account.email)).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText(['Client Dashboard', 'Profile', 'FAQ & Support']);
    await expect(menu.getByRole('link', { name: 'Client Dashboard' })).toHaveAttribute(
      'href',
      `#/client_dashboard/${session.user.id}`,
    );
    await expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      `#/profile/${session.user.id}`,
    );
    await expect(menu.getByRole('link', { name: 'FAQ & Support' })).toHaveAttribute('href', '#/qa');
    await expectNoSeriousA11yViolations(page);

    // A click outside the header closes the user menu too.
    await page.mouse.click(10, 700);
    await expect(menu).toBeHidden();

    await page.goto('/#/qa');
    await menuButton.click();
    await menu.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(hashPath('/'));
    await expect(banner(page).getByRole('link', { name: 'Try For Free' })).toBeVisible();
    await expect(menuButton).toHaveCount(0);
    // The server revoked the session: the old token no longer works.
    const check = await request.get(`/api/auth/${session.user.id}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(check.status()).toBe(401);
    // And it stays signed out after a reload.
    await page.reload();
    await expect(banner(page).getByRole('link', { name: 'Try For Free' })).toBeVisible();
  });

  test('signed-in engineer: Profile Preview and engineer dashboard, no Post a Project @responsive', async ({
    page,
    request,
  }) => {
    const account = await signUpViaApi(request, { role: 'engineer', fullName: 'Nikola Tesla' });
    const session = await signInViaApi(page, request, account.email, account.password);
    await expect(banner(page).getByRole('link', { name: 'Post a Project' })).toHaveCount(0);
    await banner(page).getByRole('button', { name: 'Account menu for Nikola Tesla' }).click();
    const menu = banner(page).getByRole('list', { name: 'Account' });
    await expect(menu.getByRole('link')).toHaveText([
      'Engineer Dashboard',
      'Profile Preview',
      'Profile',
      'FAQ & Support',
    ]);
    await expect(menu.getByRole('link', { name: 'Engineer Dashboard' })).toHaveAttribute(
      'href',
      `#/engineer_dashboard/${session.user.id}`,
    );
    await expect(menu.getByRole('link', { name: 'Profile Preview' })).toHaveAttribute(
      'href',
      `#/engineer_profile/${session.user.id}`,
    );
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    if (isPhone(page)) {
      const nav = await headerNav(page);
      await expect(nav.getByRole('link', { name: 'About Us' })).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Post a Project' })).toHaveCount(0);
    }
  });

  test('an expired session is cleared when signing out (server answers 401)', async ({ page, request }) => {
    const account = await signUpViaApi(request, { role: 'client', fullName: 'Ada Lovelace' });
    const session = await signInViaApi(page, request, account.email, account.password, '/about');
    // The token dies elsewhere (e.g. signed out on another device).
    const out = await request.post('/api/auth/signout', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(out.ok()).toBe(true);
    await banner(page).getByRole('button', { name: 'Account menu for Ada Lovelace' }).click();
    await banner(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(banner(page).getByRole('link', { name: 'Try For Free' })).toBeVisible();
    await expect(page).toHaveURL(hashPath('/'));
    // A fresh sign-in still works afterwards.
    expect(
      (await apiSignIn(request, account.email, account.password, session.deviceToken)).token,
    ).toBeTruthy();
  });
});

test.describe('footer', () => {
  test('footer links, social icons and the current year @responsive', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} StampWorks`);
    for (const [name, path] of [
      ['About Us', '/about'],
      ['Find an Engineer', '/find_an_engineer'],
      ['Explore Projects', '/explore'],
      ['Help & Support', '/qa'],
      ['Trust & Safety', '/trust'],
      ['Engineering Guides', '/guide'],
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
    ] as const) {
      await footer.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(hashPath(path));
    }
    // The social marks have names and lead nowhere (no real target yet).
    for (const network of ['LinkedIn', 'Twitter', 'Facebook']) {
      const icon = footer.getByRole('button', { name: `StampWorks on ${network}` });
      await icon.click();
      await expect(
        page.getByRole('status').filter({ hasText: `Our ${network} page is coming soon.` }),
      ).toBeVisible();
    }
    await expect(page).toHaveURL(hashPath('/privacy'));
  });
});

test.describe('errors and guards', () => {
  test('an unknown route shows the application error @responsive', async ({ page }) => {
    await page.goto('/#/no-such-page');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByText('404 Not Found')).toBeVisible();
    // The chrome stays, so the visitor can find the way back.
    await expect(banner(page).getByRole('link', { name: 'StampWorks' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  for (const path of [
    '/profile/00000000-0000-0000-0000-000000000000',
    '/create_project',
    '/admin_dashboard/x',
  ]) {
    test(`a signed-out visitor opening ${path} is sent to /sign-in`, async ({ page }) => {
      await page.goto(`/#${path}`);
      await expect(page).toHaveURL(hashPath('/sign-in'));
    });
  }

  test('a signed-in client opening the admin dashboard is sent to /sign-in', async ({ page, request }) => {
    const account = await signUpViaApi(request, { role: 'client' });
    const session = await signInViaApi(page, request, account.email, account.password);
    await page.goto(`/#/admin_dashboard/${session.user.id}`);
    await expect(page).toHaveURL(hashPath('/sign-in'));
  });
});
