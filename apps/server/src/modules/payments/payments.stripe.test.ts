// Stripe mode, end to end through the official SDK against a local fake of Stripe's API:
// what the product asks Stripe for, and what Stripe's signed events do — delivered once,
// twice, out of order, late, or forged.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, providerEvents, refunds } from '../../db/schema/index.ts';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts';
import {
  checkout,
  expectLedgerHolds,
  openDeal,
  PAYMENT_MESSAGES,
  type Person,
  paymentOf,
} from '../../test/fixtures/payments.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { runDealsJob as runPaymentsJob } from '../deals/index.ts';
import { accounts, balanceOf } from '../ledger/index.ts';

const SECRET = 'whsec_stripe_mode_test_secret';
const CONNECT_SECRET = 'whsec_connect_endpoint_secret';
let app: TestApp;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  app = await createTestApp({
    stripe: { secretKey: 'sk_test_fake', webhookSecrets: [CONNECT_SECRET, SECRET], apiUrl: fake.url },
  });
});
afterAll(async () => {
  await app.dispose();
  await fake.close();
});

const deliver = (payload: string, secret = SECRET) =>
  app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });

async function startPaying(amount = 500_00, extra: number[] = []) {
  const deal = await openDeal(app, [amount, ...extra]);
  const res = await checkout(app, deal.client, {
    projectId: deal.projectId,
    proposalId: deal.offers[0].proposalId,
    amount,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [payment] = await paymentOf(app, deal.offers[0].proposalId);
  return { ...deal, url: res.json().url as string, payment, sessionId: payment.checkoutSessionId as string };
}

const projectStatus = async (id: string) =>
  (await app.ctx.db.select({ s: projects.status }).from(projects).where(eq(projects.id, id)))[0].s;

describe('Stripe Checkout', () => {
  it('opens a payment-mode session for the proposal, keyed by the payment', async () => {
    const { url, payment, projectId, offers } = await startPaying(500_00);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const call = fake.calls.find(
      (c) => c.path === '/v1/checkout/sessions' && c.body.client_reference_id === payment.id,
    );
    expect(call?.idempotencyKey).toBe(`checkout:${payment.id}`);
    expect(call?.body).toMatchObject({
      mode: 'payment',
      success_url: `${app.ctx.config.publicUrl}/#/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${app.ctx.config.publicUrl}/#/cancel`,
      metadata: { payment_id: payment.id, project_id: projectId, proposal_id: offers[0].proposalId },
      payment_intent_data: { transfer_group: projectId },
      line_items: { 0: { quantity: '1', price_data: { currency: 'usd', unit_amount: '50000' } } },
    });
    expect(Number(call?.body.expires_at) * 1000).toBeGreaterThan(Date.now() + 25 * 60 * 1000);
  });

  it('makes the deal on the signed completed event, once, however often it arrives', async () => {
    const { projectId, sessionId, payment } = await startPaying(320_00);
    const event = fake.event('checkout.session.completed', fake.pay(sessionId));
    // Forged or tampered: refused, nothing changes.
    expect((await deliver(event, 'whsec_someone_else')).statusCode).toBe(400);
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: event, secret: SECRET }),
      },
      payload: event.replace('"amount_total":32000', '"amount_total":1'),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await paymentOf(app, payment.proposalId as string))[0].status).toBe('pending');

    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await deliver(event)).statusCode).toBe(200);
    const [after] = await paymentOf(app, payment.proposalId as string);
    expect(after.status).toBe('succeeded');
    expect(after.paymentIntentId).toMatch(/^pi_/);
    expect(await projectStatus(projectId)).toBe('assigned');
    const recorded = await app.ctx.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.id, JSON.parse(event).id));
    expect(recorded).toHaveLength(1);
    await expectLedgerHolds(app);

    // A late "expired" for the same session changes nothing.
    expect(
      (
        await deliver(
          fake.event('checkout.session.expired', { ...fake.sessions.get(sessionId), status: 'expired' }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await paymentOf(app, payment.proposalId as string))[0].status).toBe('succeeded');
  });

  it('fails a payment whose session expired; a paid one after that is refunded, not honoured', async () => {
    const { projectId, sessionId, payment } = await startPaying(210_00);
    const expiredSession = fake.expire(sessionId);
    expect((await deliver(fake.event('checkout.session.expired', expiredSession))).statusCode).toBe(200);
    const [failed] = await paymentOf(app, payment.proposalId as string);
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'expired' });
    expect(await projectStatus(projectId)).toBe('open');

    // Out of order: Stripe says it was paid after all. The money came in, so it is captured
    // and refunded in full; the deal is not made by a payment the product had closed.
    expiredSession.status = 'open';
    const paid = fake.pay(sessionId);
    expect((await deliver(fake.event('checkout.session.completed', paid))).statusCode).toBe(200);
    const [late] = await paymentOf(app, payment.proposalId as string);
    expect(late).toMatchObject({ status: 'succeeded', honouredAt: null });
    expect(await projectStatus(projectId)).toBe('open');
    await expect
      .poll(
        async () =>
          (await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id)))[0]
            ?.providerRefundId,
      )
      .toMatch(/^re_/);
    const [refund] = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(refund.reason).toBe('not_honoured');
    const stripeRefund = fake.refunds.get(refund.providerRefundId as string);
    expect(stripeRefund).toMatchObject({ amount: 210_00, payment_intent: late.paymentIntentId });
    expect(
      (await deliver(fake.event('refund.created', stripeRefund as Record<string, unknown>))).statusCode,
    ).toBe(200);
    const [refunded] = await paymentOf(app, payment.proposalId as string);
    expect(refunded.status).toBe('refunded');
    expect(await projectStatus(projectId)).toBe('open');
    await expectLedgerHolds(app);
  });

  it('shows a declined card as failed, and honours the same checkout paid with another card', async () => {
    const { projectId, sessionId, payment } = await startPaying(260_00);
    const session = fake.sessions.get(sessionId) as {
      payment_intent_data: { metadata: Record<string, string> };
    };
    const intent = {
      id: 'pi_declined_once',
      object: 'payment_intent',
      status: 'requires_payment_method',
      // Stripe copies the session's payment_intent_data.metadata onto the intent.
      metadata: session.payment_intent_data.metadata,
      last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    };
    const declined = fake.event('payment_intent.payment_failed', intent);
    expect((await deliver(declined)).statusCode).toBe(200);
    expect((await deliver(declined)).statusCode).toBe(200);
    expect((await paymentOf(app, payment.proposalId as string))[0]).toMatchObject({
      status: 'failed',
      failureReason: 'card_declined',
    });
    expect(
      (await app.inject({ method: 'GET', url: `/api/payments/verify-session/${sessionId}` })).json(),
    ).toEqual({ status: 'open' });

    await deliver(fake.event('checkout.session.completed', fake.pay(sessionId)));
    const [paid] = await paymentOf(app, payment.proposalId as string);
    expect(paid.status).toBe('succeeded');
    expect(paid.honouredAt).not.toBeNull();
    expect(await projectStatus(projectId)).toBe('assigned');
    await expectLedgerHolds(app);
  });

  /** A deal paid through Stripe whose client asks for the refund: the refund's answer. */
  async function paidThenRefunding(amount: number) {
    const { client, projectId, sessionId, payment } = await startPaying(amount);
    await deliver(fake.event('checkout.session.completed', fake.pay(sessionId)));
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/refund',
      headers: client.auth,
      payload: { paymentId: payment.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { res, projectId, payment };
  }

  it('refunds through Stripe with the refund as idempotency key; the event completes it', async () => {
    const { res, projectId, payment } = await paidThenRefunding(150_00);
    // Stripe has the refund; the product waits for its event.
    expect(res.json().message).toBe(PAYMENT_MESSAGES.refundRequested);
    expect(res.json().payment).toMatchObject({
      status: 'succeeded',
      refund_status: 'pending',
      refundable: false,
    });
    const [refund] = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    const call = fake.calls.find(
      (c) => c.path === '/v1/refunds' && c.idempotencyKey === `refund:${refund.id}`,
    );
    expect(call?.body).toMatchObject({
      amount: '15000',
      metadata: { refund_id: refund.id, payment_id: payment.id },
    });

    const stripeRefund = fake.refunds.get(refund.providerRefundId as string) as Record<string, unknown>;
    const created = fake.event('refund.created', stripeRefund);
    expect((await deliver(created)).statusCode).toBe(200);
    expect((await deliver(created)).statusCode).toBe(200);
    expect((await deliver(fake.event('refund.updated', stripeRefund))).statusCode).toBe(200);
    expect((await paymentOf(app, payment.proposalId as string))[0].status).toBe('refunded');
    expect(await projectStatus(projectId)).toBe('open');
    await expectLedgerHolds(app);
  });

  it('reads back by id a refund Stripe holds pending when its events are lost, until it ends', async () => {
    const { projectId, payment } = await paidThenRefunding(120_00);
    const [refund] = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    const atStripe = fake.refunds.get(refund.providerRefundId as string) as Record<string, unknown>;
    atStripe.status = 'pending'; // as Stripe holds some refunds for days; no event reaches us
    const minutes = (n: number) => new Date(Date.now() + n * 60 * 1000);
    const posts = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds').length;
    const postsBefore = posts();

    await runPaymentsJob(app.ctx, { now: minutes(11) });
    expect(
      fake.calls.filter((c) => c.method === 'GET' && c.path === `/v1/refunds/${atStripe.id}`),
    ).toHaveLength(1);
    expect(posts()).toBe(postsBefore);
    expect((await paymentOf(app, payment.proposalId as string))[0].status).toBe('succeeded');
    // Asked just now: the next run does not ask again.
    await runPaymentsJob(app.ctx, { now: minutes(12) });
    expect(
      fake.calls.filter((c) => c.method === 'GET' && c.path === `/v1/refunds/${atStripe.id}`),
    ).toHaveLength(1);

    atStripe.status = 'succeeded';
    await runPaymentsJob(app.ctx, { now: minutes(22) });
    expect((await paymentOf(app, payment.proposalId as string))[0].status).toBe('refunded');
    expect(await projectStatus(projectId)).toBe('open');
    expect(await balanceOf(app.ctx.db, accounts.escrow(projectId))).toBe(0);
    await expectLedgerHolds(app);
  });

  it('keeps a refund pending when Stripe cannot be reached, and the job sends it later', async () => {
    const { client, sessionId, payment } = await startPaying(90_00);
    await deliver(fake.event('checkout.session.completed', fake.pay(sessionId)));
    fake.failNext(3, 500); // the SDK tries three times
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/refund',
      headers: client.auth,
      payload: { paymentId: payment.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment.refund_status).toBe('pending');
    const [waiting] = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(waiting.providerRefundId).toBeNull();

    await runPaymentsJob(app.ctx, { refundRetryAfterMs: 0 });
    const [sent] = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(sent.providerRefundId).toMatch(/^re_/);
    // Every attempt used the same key: Stripe refunds once.
    const keys = new Set(
      fake.calls
        .filter(
          (c) =>
            c.path === '/v1/refunds' &&
            c.body.metadata &&
            (c.body.metadata as Record<string, string>).refund_id === sent.id,
        )
        .map((c) => c.idempotencyKey),
    );
    expect([...keys]).toEqual([`refund:${sent.id}`]);
  });

  it('answers a clear error and keeps nothing live when Stripe refuses the checkout', async () => {
    const deal = await openDeal(app, [60_00]);
    fake.failNext(1, 400, 'Your account cannot currently make live charges.');
    const res = await checkout(app, deal.client as Person, {
      projectId: deal.projectId,
      proposalId: deal.offers[0].proposalId,
      amount: 60_00,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toContain('Your account cannot currently make live charges.');
    const [payment] = await paymentOf(app, deal.offers[0].proposalId);
    expect(payment).toMatchObject({ status: 'failed', failureReason: 'provider_error' });
    // Trying again works.
    const again = await checkout(app, deal.client, {
      projectId: deal.projectId,
      proposalId: deal.offers[0].proposalId,
      amount: 60_00,
    });
    expect(again.statusCode).toBe(200);
  });

  it('verifies events against each configured endpoint secret and ignores unknown types', async () => {
    const other = fake.event('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await deliver(other)).statusCode).toBe(200);
    expect((await deliver(other, CONNECT_SECRET)).statusCode).toBe(200);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: other,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing Stripe-Signature header.');
    const notJson = 'not json';
    expect((await deliver(notJson)).statusCode).toBe(400);
    const noEnvelope = JSON.stringify({ hello: 'world' });
    expect((await deliver(noEnvelope)).statusCode).toBe(400);
  });
});
