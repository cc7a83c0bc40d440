// The payment provider's interface and what both implementations share.
import type { PayoutCountry } from '@app/shared';
import type { Config } from '../../config.ts';

/** What the product needs to know about a connected (payout) account. */
export type ConnectedAccountState = { payoutsEnabled: boolean; detailsSubmitted: boolean };

/**
 * A provider event as the product reads it: Stripe's event envelope (`id`, `type`,
 * `created` in Unix seconds, `data.object`). Test mode builds the same shape.
 */
export type PaymentEvent = {
  id: string;
  type: string;
  created: number;
  /** The connected account the event is about (Connect events). */
  account?: string | null;
  data: { object: Record<string, unknown> };
};

export interface PaymentsProvider {
  readonly kind: 'stripe' | 'test';
  /** Opens a Connect Express account for an engineer; answers its provider id. */
  createConnectedAccount(input: { email: string; country: PayoutCountry }): Promise<string>;
  /** A one-time onboarding address; it returns to /#/onboarding/complete or /#/onboarding/refresh. */
  createOnboardingLink(accountId: string): Promise<string>;
  /** A one-time address of the provider's dashboard for that account. */
  createLoginLink(accountId: string): Promise<string>;
  retrieveAccount(accountId: string): Promise<ConnectedAccountState>;
  /** Verifies a webhook's signature over the raw body; throws WebhookSignatureError when it does not match. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

/** A webhook whose signature does not verify: answered 400, changes nothing. */
export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature.') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A provider call that failed; `message` is the provider's own explanation when it gave one. */
export class PaymentProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export const onboardingReturnUrls = (config: Config) => ({
  returnUrl: `${config.publicUrl}/#/onboarding/complete`,
  refreshUrl: `${config.publicUrl}/#/onboarding/refresh`,
});
