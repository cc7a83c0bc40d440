// Payment provider events (Stripe webhooks, or test mode's pages) reach the product
// here. Each feature registers the event types it handles; an event nobody handles is
// acknowledged and ignored. Handlers must be idempotent and tolerate events arriving
// twice or out of order: providers retry and do not promise ordering.
import type { PaymentEvent } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';

export type PaymentEventHandler = (ctx: AppContext, event: PaymentEvent) => Promise<void>;

const handlers = new Map<string, PaymentEventHandler[]>();

export function onPaymentEvent(type: string, handler: PaymentEventHandler): void {
  const list = handlers.get(type) ?? [];
  if (!list.includes(handler)) list.push(handler);
  handlers.set(type, list);
}

/** Runs the handlers of the event's type; answers whether any handled it. */
export async function handlePaymentEvent(ctx: AppContext, event: PaymentEvent): Promise<boolean> {
  const list = handlers.get(event.type) ?? [];
  for (const handler of list) await handler(ctx, event);
  return list.length > 0;
}
