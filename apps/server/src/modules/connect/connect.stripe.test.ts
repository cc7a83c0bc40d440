// Stripe mode: the app is built with Stripe keys. No call reaches Stripe here; the
// webhook's signature check and event handling run exactly as in production.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccounts } from '../../db/schema/index.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';

const WEBHOOK_SECRET = 'whsec_test_stampworks_signing_secret';
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    stripe: { secretKey: 'sk_test_not_a_real_key', webhookSecrets: [WEBHOOK_SECRET] },
  });
});
afterAll(() => app.dispose());

function event(accountId: string, payoutsEnabled: boolean, created = Math.floor(Date.now() / 1000)) {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'account.updated',
    created,
    account: accountId,
    data: {
      object: {
        id: accountId,
        object: 'account',
        payouts_enabled: payoutsEnabled,
        details_submitted: payoutsEnabled,
      },
    },
  });
}
const post = (payload: string, signature?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });

describe('Stripe webhook', () => {
  it('uses the Stripe provider when keys are configured', () => {
    expect(app.ctx.payments.kind).toBe('stripe');
  });

  it('refuses a bad or missing signature and changes nothing; processes a good one', async () => {
    const eng = await createUser(app, { role: 'engineer' });
    const accountId = 'acct_1TestStripeMode';
    await app.ctx.db.insert(payoutAccounts).values({
      userId: eng.id,
      provider: 'stripe',
      providerAccountId: accountId,
      country: 'US',
      email: eng.email,
    });
    const payload = event(accountId, true);
    const row = async () =>
      (
        await app.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.providerAccountId, accountId))
      )[0];

    const missing = await post(payload);
    expect(missing.statusCode).toBe(400);
    const forged = await post(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Invalid webhook signature.');
    // Signed, but the body was changed afterwards.
    const tampered = await post(
      payload.replace('"payouts_enabled":true', '"payouts_enabled":false'),
      Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(tampered.statusCode).toBe(400);
    expect((await row()).payoutsEnabled).toBe(false);

    const good = await post(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: true });
    expect(await row()).toMatchObject({ payoutsEnabled: true, detailsSubmitted: true });

    // Delivered twice: still fine.
    const replay = await post(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(replay.statusCode).toBe(200);
    // Out of order: an older event does not undo the newer state.
    const stale = event(accountId, false, Math.floor(Date.now() / 1000) - 3600);
    expect(
      (
        await post(
          stale,
          Stripe.webhooks.generateTestHeaderString({ payload: stale, secret: WEBHOOK_SECRET }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await row()).payoutsEnabled).toBe(true);

    // Events nobody handles, and unknown accounts, are acknowledged and ignored.
    const other = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: {} },
    });
    expect(
      (
        await post(
          other,
          Stripe.webhooks.generateTestHeaderString({ payload: other, secret: WEBHOOK_SECRET }),
        )
      ).statusCode,
    ).toBe(200);
    const unknown = event('acct_unknown', true);
    expect(
      (
        await post(
          unknown,
          Stripe.webhooks.generateTestHeaderString({ payload: unknown, secret: WEBHOOK_SECRET }),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('does not serve the test-mode onboarding pages', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/stripe/test-onboarding/acct_test_x?token=1.a' });
    expect(res.statusCode).toBe(404);
  });
});
