// Helpers for the identity tests: read PINs and reset links from the outbox, sign up and
// sign in through the API like a browser does.
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export const GOOD_PASSWORD = 'Rebar-Stamp-Plan-42';

export async function mailsTo(app: TestApp, to: string) {
  const all = await app.ctx.mail.recent(500);
  return all.filter((m) => m.to === to.toLowerCase());
}

/** The PIN of the newest PIN mail to `to`. */
export async function latestPin(app: TestApp, to: string): Promise<string> {
  const mail = (await mailsTo(app, to)).find((m) => m.subject.startsWith('Your sign-in PIN'));
  expect(mail, `a PIN mail to ${to}`).toBeDefined();
  const m = /PIN is (\d{6})/.exec(mail!.text);
  expect(m).not.toBeNull();
  return m![1];
}

export async function signupVia(
  app: TestApp,
  opts: { email?: string; password?: string; role?: 'client' | 'engineer'; fullName?: string } = {},
) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? GOOD_PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { fullName: opts.fullName ?? 'Jane Doe', email, password, role: opts.role ?? 'client' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, password };
}

/**
 * A browser: POSTs that keep the cookies answers set and send them back (the PIN challenge's
 * cookie), as the sign-in page's fetch calls do. Each browser has its own jar.
 */
export function browser(app: TestApp, remoteAddress = '127.0.0.1') {
  const jar = new Map<string, string>();
  return async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      remoteAddress,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    const set = res.headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value) jar.set(pair.slice(0, eq), value);
      else jar.delete(pair.slice(0, eq));
    }
    return res;
  };
}

/** Signs up, signs in, confirms the PIN: a verified account with a session and a trusted device. */
export async function signedInVia(app: TestApp, opts: Parameters<typeof signupVia>[1] = {}) {
  const { email, password } = await signupVia(app, opts);
  const post = browser(app);
  const first = await post('/api/auth/signin', { email, password });
  expect(first.json().pinRequired).toBe(true);
  const pin = await latestPin(app, email);
  const verified = await post('/api/auth/verify-pin', { email, pin });
  expect(verified.statusCode, verified.body).toBe(200);
  const body = verified.json() as {
    token: string;
    deviceToken: string;
    user: { id: string; email: string; full_name: string; role: string };
  };
  return {
    email,
    password,
    id: body.user.id,
    token: body.token,
    deviceToken: body.deviceToken,
    auth: { authorization: `Bearer ${body.token}` },
  };
}

/** Fails when a response carries anything secret. */
export function expectNoSecrets(body: string) {
  expect(body).not.toMatch(
    /password_?hash|passwordHash|token_?hash|pin_?hash|"pin"\s*:\s*"\d{6}"|"ssn"|\$argon2/i,
  );
}
