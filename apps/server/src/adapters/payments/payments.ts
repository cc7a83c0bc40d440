// The card payment provider, behind one interface: Stripe (official SDK) when
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, otherwise a built-in test mode
// with its own onboarding page that feeds the same event handler as Stripe's webhooks.
// Connect (payout accounts), Checkout, Refunds and Transfers (payouts): each a method of
// PaymentsProvider, implemented by both sides.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createStripeProvider, type StripePaymentsProvider } from './stripe.ts';
import { createTestProvider, type TestPaymentsProvider } from './test-provider.ts';

export * from './types.ts';

/** The provider on AppContext: narrow on `kind` for what only one side offers. */
export type Payments = StripePaymentsProvider | TestPaymentsProvider;

export function createPayments(config: Config, db: Db): Payments {
  if (config.stripe) return createStripeProvider(config, config.stripe);
  return createTestProvider(config, db);
}
