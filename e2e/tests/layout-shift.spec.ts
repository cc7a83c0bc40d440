// No signed-in page jumps while it loads (docs/PERFORMANCE.md#signed-in-pages-hold-still): every page of every role is opened on a phone, signed in, with a
// PerformanceObserver recording the browser's layout-shift entries from the first paint;
// once the page's content is in (its own marker shown, no spinner or busy area left) and has
// settled, the shifts not caused by input must add up to at most 0.05. A failure names what
// moved, and from where to where.
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, devices, expect, type Page, test } from '@playwright/test';
import { paidDealViaApi } from '../support/deals.ts';
import {
  type ApiSession,
  apiSignIn,
  DEMO,
  openSignedIn,
  sessionOf,
  signUpViaApi,
} from '../support/session.ts';
import { STAFF } from '../support/staff.ts';

const MAX_SHIFT = 0.05;
const API_DELAY_MS = 300;
// Read-only rooms and projects of the demo data, so opening them changes nothing another
// test counts on (an unread conversation would be marked read): the client's and the
// engineer's finished deals, both accepted, with a read conversation.
const OFFICE = 'Small office HVAC replacement';
const LAB = 'Laboratory fume hood exhaust upgrade';
// The engineer's pages are opened as Noah (demo data), whom no other test signs in as:
// tests running beside this one propose as the demo engineer, and a list that grows while it
// loads moves (the Proposals tab failed that way now and then).
const ENGINEER = 'noah@demo.stampworks.dev';

test.use({ ...devices['Pixel 7'] });

const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });

type Shift = { value: number; hadRecentInput: boolean; sources: string[] };

/** Installed before any script of the page runs: every layout shift from the first paint on. */
function recordShifts() {
  // Runs in the page; the e2e project compiles without the DOM library.
  const g = globalThis as unknown as {
    __shifts: Shift[];
    PerformanceObserver: new (
      cb: (list: { getEntries(): unknown[] }) => void,
    ) => { observe(o: { type: string; buffered: boolean }): void };
  };
  g.__shifts = [];
  type Rect = { x: number; y: number; width: number; height: number };
  type Entry = {
    value: number;
    hadRecentInput: boolean;
    sources?: {
      node?: { nodeName: string; className?: unknown; textContent?: string | null };
      previousRect: Rect;
      currentRect: Rect;
    }[];
  };
  const rect = (r: Rect) =>
    `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  new g.PerformanceObserver((list) => {
    for (const e of list.getEntries() as Entry[])
      g.__shifts.push({
        value: e.value,
        hadRecentInput: e.hadRecentInput,
        sources: (e.sources ?? []).map(
          (s) =>
            `${s.node?.nodeName ?? '?'}.${String(s.node?.className ?? '').slice(0, 60)} "${(s.node?.textContent ?? '').trim().slice(0, 40)}" ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
        ),
      });
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Waits until the page's content is in: its marker shows, no spinner or busy area is left, and a moment passes. */
async function settled(page: Page, ready: (page: Page) => ReturnType<Page['locator']>) {
  await expect(ready(page).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.animate-spin:visible, [aria-busy="true"]:visible')).toHaveCount(0, {
    timeout: 20_000,
  });
  // Images, avatars and late answers (unread counts) land within this.
  await page.waitForTimeout(1500);
}

async function shiftsOf(page: Page): Promise<{ total: number; report: string }> {
  const shifts = await page.evaluate(() => (globalThis as unknown as { __shifts: Shift[] }).__shifts);
  const counted = shifts.filter((s) => !s.hadRecentInput);
  const total = counted.reduce((sum, s) => sum + s.value, 0);
  const report = counted.map((s) => `${s.value.toFixed(4)}: ${s.sources.join(' | ')}`).join('\n');
  return { total, report };
}

type Ids = {
  me: ApiSession;
  /** The finished deal's project (its title is the page's `deal`), with submissions. */
  dealProjectId: string;
  /** Its conversation (all read). */
  dealRoomId: string;
};

type SignedInPage = {
  name: string;
  path: (ids: Ids) => string;
  /** Something that shows once the page's own content is in. */
  ready: (page: Page) => ReturnType<Page['locator']>;
};

