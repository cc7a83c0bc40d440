// Generated bodies: whatever JSON arrives at an auth route, the answer is never a 500
// and never carries a secret.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSecrets, signupVia } from '../../test/fixtures/auth.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';

let app: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let email: string;
beforeAll(async () => {
  app = await createTestApp({ rateLimitScale: 10_000 });
  owner = await createUser(app);
  ({ email } = await signupVia(app));
});
afterAll(() => app.dispose());

const fieldNames = [
  'fullName',
  'email',
  'password',
  'role',
  'profilePicture',
  'deviceToken',
  'pin',
  'token',
  'full_name',
  'profile_picture',
  'oldPassword',
  'newPassword',
];
const values = () =>
  fc.oneof(
    fc.anything(),
    fc.string(),
    fc.constantFrom('client', 'engineer', 'admin', '123456', '', 'a@b.co', 'Rebar-Stamp-Plan-42'),
    fc.constant(undefined),
  );
const bodies = () =>
  fc.oneof(
    fc.jsonValue(),
    fc.dictionary(fc.constantFrom(...fieldNames), values()),
    fc.record({ email: fc.oneof(fc.constant(''), fc.emailAddress(), fc.string()) }, { requiredKeys: [] }),
  );

describe('auth routes under generated bodies', () => {
  const routes = () => [
    { method: 'POST' as const, url: '/api/auth/signup', auth: false },
    { method: 'POST' as const, url: '/api/auth/signin', auth: false },
    { method: 'POST' as const, url: '/api/auth/verify-pin', auth: false },
    { method: 'POST' as const, url: '/api/auth/resendPin', auth: false },
    { method: 'POST' as const, url: '/api/auth/password-reset', auth: false },
    { method: 'PUT' as const, url: `/api/auth/updatePassword/${encodeURIComponent(email)}`, auth: false },
    { method: 'PUT' as const, url: '/api/auth/updatePassword/%E0%A4%A', auth: false },
    { method: 'POST' as const, url: '/api/auth/signout', auth: true },
    { method: 'PUT' as const, url: `/api/auth/update/${owner.id}`, auth: true },
    { method: 'DELETE' as const, url: `/api/auth/${owner.id}`, auth: true },
  ];

  it('never answers 500', async () => {
    for (const route of routes()) {
      await fc.assert(
        fc.asyncProperty(bodies(), async (body) => {
          const res = await app.inject({
            method: route.method,
            url: route.url,
            headers: {
              'content-type': 'application/json',
              ...(route.auth && route.url !== '/api/auth/signout' ? owner.auth : {}),
            },
            payload: JSON.stringify(body),
          });
          expect(
            res.statusCode,
            `${route.method} ${route.url} ${JSON.stringify(body)} -> ${res.body}`,
          ).toBeLessThan(500);
          expect(typeof res.json().message).toBe('string');
          expectNoSecrets(res.body);
        }),
        { numRuns: 60 },
      );
    }
  }, 120_000);

  it('answers malformed JSON and wrong content types with 4xx', async () => {
    // Sign-out reads no body: any body signs out, which the first test covers.
    for (const route of routes().filter((r) => r.url !== '/api/auth/signout')) {
      for (const [type, payload] of [
        ['application/json', '{"email": '],
        ['text/plain', 'hello'],
        ['application/json', ''],
      ]) {
        const res = await app.inject({
          method: route.method,
          url: route.url,
          headers: { 'content-type': type, ...(route.auth ? owner.auth : {}) },
          payload,
        });
        expect(res.statusCode, `${route.url} ${type} ${payload}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${route.url} ${type} ${payload}`).toBeLessThan(500);
      }
    }
  });
});
