// A verified provider event is handled here: recorded by its id and handled in one
// transaction, so an event delivered twice (providers retry) takes effect once, and a handler
// that fails leaves no trace (the provider retries it later). The table below is every event
// type the product acts on and who handles it; events not listed are acknowledged and ignored.
// Stripe's webhook endpoints must send exactly these types (docs/PAYMENTS.md).
import {
  type PaymentEvent,
  readCheckoutSession,
  readDeclinedPayment,
  readRefund,
} from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { providerEvents } from '../../db/schema/index.ts';
import { handleAccountUpdated } from '../connect/index.ts';
import { handleTransferReversed } from '../payouts/index.ts';
import { completeCheckout, declineCheckout, failCheckout } from './complete-checkout.ts';
import { applyRefundEvent } from './complete-refund.ts';
import type { Emitter } from './deal-events.ts';
import { dealTransaction } from './deal-transaction.ts';

export type EventHandler = (ctx: AppContext, tx: Tx, events: Emitter, event: PaymentEvent) => Promise<void>;

const checkoutPaid: EventHandler = (ctx, tx, events, event) =>
  completeCheckout(ctx, tx, events, readCheckoutSession(event.data.object), new Date(event.created * 1000));
const checkoutEnded: EventHandler = (ctx, tx, _events, event) =>
  failCheckout(ctx, tx, readCheckoutSession(event.data.object));
const refundChanged: EventHandler = (ctx, tx, events, event) =>
  applyRefundEvent(ctx, tx, events, readRefund(event.data.object));

export const EVENT_HANDLERS: Readonly<Record<string, EventHandler>> = {
  // Payout accounts (Connect).
  'account.updated': (ctx, tx, _events, event) => handleAccountUpdated(ctx, tx, event),
  // Checkout (the client's payment into escrow).
  'checkout.session.completed': checkoutPaid,
  'checkout.session.async_payment_succeeded': checkoutPaid,
  'checkout.session.expired': checkoutEnded,
  'checkout.session.async_payment_failed': checkoutEnded,
  'payment_intent.payment_failed': (ctx, tx, _events, event) =>
    declineCheckout(ctx, tx, readDeclinedPayment(event.data.object)),
  // Refunds.
  'refund.created': refundChanged,
  'refund.updated': refundChanged,
  'refund.failed': refundChanged,
  // Payouts (transfers to engineers' connected accounts).
  'transfer.reversed': (ctx, tx, _events, event) => handleTransferReversed(ctx, tx, event),
};

export type EventOutcome = 'handled' | 'duplicate' | 'ignored';

export async function handleProviderEvent(ctx: AppContext, event: PaymentEvent): Promise<EventOutcome> {
  const handler = EVENT_HANDLERS[event.type];
  if (!handler) return 'ignored';
  return dealTransaction(ctx, async (tx, events) => {
    const [fresh] = await tx
      .insert(providerEvents)
      .values({ id: event.id, type: event.type, providerCreatedAt: new Date(event.created * 1000) })
      // A concurrent delivery of the same event waits here until the first commits.
      .onConflictDoNothing({ target: providerEvents.id })
      .returning({ id: providerEvents.id });
    if (!fresh) return 'duplicate';
    await handler(ctx, tx, events, event);
    return 'handled';
  });
}
