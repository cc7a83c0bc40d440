// Every provider event the product acts on, and who handles it: the one table of
// event type -> handler. Each handler runs inside the transaction that records the
// event (events.ts), so it takes effect exactly once; each is also written to be
// harmless when events arrive out of order. Events not listed are acknowledged and
// ignored. Stripe's webhook endpoints must send exactly these types (docs/PAYMENTS.md).
import { type PaymentEvent, readCheckoutSession, readRefund } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { handleAccountUpdated } from '../connect/connect.service.ts';
import { handleTransferReversed } from '../payouts/payouts.events.ts';
import { completeCheckout, failCheckout } from './complete-checkout.ts';
import { applyRefundEvent } from './complete-refund.ts';

export type EventHandler = (ctx: AppContext, tx: Tx, event: PaymentEvent) => Promise<void>;

const checkoutPaid: EventHandler = (ctx, tx, event) =>
  completeCheckout(ctx, tx, readCheckoutSession(event.data.object), new Date(event.created * 1000));
const checkoutEnded: EventHandler = (ctx, tx, event) =>
  failCheckout(ctx, tx, readCheckoutSession(event.data.object));
const refundChanged: EventHandler = (ctx, tx, event) =>
  applyRefundEvent(ctx, tx, readRefund(event.data.object));

export const EVENT_HANDLERS: Readonly<Record<string, EventHandler>> = {
  // Payout accounts (Connect).
  'account.updated': handleAccountUpdated,
  // Checkout (the client's payment into escrow).
  'checkout.session.completed': checkoutPaid,
  'checkout.session.async_payment_succeeded': checkoutPaid,
  'checkout.session.expired': checkoutEnded,
  'checkout.session.async_payment_failed': checkoutEnded,
  // Refunds.
  'refund.created': refundChanged,
  'refund.updated': refundChanged,
  'refund.failed': refundChanged,
  // Payouts (transfers to engineers' connected accounts).
  'transfer.reversed': handleTransferReversed,
};
