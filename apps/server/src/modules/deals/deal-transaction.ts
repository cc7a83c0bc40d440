// How every deal operation runs: one transaction in which it locks, checks, moves the deal and
// emits its events; the events are written to the outbox in that transaction (and the record
// appended), and after the commit the other handlers run before the operation answers, so the
// caller's next read already sees the notifications. A process that stops in between leaves
// the events to the deals job, which handles each the same way, exactly once.
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { type DealEvent, dispatchEvents, type Emitter, writeEvents } from './deal-events.ts';
import { dealById } from './deal-rows.ts';
import { DEAL_EVENT_HANDLERS } from './handlers/index.ts';

/** Runs `work` in a transaction whose emitted events are handled once it commits. */
export async function dealTransaction<T>(
  ctx: AppContext,
  work: (tx: Tx, events: Emitter) => Promise<T>,
): Promise<T> {
  const { result, ids } = await ctx.transaction(async (tx) => {
    const emitted: Array<{ event: DealEvent; dedupeKey?: string }> = [];
    const result = await work(tx, {
      emit: (event, opts) => emitted.push({ event, dedupeKey: opts?.dedupeKey }),
    });
    // Last in the transaction: the record's advisory lock is taken after every row lock.
    const ids = await writeEvents(ctx, tx, emitted, DEAL_EVENT_HANDLERS, dealById);
    return { result, ids };
  });
  await dispatchEvents(ctx, ids, DEAL_EVENT_HANDLERS, dealById);
  return result;
}

/** Handles events that some handler has not (a stopped process); run by the deals job. */
export async function dispatchPending(ctx: AppContext, ids: readonly string[]): Promise<void> {
  await dispatchEvents(ctx, ids, DEAL_EVENT_HANDLERS, dealById);
}
