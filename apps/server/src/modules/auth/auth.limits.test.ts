// The limits as configured (scale 1), in an app of their own so the other tests can relax
// them. Each story is an attacker who knows the owner's e-mail address and tries to keep the
// owner out; in each, the owner still gets in (docs/SECURITY.md, 'Nobody can lock someone
// else out').
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import {
  browser,
  GOOD_PASSWORD,
  latestPin,
  mailsTo,
  signedInVia,
  signupVia,
  uniqueEmail,
} from '../../test/fixtures/auth.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { AUTH_LIMITS } from '../access/index.ts';
import { ATTEMPT_RULES, accountKey, countOne } from './attempts.ts';
import { PIN_MESSAGES } from './pins.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ rateLimitScale: 1 });
});
afterAll(() => app.dispose());

const ATTACKER = '198.51.100.66';
const OWNER_HOME = '203.0.113.20';
const resetMails = async (email: string) =>
  (await mailsTo(app, email)).filter((m) => m.subject.startsWith('Reset your password'));

describe('wrong passwords from a stranger', () => {
  for (const role of ['client', 'admin'] as const) {
    it(`slow the stranger down and never the ${role} who owns the account`, async () => {
      const owner = await signedInVia(app);
      if (role === 'admin') await app.ctx.db.update(users).set({ role }).where(eq(users.id, owner.id));
      const attacker = browser(app, ATTACKER);
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push(
          (await attacker('/api/auth/signin', { email: owner.email, password: `Guess-Number-${i}` }))
            .statusCode,
        );
      // Five free tries, then the stranger waits (30 s, doubling).
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      const waited = await attacker('/api/auth/signin', { email: owner.email, password: owner.password });
      expect(waited.statusCode).toBe(429);
      expect(waited.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);

      // The owner, from home, with the right password: straight through (a PIN for a new browser).
      const home = await browser(app, OWNER_HOME)('/api/auth/signin', {
        email: owner.email,
        password: owner.password,
      });
      expect(home.statusCode, home.body).toBe(200);
      expect(home.json().pinRequired).toBe(true);
      // ...and from the attacker's own network, on the browser the owner trusts.
      const sameCafe = await browser(app, ATTACKER)('/api/auth/signin', {
        email: owner.email,
        password: owner.password,
        deviceToken: owner.deviceToken,
      });
      expect(sameCafe.statusCode, sameCafe.body).toBe(200);
      expect(sameCafe.json().pinRequired).toBe(role === 'admin');
    });
  }

  it('past the account’s ceiling, refuse every source that failed, but not a new source or a trusted device', async () => {
    const owner = await signedInVia(app);
    const account = accountKey(owner.email);
    // A botnet's failures, one per address, up to the ceiling (counted as the service counts them).
    for (let i = 0; i < ATTEMPT_RULES.signinFailure.perAccount; i++)
      await countOne(app.ctx.db, 'signinFailure', account, `192.0.2.${i % 250}/${i}`);
    await countOne(app.ctx.db, 'signinFailure', account, ATTACKER);
    const failedSource = await browser(app, ATTACKER)('/api/auth/signin', {
      email: owner.email,
      password: owner.password,
    });
    expect(failedSource.statusCode).toBe(429);
    const fresh = await browser(app, OWNER_HOME)('/api/auth/signin', {
      email: owner.email,
      password: owner.password,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const trusted = await browser(app, ATTACKER)('/api/auth/signin', {
      email: owner.email,
      password: owner.password,
      deviceToken: owner.deviceToken,
    });
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(trusted.json().pinRequired).toBe(false);
  });

  it('forget a source’s failures once its password is right', async () => {
    const { email, password } = await signupVia(app);
    const me = browser(app, '203.0.113.77');
    for (let i = 0; i < 4; i++) await me('/api/auth/signin', { email, password: `Typo-Pass-${i}x` });
    expect((await me('/api/auth/signin', { email, password })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await me('/api/auth/signin', { email, password: `Typo-Again-${i}x` })).statusCode).toBe(401);
  });
});

describe('PIN tries from a stranger', () => {
  it('count nothing: the owner’s PIN still works after 20 of them, and no answer tells whether a PIN waits', async () => {
    const { email, password } = await signupVia(app);
    const stranger = browser(app, ATTACKER);
    const before = await stranger('/api/auth/verify-pin', { email, pin: '123456' });

    const owner = browser(app, OWNER_HOME);
    expect((await owner('/api/auth/signin', { email, password })).json().pinRequired).toBe(true);
    const pin = await latestPin(app, email);
    const wrong = pin === '000000' ? '111111' : '000000';
    for (let i = 0; i < 20; i++) {
      const res = await stranger('/api/auth/verify-pin', { email, pin: i === 19 ? pin : wrong });
      expect(res.statusCode).toBe(400);
      // The same answer as before the owner signed in: a stranger cannot tell.
      expect(res.json()).toEqual(before.json());
      expect(res.json().message).toBe(PIN_MESSAGES.notRight);
    }
    // The stranger's resends send nothing.
    const resend = await stranger('/api/auth/resendPin', { email });
    expect(resend.statusCode).toBe(404);
    expect((await mailsTo(app, email)).filter((m) => m.subject.startsWith('Your sign-in PIN'))).toHaveLength(
      1,
    );

    const verified = await owner('/api/auth/verify-pin', { email, pin });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('with the challenge in the body instead of the cookie, work the same', async () => {
    const { email, password } = await signupVia(app);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress: OWNER_HOME,
      payload: { email, password },
    });
    const challenge = answer.json().challenge as string;
    expect(answer.headers['set-cookie']).toMatch(
      /^sw_pin_challenge=[\w-]+; Path=\/api\/auth; HttpOnly; SameSite=Strict/,
    );
    const pin = await latestPin(app, email);
    const without = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-pin',
      payload: { email, pin },
    });
    expect(without.statusCode).toBe(400);
    const withIt = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-pin',
      payload: { email, pin, challenge },
    });
    expect(withIt.statusCode, withIt.body).toBe(200);
  });
});