const tab = (name: string) => (page: Page) => page.getByRole('tab', { name, selected: true });
const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name });

/** Pages and tabs every role has. */
const common: SignedInPage[] = [
  {
    name: 'profile, Login Info',
    path: ({ me }) => `/profile/${me.user.id}?tab=login`,
    ready: tab('Login Info'),
  },
  { name: 'profile, Account', path: ({ me }) => `/profile/${me.user.id}?tab=account`, ready: tab('Account') },
  { name: 'inbox', path: ({ me }) => `/inbox/${me.user.id}`, ready: (p) => p.getByRole('listitem').first() },
];
/** The pages of a finished deal, `title` its project's. */
const dealPages = (title: string): SignedInPage[] => [
  {
    name: 'a conversation',
    path: ({ me, dealRoomId }) => `/inbox/${me.user.id}?room=${dealRoomId}`,
    ready: (p) => p.getByTestId('message'),
  },
  {
    name: 'submissions',
    path: ({ dealProjectId }) => `/submissions/${dealProjectId}`,
    ready: (p) => p.getByRole('heading', { name: /Submissions/ }),
  },
  {
    name: 'project details',
    path: ({ dealProjectId }) => `/project_details/${dealProjectId}`,
    ready: heading(title),
  },
];

const PAGES: Record<'client' | 'engineer' | 'admin', SignedInPage[]> = {
  client: [
    ...['Projects', 'Payment History', 'Reviews'].map((label, i) => ({
      name: `client dashboard, ${label}`,
      path: ({ me }: Ids) => `/client_dashboard/${me.user.id}?tab=${['projects', 'payments', 'reviews'][i]}`,
      ready: tab(label),
    })),
    ...common,
    ...dealPages(OFFICE),
    { name: 'create project', path: () => '/create_project', ready: heading('Post a Project') },
    { name: 'checkout cancelled', path: () => '/cancel', ready: heading(/Payment/) },
  ],
  engineer: [
    ...(
      [
        ['proposals', 'Proposals'],
        ['wallet', 'Wallet'],
        ['stripe', 'Stripe Wallet'],
        ['payouts', 'Payout History'],
        ['projects', 'Projects'],
        ['submissions', 'Submissions'],
        ['reviews', 'Reviews'],
      ] as const
    ).map(([id, label]) => ({
      name: `engineer dashboard, ${label}`,
      path: ({ me }: Ids) => `/engineer_dashboard/${me.user.id}?tab=${id}`,
      ready: tab(label),
    })),
    ...common,
    {
      name: 'profile, Licenses',
      path: ({ me }) => `/profile/${me.user.id}?tab=licenses`,
      ready: tab('Licenses'),
    },
    ...dealPages(LAB),
    {
      name: 'payout onboarding complete',
      path: () => '/onboarding/complete',
      ready: heading('Onboarding Complete!'),
    },
    {
      name: 'payout onboarding refresh',
      path: () => '/onboarding/refresh',
      ready: heading('Onboarding Canceled'),
    },
  ],
  admin: [
    ...(
      [
        ['tickets', 'Support Tickets'],
        ['orders', 'Orders'],
        ['licenses', 'Check Licenses'],
        ['finance', 'Finance'],
      ] as const
    ).map(([id, label]) => ({
      name: `admin dashboard, ${label}`,
      path: ({ me }: Ids) => `/admin_dashboard/${me.user.id}?tab=${id}`,
      ready: tab(label),
    })),
    ...common,
  ],
};

const EMAIL = { client: DEMO.client, engineer: ENGINEER, admin: STAFF.email };
const DEAL = { client: OFFICE, engineer: LAB };

async function idsOf(request: APIRequestContext, role: keyof typeof PAGES): Promise<Ids> {
  const me = await sessionOf(request, EMAIL[role], role === 'admin' ? STAFF.password : undefined);
  if (role === 'admin') return { me, dealProjectId: '', dealRoomId: '' };
  const rooms = (await (
    await request.get(`/api/chat/rooms/user/${me.user.id}`, { headers: auth(me) })
  ).json()) as { id: string; title: string; project_id: string }[];
  const deal = rooms.find((r) => r.title === DEAL[role]);
  expect(deal, `the demo data's '${DEAL[role]}' room`).toBeTruthy();
  return { me, dealProjectId: deal!.project_id, dealRoomId: deal!.id };
}

