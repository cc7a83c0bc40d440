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

/** What the product asks of a card checkout (Stripe Checkout in payment mode). */
export type CheckoutSessionInput = {
  amountCents: number;
  currency: string;
  productName: string;
  description: string;
  customerEmail: string;
  /** Our payment's id, echoed back by the provider. */
  clientReferenceId: string;
  metadata: Record<string, string>;
  /** Groups the later transfers to the engineer with this charge (the project). */
  transferGroup: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** The same key always answers the same session, so a retried call never opens a second one. */
  idempotencyKey: string;
};

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

export type CheckoutSession = {
  id: string;
  /** Where the client pays (null once the session is no longer open). */
  url: string | null;
  status: CheckoutSessionStatus;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  paymentIntentId: string | null;
  amountTotal: number;
  currency: string;
  metadata: Record<string, string>;
  expiresAt: Date;
};

export type RefundInput = {
  paymentIntentId: string;
  amountCents: number;
  metadata: Record<string, string>;
  idempotencyKey: string;
};

/** A refund as the provider reports it (Stripe's refund statuses). */
export type ProviderRefund = {
  id: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  amountCents: number;
  paymentIntentId: string | null;
  metadata: Record<string, string>;
  failureReason: string | null;
};

/** Money sent from the platform's balance to an engineer's connected account (a payout). */
export type TransferInput = {
  amountCents: number;
  currency: string;
  /** The connected account's provider id. */
  destination: string;
  /** The project, as on its payment: ties the transfer to the charge it comes from. */
  transferGroup: string;
  /** Our payout's id and attempt, echoed back and used to find the transfer again. */
  metadata: { payout_id: string; attempt: string } & Record<string, string>;
  /** The same key always answers the same transfer. */
  idempotencyKey: string;
};

export type ProviderTransfer = {
  id: string;
  amountCents: number;
  destination: string;
  /** True once the whole transfer has been taken back. */
  reversed: boolean;
  metadata: Record<string, string>;
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
  /** Opens a card checkout; the same idempotency key answers the same session. */
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSession>;
  /** Stops an open session from taking payment (its `checkout.session.expired` event follows). */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /**
   * Refunds (part of) a payment; the same idempotency key answers the same refund, as it was
   * answered then (Stripe replays the first response).
   */
  createRefund(input: RefundInput): Promise<ProviderRefund>;
  /** A refund as it stands now: how a refund still pending learns that it ended. */
  retrieveRefund(refundId: string): Promise<ProviderRefund>;
  /** Sends money to a connected account; the same idempotency key answers the same transfer. */
  createTransfer(input: TransferInput): Promise<ProviderTransfer>;
  /**
   * The transfer of a payout attempt, if the provider made one: how a run that stopped
   * between sending and recording learns what happened, even after idempotency keys expire.
   */
  findTransfer(query: {
    transferGroup: string;
    payoutId: string;
    attempt: number;
  }): Promise<ProviderTransfer | null>;
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

/**
 * A provider call that failed; `message` is the provider's own explanation when it gave
 * one. `retryable`: the provider could not be reached or had a problem of its own, so the
 * call may have taken effect and should be repeated (with the same idempotency key),
 * not treated as refused.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** Reads a Checkout Session as the provider sends it (API answers and event objects alike). */
export function readCheckoutSession(s: Record<string, unknown>): CheckoutSession {
  const pi = s.payment_intent;
  return {
    id: String(s.id),
    url: typeof s.url === 'string' ? s.url : null,
    status: s.status === 'complete' || s.status === 'expired' ? s.status : 'open',
    paymentStatus:
      s.payment_status === 'paid' || s.payment_status === 'no_payment_required' ? s.payment_status : 'unpaid',
    paymentIntentId:
      typeof pi === 'string'
        ? pi
        : pi && typeof pi === 'object' && typeof (pi as { id?: unknown }).id === 'string'
          ? (pi as { id: string }).id
          : null,
    amountTotal: typeof s.amount_total === 'number' ? s.amount_total : -1,
    currency: typeof s.currency === 'string' ? s.currency : '',
    metadata: stringRecord(s.metadata),
    expiresAt: new Date((typeof s.expires_at === 'number' ? s.expires_at : 0) * 1000),
  };
}

/** A card the client tried at checkout was declined (Stripe's `payment_intent.payment_failed`). */
export type DeclinedPayment = {
  paymentIntentId: string;
  /** Ours, copied onto the intent when the checkout was opened. */
  metadata: Record<string, string>;
  /** What the provider told the client ('Your card was declined.'). */
  message: string | null;
};

/** Reads a failed PaymentIntent as the provider sends it. */
export function readDeclinedPayment(p: Record<string, unknown>): DeclinedPayment {
  const error = p.last_payment_error;
  const message =
    error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
      ? (error as { message: string }).message
      : null;
  return { paymentIntentId: String(p.id), metadata: stringRecord(p.metadata), message };
}

/** Reads a Refund as the provider sends it. */
export function readRefund(r: Record<string, unknown>): ProviderRefund {
  const pi = r.payment_intent;
  const status = r.status;
  return {
    id: String(r.id),
    status:
      status === 'succeeded' ||
      status === 'failed' ||
      status === 'canceled' ||
      status === 'requires_action' ||
      status === 'pending'
        ? status
        : 'pending',
    amountCents: typeof r.amount === 'number' ? r.amount : 0,
    paymentIntentId:
      typeof pi === 'string' ? pi : pi && typeof pi === 'object' ? String((pi as { id?: unknown }).id) : null,
    metadata: stringRecord(r.metadata),
    failureReason: typeof r.failure_reason === 'string' ? r.failure_reason : null,
  };
}

/** Reads a Transfer as the provider sends it. */
export function readTransfer(t: Record<string, unknown>): ProviderTransfer {
  const destination = t.destination;
  return {
    id: String(t.id),
    amountCents: typeof t.amount === 'number' ? t.amount : 0,
    destination:
      typeof destination === 'string'
        ? destination
        : destination && typeof destination === 'object'
          ? String((destination as { id?: unknown }).id)
          : '',
    reversed: t.reversed === true,
    metadata: stringRecord(t.metadata),
  };
}

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

export const onboardingReturnUrls = (config: Config) => ({
  returnUrl: `${config.publicUrl}/#/onboarding/complete`,
  refreshUrl: `${config.publicUrl}/#/onboarding/refresh`,
});
