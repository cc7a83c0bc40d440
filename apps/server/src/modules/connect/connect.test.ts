import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPaymentsProvider } from '../../adapters/payments/test-provider.ts';
import { notifications, payoutAccounts } from '../../db/schema/index.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
const goodDetails = {
  legal_name: 'Ethan Engineer',
  date_of_birth: '1985-04-12',
  address_line1: '1 Main Street',
  city: 'Austin',
  postal_code: '78701',
  routing_number: '110000000',
  account_number: '000123456789',
};
const pathOf = (url: string) => {
  const u = new URL(url);
  return { path: u.pathname, token: u.searchParams.get('token')! };
};

describe('payout account in test mode', () => {
  it('goes from none to connected to payouts enabled through the onboarding form', async () => {
    const eng = await createUser(app, { role: 'engineer' });
    expect(app.ctx.payments.kind).toBe('test');

    const none = await app.inject({ method: 'GET', url: '/api/stripe/connect/status', headers: eng.auth });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ accountId: null, payoutsEnabled: false, detailsSubmitted: false });

    const login0 = await app.inject({ method: 'POST', url: '/api/stripe/connect/login', headers: eng.auth });
    expect(login0.statusCode).toBe(404);

    const connect = await app.inject({
      method: 'POST',
      url: '/api/stripe/connect',
      headers: eng.auth,
      payload: { email: eng.email, country: 'US' },
    });
    expect(connect.statusCode).toBe(200);
    const { onboardingUrl } = connect.json();
    expect(onboardingUrl).toMatch(/\/api\/stripe\/test-onboarding\/acct_test_\w+\?token=/);

    const status1 = (
      await app.inject({ method: 'GET', url: '/api/stripe/connect/status', headers: eng.auth })
    ).json();
    expect(status1.accountId).toMatch(/^acct_test_/);
    expect(status1.payoutsEnabled).toBe(false);

    // Connecting again re-uses the account.
    const again = await app.inject({
      method: 'POST',
      url: '/api/stripe/connect',
      headers: eng.auth,
      payload: { email: eng.email, country: 'US' },
    });
    expect(again.json().onboardingUrl).toContain(status1.accountId);
    expect(
      await app.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, eng.id)),
    ).toHaveLength(1);

    const notYet = await app.inject({ method: 'POST', url: '/api/stripe/connect/login', headers: eng.auth });
    expect(notYet.statusCode).toBe(409);

    // The newer link voids the first (an old link replayed overwrote the details).
    const first = pathOf(onboardingUrl);
    const voided = await app.inject({
      method: 'GET',
      url: `${first.path}?token=${encodeURIComponent(first.token)}`,
    });
    expect(voided.statusCode).toBe(403);
    expect(voided.body).toContain('This link has expired');

    const { path, token } = pathOf(again.json().onboardingUrl);
    const page = await app.inject({ method: 'GET', url: `${path}?token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('/#/onboarding/refresh');
    // The site's CSP forbids inline script and style: the page uses neither.
    expect(page.body).not.toMatch(/<script|style=|<style/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const css = await app.inject({ method: 'GET', url: '/api/stripe/test-mode.css' });
    expect(css.headers['content-type']).toContain('text/css');

    const forged = await app.inject({ method: 'GET', url: `${path}?token=123.abc` });
    expect(forged.statusCode).toBe(403);

    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const wrongBank = await app.inject({
      method: 'POST',
      url: path,
      headers,
      payload: form({ ...goodDetails, token, routing_number: '123456789', date_of_birth: '2020-01-01' }),
    });
    expect(wrongBank.statusCode).toBe(400);
    expect(wrongBank.body).toContain('110000000');
    expect(wrongBank.body).toContain('You must be at least 18 years old.');
    expect(wrongBank.body).not.toContain('000123456789"');
    expect(
      (await app.inject({ method: 'GET', url: '/api/stripe/connect/status', headers: eng.auth })).json()
        .payoutsEnabled,
    ).toBe(false);

    const noToken = await app.inject({ method: 'POST', url: path, headers, payload: form(goodDetails) });
    expect(noToken.statusCode).toBe(403);

    const done = await app.inject({
      method: 'POST',
      url: path,
      headers,
      payload: form({ ...goodDetails, token }),
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${app.ctx.config.publicUrl}/#/onboarding/complete`);
    // Single use: the same link, replayed with other details, changes nothing.
    const replay = await app.inject({
      method: 'POST',
      url: path,
      headers,
      payload: form({ ...goodDetails, token, legal_name: 'Mallory Replay' }),
    });
    expect(replay.statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `${path}?token=${encodeURIComponent(token)}` })).statusCode,
    ).toBe(403);

    const status2 = (
      await app.inject({ method: 'GET', url: '/api/stripe/connect/status', headers: eng.auth })
    ).json();
    expect(status2).toEqual({ accountId: status1.accountId, payoutsEnabled: true, detailsSubmitted: true });
    const notes = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, eng.id));
    expect(notes).toHaveLength(1);

    const login = await app.inject({ method: 'POST', url: '/api/stripe/connect/login', headers: eng.auth });
    expect(login.statusCode).toBe(200);
    const dash = pathOf(login.json().loginUrl);
    const dashboard = await app.inject({
      method: 'GET',
      url: `${dash.path}?token=${encodeURIComponent(dash.token)}`,
    });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('•••• 6789');
    expect(dashboard.body).not.toContain('000123456789');
    expect(dashboard.body).not.toContain('Mallory Replay');
    // A dashboard link opens once.
    expect(
      (await app.inject({ method: 'GET', url: `${dash.path}?token=${encodeURIComponent(dash.token)}` }))
        .statusCode,
    ).toBe(403);
    // An onboarding token does not open the dashboard.
    expect(
      (await app.inject({ method: 'GET', url: `${dash.path}?token=${encodeURIComponent(token)}` }))
        .statusCode,
    ).toBe(403);
  });

  it('is for engineers only and checks the request', async () => {
    const client = await createUser(app, { role: 'client' });
    const admin = await createUser(app, { role: 'admin' });
    const eng = await createUser(app, { role: 'engineer' });
    for (const [method, url] of [
      ['GET', '/api/stripe/connect/status'],
      ['POST', '/api/stripe/connect'],
      ['POST', '/api/stripe/connect/login'],
    ] as const) {
      const payload = method === 'POST' ? { email: 'a@b.example', country: 'US' } : undefined;
      expect((await app.inject({ method, url, payload })).statusCode).toBe(401);
      for (const who of [client, admin]) {
        const res = await app.inject({ method, url, payload, headers: who.auth });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Only engineers can connect a payout account.');
      }
    }
    const badCountry = await app.inject({
      method: 'POST',
      url: '/api/stripe/connect',
      headers: eng.auth,
      payload: { email: eng.email, country: 'DE' },
    });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json().message).toBe('Choose United States, Canada or Australia.');
    const badEmail = await app.inject({
      method: 'POST',
      url: '/api/stripe/connect',
      headers: eng.auth,
      payload: { email: 'nope', country: 'AU' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(
      await app.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, eng.id)),
    ).toHaveLength(0);
  });

  it('refuses a NUL in the onboarding form with a 400, leaving the account as it was', async () => {
    // Found by the generated-input suite: PostgreSQL text cannot hold NUL, so this was a 500.
    const eng = await createUser(app, { role: 'engineer' });
    const connect = await app.inject({
      method: 'POST',
      url: '/api/stripe/connect',
      headers: eng.auth,
      payload: { email: eng.email, country: 'US' },
    });
    const { path, token } = pathOf(connect.json().onboardingUrl);
    for (const [name, value] of [
      ['legal_name', 'Ethan\u0000Engineer'],
      ['city', 'Aus\u0000tin'],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ ...goodDetails, token, [name]: value }),
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe('The text contains characters that are not allowed.');
    }
    const status = await app.inject({ method: 'GET', url: '/api/stripe/connect/status', headers: eng.auth });
    expect(status.json()).toMatchObject({ detailsSubmitted: false });
  });

  it('accepts test-mode webhooks signed with its secret, ignoring stale and repeated events', async () => {
    const eng = await createUser(app, { role: 'engineer' });
    const connect = await app.inject({
      method: 'POST',
      url: '/api/stripe/connect',
      headers: eng.auth,
      payload: { email: eng.email, country: 'AU' },
    });
    const accountId = new URL(connect.json().onboardingUrl).pathname.split('/').pop()!;
    const secret = (app.ctx.payments as TestPaymentsProvider).webhookSecret;
    const now = Math.floor(Date.now() / 1000);
    const send = (payoutsEnabled: boolean, created: number, sign = secret) => {
      const payload = JSON.stringify({
        id: `evt_${created}_${payoutsEnabled}`,
        object: 'event',
        type: 'account.updated',
        created,
        data: {
          object: {
            id: accountId,
            object: 'account',
            payouts_enabled: payoutsEnabled,
            details_submitted: true,
          },
        },
      });
      return app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: sign }),
        },
        payload,
      });
    };
    const enabled = async () =>
      (
        await app.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.providerAccountId, accountId))
      )[0].payoutsEnabled;
    expect((await send(true, now, 'whsec_wrong')).statusCode).toBe(400);
    expect(await enabled()).toBe(false);
    expect((await send(true, now)).statusCode).toBe(200);
    expect((await send(true, now)).statusCode).toBe(200);
    expect(await enabled()).toBe(true);
    // An older event arriving late does not undo the newer state.
    expect((await send(false, now - 60)).statusCode).toBe(200);
    expect(await enabled()).toBe(true);
    const notes = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, eng.id));
    expect(notes).toHaveLength(1);
  });
});
