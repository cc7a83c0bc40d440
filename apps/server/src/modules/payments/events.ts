// A verified provider event is handled here: recorded by its id and handled in one
// transaction, so an event delivered twice (providers retry) takes effect once, and a
// handler that fails leaves no trace (the provider retries it later).
import type { PaymentEvent } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import { providerEvents } from '../../db/schema/index.ts';
import { EVENT_HANDLERS } from './event-handlers.ts';

export type EventOutcome = 'handled' | 'duplicate' | 'ignored';

export async function handleProviderEvent(ctx: AppContext, event: PaymentEvent): Promise<EventOutcome> {
  const handler = EVENT_HANDLERS[event.type];
  if (!handler) return 'ignored';
  return ctx.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(providerEvents)
      .values({
        id: event.id,
        type: event.type,
        providerCreatedAt: new Date(event.created * 1000),
      })
      // A concurrent delivery of the same event waits here until the first commits.
      .onConflictDoNothing({ target: providerEvents.id })
      .returning({ id: providerEvents.id });
    if (!fresh) return 'duplicate';
    await handler(ctx, tx, event);
    return 'handled';
  });
}