describe('password reset requests from a stranger', () => {
  it('are answered alike and send at most 3 mails, and the owner’s own request and link still work', async () => {
    const { email } = await signupVia(app);
    const owner = browser(app, OWNER_HOME);
    const first = await owner('/api/auth/password-reset', { email });
    expect((await resetMails(email)).length).toBe(1);
    const ownersLink = /token=([\w-]+)/.exec((await resetMails(email))[0].text)![1];

    const stranger = browser(app, ATTACKER);
    for (let i = 0; i < 8; i++) {
      const res = await stranger('/api/auth/password-reset', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(first.json());
    }
    // Three from the stranger's address went out; the rest were answered and dropped.
    expect((await resetMails(email)).length).toBe(1 + ATTEMPT_RULES.resetMail.perSource);

    // The owner asks again: it is sent.
    await owner('/api/auth/password-reset', { email });
    expect((await resetMails(email)).length).toBe(2 + ATTEMPT_RULES.resetMail.perSource);
    // And the owner's first link was not voided by the stranger's requests.
    const reset = await app.inject({
      method: 'PUT',
      url: `/api/auth/updatePassword/${encodeURIComponent(email)}`,
      payload: { password: 'Owner-Chose-This-9', token: ownersLink },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('past the per-address limit are answered alike and send nothing', async () => {
    const address = '198.51.100.90';
    const max = AUTH_LIMITS.passwordReset.perAddress.max;
    const sender = browser(app, address);
    const targets = Array.from({ length: max + 2 }, () => uniqueEmail('spray'));
    for (const email of targets) await createUser(app, { email });
    const answers = [];
    for (const email of targets) answers.push(await sender('/api/auth/password-reset', { email }));
    expect(answers.map((a) => a.statusCode)).toEqual(targets.map(() => 200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const sent = await Promise.all(targets.map(async (email) => (await resetMails(email)).length));
    expect(sent).toEqual([...Array(max).fill(1), 0, 0]);
  });
});

describe('sign-ups', () => {
  it('are limited per client address', async () => {
    const perAddress = AUTH_LIMITS.signup.perAddress.max;
    const statuses: number[] = [];
    for (let i = 0; i < perAddress; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: '203.0.113.9',
        payload: { fullName: 'Limit Test', email: uniqueEmail(), password: GOOD_PASSWORD, role: 'client' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
    const over = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: '203.0.113.9',
      payload: { fullName: 'Limit Test', email: uniqueEmail(), password: GOOD_PASSWORD, role: 'client' },
    });
    expect(over.statusCode).toBe(429);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: '203.0.113.10',
      payload: { fullName: 'Limit Test', email: uniqueEmail(), password: GOOD_PASSWORD, role: 'client' },
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('count an IPv6 address by its /64', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_LIMITS.signup.perAddress.max; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: `2001:db8:5:7::${(i + 1).toString(16)}`,
        payload: { fullName: 'Limit Test', email: uniqueEmail(), password: GOOD_PASSWORD, role: 'client' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the published demo password', () => {
  it('never opens an admin account on a production site, and opens it elsewhere', async () => {
    const { DEMO_PASSWORD } = await import('../../seed/users.ts');
    const { hashPassword } = await import('../../lib/password.ts');
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const prod = await createTestApp({ env: 'production' });
    try {
      for (const target of [app, prod]) {
        const admin = await createUser(target, { role: 'admin', passwordHash });
        const res = await target.inject({
          method: 'POST',
          url: '/api/auth/signin',
          remoteAddress: '203.0.113.200',
          payload: { email: admin.email, password: DEMO_PASSWORD },
        });
        expect(res.statusCode, res.body).toBe(target === prod ? 401 : 200);
      }
    } finally {
      await prod.dispose();
    }
  });
});

describe('old counts', () => {
  it('are swept after a day untouched', async () => {
    const { sweepCounts, readCounts } = await import('./attempts.ts');
    const account = accountKey(uniqueEmail('sweep'));
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    await countOne(app.ctx.db, 'signinFailure', account, '192.0.2.1', dayAgo);
    await countOne(app.ctx.db, 'signinFailure', account, '192.0.2.2');
    expect(await sweepCounts(app.ctx.db)).toBeGreaterThanOrEqual(1);
    const left = await readCounts(app.ctx.db, 'signinFailure', account, '192.0.2.2', new Date());
    expect(left.accountTotal).toBe(1);
  });
});