/**
 * Every API answer comes a little late, as on a phone's network: the page draws before its
 * data, whatever the machine's speed, so a part that moves when its data arrives is seen.
 */
async function slowApi(page: Page) {
  await page.route('**/api/**', async (route) => {
    await new Promise((r) => setTimeout(r, API_DELAY_MS));
    await route.fallback();
  });
}

/** Opens `path` signed in as `me` with the shift recorder in place, waits for it to settle. */
async function measure(page: Page, me: ApiSession, path: string, ready: SignedInPage['ready']) {
  await page.addInitScript(recordShifts);
  await slowApi(page);
  await openSignedIn(page, me, path);
  await settled(page, ready);
  return shiftsOf(page);
}

for (const role of ['client', 'engineer', 'admin'] as const) {
  for (const p of PAGES[role]) {
    test(`${role}: ${p.name} does not shift while it loads on a phone`, async ({ page, request }) => {
      const ids = await idsOf(request, role);
      const { total, report } = await measure(page, ids.me, p.path(ids), p.ready);
      test.info().annotations.push({ type: 'layout shift', description: total.toFixed(4) });
      expect(total, `layout shifts on ${p.path(ids)}:\n${report}`).toBeLessThanOrEqual(MAX_SHIFT);
    });
  }

  test(`${role}: the notifications list does not shift as it opens on a phone`, async ({ page, request }) => {
    const ids = await idsOf(request, role);
    await page.addInitScript(recordShifts);
    await slowApi(page);
    await openSignedIn(page, ids.me, `/profile/${ids.me.user.id}`);
    await settled(page, tab('Login Info'));
    const before = (await shiftsOf(page)).total;
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await settled(page, heading('Your Notifications'));
    const { total, report } = await shiftsOf(page);
    test.info().annotations.push({ type: 'layout shift', description: (total - before).toFixed(4) });
    expect(total - before, `layout shifts after opening the notifications:\n${report}`).toBeLessThanOrEqual(
      MAX_SHIFT,
    );
  });
}

// A new engineer's dashboard shows the setup checklist above the tabs: arriving after them,
// it pushed every tab down about 440 px.
for (const [id, label] of [
  ['proposals', 'Proposals'],
  ['wallet', 'Wallet'],
] as const)
  test(`new engineer: dashboard, ${label}, with the setup checklist, does not shift while it loads on a phone`, async ({
    page,
    request,
  }) => {
    const account = await signUpViaApi(request, { role: 'engineer', fullName: 'Nell Newcomer' });
    const me = await apiSignIn(request, account.email, account.password);
    const { total, report } = await measure(
      page,
      me,
      `/engineer_dashboard/${me.user.id}?tab=${id}`,
      tab(label),
    );
    await expect(page.getByRole('region', { name: 'Before you can send proposals' })).toBeVisible();
    test.info().annotations.push({ type: 'layout shift', description: total.toFixed(4) });
    expect(total, `layout shifts on the new engineer's ${label} tab:\n${report}`).toBeLessThanOrEqual(
      MAX_SHIFT,
    );
  });

test('client: the checkout success page does not shift while it loads on a phone', async ({
  page,
  request,
}) => {
  const claire = await sessionOf(request, DEMO.client);
  const ethan = await sessionOf(request, DEMO.engineer);
  const deal = await paidDealViaApi(request, claire, ethan, {
    title: `Porch footing check ${randomBytes(3).toString('hex')}`,
    amountCents: 40000,
  });
  const path = new URL(deal.successUrl, 'http://x').hash.slice(1);
  expect(path).toMatch(/^\/success\?session_id=cs_/);
  const { total, report } = await measure(page, claire, path, heading('Payment Successful!'));
  test.info().annotations.push({ type: 'layout shift', description: total.toFixed(4) });
  expect(total, `layout shifts on ${path}:\n${report}`).toBeLessThanOrEqual(MAX_SHIFT);
});
