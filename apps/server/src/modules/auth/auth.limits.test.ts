// The limits as configured (scale 1): a separate app so the other tests can relax them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { AUTH_LIMITS } from './rate-limits.ts';
import { GOOD_PASSWORD, mailsTo, signupVia, uniqueEmail } from './test-helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ rateLimitScale: 1 });
});
afterAll(() => app.dispose());

describe('rate limits', () => {
  it('limits sign-in per account with a readable 429, and other accounts still sign in', async () => {
    const { email } = await signupVia(app);
    const max = AUTH_LIMITS.signin.perAccount.max;
    for (let i = 0; i < max; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email, password: 'Wrong-Password-00' },
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: email.toUpperCase(), password: GOOD_PASSWORD },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
    );
    // The limited request did not sign in or send a PIN.
    expect(await mailsTo(app, email)).toHaveLength(0);

    const other = await signupVia(app);
    const fine = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: other.email, password: other.password },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('limits password-reset mails per account', async () => {
    const { email } = await signupVia(app);
    const max = AUTH_LIMITS.passwordReset.perAccount.max;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, max).every((s) => s === 200)).toBe(true);
    expect(statuses[max]).toBe(429);
  });

  it('limits sign-ups per client address', async () => {
    const perAddress = AUTH_LIMITS.signup.perAddress.max;
    const statuses: number[] = [];
    // signupVia above already used two from this address in this app.
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
});
