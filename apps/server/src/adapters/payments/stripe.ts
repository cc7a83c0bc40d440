// Stripe mode: Connect Express accounts, account links and login links, Checkout
// Sessions, Refunds, Transfers (payouts) and signed webhooks through the official SDK.
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import {
  onboardingReturnUrls,
  type PaymentEvent,
  PaymentProviderError,
  type PaymentsProvider,
  readCheckoutSession,
  readRefund,
  readTransfer,
  WebhookSignatureError,
} from './types.ts';

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      // Stripe's messages for invalid requests explain the problem to a person
      // (unsupported country, e-mail rejected...); others are not theirs to read.
      const refused = err.type === 'StripeInvalidRequestError' || err.type === 'StripeCardError';
      throw new PaymentProviderError(
        refused ? err.message : 'The payment provider could not be reached. Try again later.',
        !refused,
      );
    }
    throw err;
  }
}

export interface StripePaymentsProvider extends PaymentsProvider {
  readonly kind: 'stripe';
  /** The SDK client, for what the interface does not cover yet. */
  readonly stripe: Stripe;
}

/** The SDK's host/port/protocol for another Stripe API (a local double in tests). */
function apiLocation(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const u = new URL(apiUrl);
  return {
    host: u.hostname,
    port: u.port || (u.protocol === 'http:' ? 80 : 443),
    protocol: u.protocol === 'http:' ? ('http' as const) : ('https' as const),
  };
}

export function createStripeProvider(
  config: Config,
  keys: NonNullable<Config['stripe']>,
): StripePaymentsProvider {
  const stripe = new Stripe(keys.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...apiLocation(keys.apiUrl),
  });
  const urls = onboardingReturnUrls(config);
  return {
    kind: 'stripe',
    stripe,
    async createConnectedAccount({ email, country }) {
      const account = await call(() =>
        stripe.accounts.create({
          type: 'express',
          country,
          email,
          capabilities: { transfers: { requested: true } },
          // The platform pays engineers out by transfers only; outside the US the
          // recipient agreement lets an account receive transfers without card payments.
          ...(country === 'US' ? {} : { tos_acceptance: { service_agreement: 'recipient' } }),
          business_type: 'individual',
        }),
      );
      return account.id;
    },
    async createOnboardingLink(accountId) {
      const link = await call(() =>
        stripe.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: urls.returnUrl,
          refresh_url: urls.refreshUrl,
        }),
      );
      return link.url;
    },
    async createLoginLink(accountId) {
      const link = await call(() => stripe.accounts.createLoginLink(accountId));
      return link.url;
    },
    async retrieveAccount(accountId) {
      const account = await call(() => stripe.accounts.retrieve(accountId));
      return { payoutsEnabled: !!account.payouts_enabled, detailsSubmitted: !!account.details_submitted };
    },
    async createCheckoutSession(input) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency,
                  unit_amount: input.amountCents,
                  product_data: { name: input.productName, description: input.description },
                },
              },
            ],
            customer_email: input.customerEmail,
            client_reference_id: input.clientReferenceId,
            metadata: input.metadata,
            payment_intent_data: { transfer_group: input.transferGroup, metadata: input.metadata },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return readCheckoutSession(session as unknown as Record<string, unknown>);
    },
    async retrieveCheckoutSession(sessionId) {
      const session = await call(() => stripe.checkout.sessions.retrieve(sessionId));
      return readCheckoutSession(session as unknown as Record<string, unknown>);
    },
    async expireCheckoutSession(sessionId) {
      await call(() => stripe.checkout.sessions.expire(sessionId));
    },
    async createRefund(input) {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: input.paymentIntentId, amount: input.amountCents, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return readRefund(refund as unknown as Record<string, unknown>);
    },
    async retrieveRefund(refundId) {
      const refund = await call(() => stripe.refunds.retrieve(refundId));
      return readRefund(refund as unknown as Record<string, unknown>);
    },
    async createTransfer(input) {
      const transfer = await call(() =>
        stripe.transfers.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            destination: input.destination,
            transfer_group: input.transferGroup,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return readTransfer(transfer as unknown as Record<string, unknown>);
    },
    async findTransfer({ transferGroup, payoutId, attempt }) {
      // A project has one payment and so a handful of transfers at most.
      for await (const t of stripe.transfers.list({ transfer_group: transferGroup, limit: 100 })) {
        if (t.metadata?.payout_id === payoutId && t.metadata?.attempt === String(attempt))
          return readTransfer(t as unknown as Record<string, unknown>);
      }
      return null;
    },
    parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
      // Each webhook endpoint (Connect events, the platform's own) has its own secret.
      for (const secret of keys.webhookSecrets) {
        try {
          return stripe.webhooks.constructEvent(rawBody, signature, secret) as unknown as PaymentEvent;
        } catch {}
      }
      throw new WebhookSignatureError();
    },
  };
}
