// Identity helpers for browser tests: make accounts and sign in, either through the real
// sign-in page (PIN read from the test SMTP mailbox) or, faster, through the API with the
// session then written where the web app keeps it (localStorage 'persist:root').
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { mailCount, waitForMail } from './mailbox.ts';

/** Every demo account shares this password (apps/server/src/seed/users.ts). */
export const DEMO_PASSWORD = 'Stamp-Demo-2026';
export const DEMO = {
  admin: 'admin@demo.stampworks.dev',
  client: 'client@demo.stampworks.dev',
  engineer: 'engineer@demo.stampworks.dev',
} as const;

export type SessionUser = {
  id: string;
  full_name: string;
  email: string;
  profile_picture: string | null;
  role: 'client' | 'engineer' | 'admin';
};
export type TestAccount = { email: string; password: string; fullName: string; role: 'client' | 'engineer' };
/** The page's storages, as seen from code that runs in the browser. */
export type StorageLike = { getItem(key: string): string | null; setItem(key: string, value: string): void };
export type BrowserStorage = { localStorage: StorageLike; sessionStorage: StorageLike };
export type ApiSession = { user: SessionUser; token: string; deviceToken?: string };

/** A fresh address no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@e2e.stampworks.test`;
}

/** Creates an account through POST /api/auth/signup (its e-mail is not verified yet). */
export async function signUpViaApi(
  request: APIRequestContext,
  opts: Partial<TestAccount> & { profilePicture?: string } = {},
): Promise<TestAccount> {
  const role = opts.role ?? 'client';
  const account: TestAccount = {
    role,
    email: opts.email ?? uniqueEmail(role),
    password: opts.password ?? `Blueprint-${randomBytes(4).toString('hex')}`,
    fullName: opts.fullName ?? (role === 'engineer' ? 'Test Engineer' : 'Test Client'),
  };
  const res = await request.post('/api/auth/signup', {
    data: { ...account, ...(opts.profilePicture ? { profilePicture: opts.profilePicture } : {}) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

/** The 6-digit PIN of the newest sign-in mail to `email` after `after` mails. */
export async function pinFromMail(email: string, after: number): Promise<string> {
  const mail = await waitForMail(email, { subject: 'sign-in PIN', after });
  const pin = /sign-in PIN is (\d{6})/.exec(mail.text)?.[1];
  expect(pin, `PIN in mail: ${mail.text}`).toBeTruthy();
  return pin!;
}

/**
 * Signs in through the API, answering the PIN from the mailbox when one is asked. Tests on
 * two workers may sign in the same demo account at once; each sign-in mails a new PIN that
 * replaces the last, so a PIN can be gone by the time it is sent: then it signs in again.
 */
export async function apiSignIn(
  request: APIRequestContext,
  email: string,
  password: string,
  deviceToken?: string,
): Promise<ApiSession> {
  for (let attempt = 1; ; attempt++) {
    const before = await mailCount(email);
    const res = await request.post('/api/auth/signin', {
      data: { email, password, ...(deviceToken ? { deviceToken } : {}) },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const answer = await res.json();
    if (!answer.pinRequired) return { user: answer.user, token: answer.token, deviceToken };
    const pin = await pinFromMail(email, before);
    const verified = await request.post('/api/auth/verify-pin', { data: { pin, email } });
    if (!verified.ok() && verified.status() === 400 && attempt < 3) {
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 300));
      continue;
    }
    expect(verified.ok(), await verified.text()).toBe(true);
    const body = await verified.json();
    return { user: body.user, token: body.token, deviceToken: body.deviceToken };
  }
}

/** Signs in through the real /sign-in page, typing the mailed PIN when the dialog asks. */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  const before = await mailCount(email);
  await page.goto('/#/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const pinDialog = page.getByRole('dialog', { name: 'Enter your PIN' });
  const signedIn = page.getByRole('button', { name: /^Account menu for / });
  await expect(pinDialog.or(signedIn)).toBeVisible();
  if (await pinDialog.isVisible()) {
    await pinDialog.getByLabel('PIN').fill(await pinFromMail(email, before));
    await pinDialog.getByRole('button', { name: 'Verify PIN' }).click();
    await expect(page).toHaveURL(/#\/explore/);
  }
  await expect(signedIn).toBeVisible();
}

/**
 * Signs in through the API and opens the app already signed in: the session is written
 * to localStorage ('persist:root', the shape redux-persist keeps) before the app loads,
 * once per tab, so a later sign-out in the test sticks. Answers the session.
 */
export async function signInViaApi(
  page: Page,
  request: APIRequestContext,
  email: string,
  password: string,
  path = '/',
): Promise<ApiSession> {
  const session = await apiSignIn(request, email, password);
  await openSignedIn(page, session, path);
  return session;
}

/**
 * Opens the app in `page` already signed in with a session got earlier (signing in again
 * would e-mail a new PIN, which replaces the one another test may be waiting for).
 */
export async function openSignedIn(page: Page, session: ApiSession, path = '/'): Promise<void> {
  const email = session.user.email;
  await page.addInitScript(
    ({ session, email }) => {
      // Runs in the page; the e2e project compiles without the DOM library.
      const { localStorage, sessionStorage } = globalThis as unknown as BrowserStorage;
      if (sessionStorage.getItem('e2e-session-written')) return;
      sessionStorage.setItem('e2e-session-written', '1');
      const state = {
        currentUser: session.user,
        token: session.token,
        error: null,
        loading: false,
        pinLoading: false,
      };
      localStorage.setItem(
        'persist:root',
        JSON.stringify({
          session: JSON.stringify(state),
          _persist: JSON.stringify({ version: 1, rehydrated: true }),
        }),
      );
      if (session.deviceToken) {
        const tokens = JSON.parse(localStorage.getItem('deviceTokens') ?? '{}');
        tokens[email.toLowerCase()] = session.deviceToken;
        localStorage.setItem('deviceTokens', JSON.stringify(tokens));
      }
    },
    { session, email },
  );
  await page.goto(`/#${path}`);
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
}

/**
 * One API sign-in per account and worker: each sign-in may e-mail a PIN that replaces the
 * last, so signing in again and again would race other tests signing in to the same account.
 */
const cachedSessions = new Map<string, Promise<ApiSession>>();
export function sessionOf(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<ApiSession> {
  if (!cachedSessions.has(email)) cachedSessions.set(email, apiSignIn(request, email, password));
  return cachedSessions.get(email)!;
}
