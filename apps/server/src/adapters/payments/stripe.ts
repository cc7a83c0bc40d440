// Stripe mode: Connect Express accounts, account links, login links and signed
// webhooks through the official SDK.
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import {
  onboardingReturnUrls,
  type PaymentEvent,
  PaymentProviderError,
  type PaymentsProvider,
  WebhookSignatureError,
} from './types.ts';

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      // Stripe's messages for invalid requests explain the problem to a person
      // (unsupported country, e-mail rejected...); others are not theirs to read.
      const message =
        err.type === 'StripeInvalidRequestError' || err.type === 'StripeCardError'
          ? err.message
          : 'The payment provider could not be reached. Try again later.';
      throw new PaymentProviderError(message);
    }
    throw err;
  }
}

export interface StripePaymentsProvider extends PaymentsProvider {
  readonly kind: 'stripe';
  /** The SDK client, for what the interface does not cover yet. */
  readonly stripe: Stripe;
}

export function createStripeProvider(
  config: Config,
  keys: { secretKey: string; webhookSecret: string },
): StripePaymentsProvider {
  const stripe = new Stripe(keys.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
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
    parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
      try {
        return stripe.webhooks.constructEvent(
          rawBody,
          signature,
          keys.webhookSecret,
        ) as unknown as PaymentEvent;
      } catch {
        throw new WebhookSignatureError();
      }
    },
  };
}
