// Typed domain events of deals. An operation emits them inside its transaction; they are
// written to the outbox (deal_events) with it, so they exist if and only if the change
// committed. Then:
// - the project record's handler runs inside that same transaction (the record must never
//   miss a committed change, and keeps the order of the changes);
// - the other handlers (notifications, mail, realtime) run after the commit, each exactly once
//   per event (deal_event_handlings), at once and again from the deals job if a process
//   stopped in between. Each handler is a file of its own in handlers/.
import type { SettleOutcome } from '@app/shared';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type DealEventRow, type DealRow, dealEventHandlings, dealEvents } from '../../db/schema/index.ts';

/** Who did it, as the texts name them. */
export type DealEventActor = 'client' | 'engineer' | 'staff' | 'provider' | 'timer';

type Base = { projectId: string; dealId: string | null; actorId: string | null };

/** A deliverable as its events carry it: the exact file and what its signatures said. */
type Delivered = {
  submissionId: string;
  title: string;
  fileSha256: string;
  signature: string;
  /** The seal verdict (docs/DELIVERABLES.md), kept in the record with the file's SHA-256. */
  seal: string | null;
  signedBy: string | null;
  /** The name the engineer's file had (null when an edit kept the file). */
  fileName: string | null;
};

export type DealEvent = Base &
  (
    | { type: 'DealPaid'; paymentId: string; amountCents: number; notSelectedEngineerIds: string[] }
    | { type: 'LatePaymentRefunding'; paymentId: string; amountCents: number; clientId: string }
    | { type: 'RefundRequested'; by: 'client' | 'staff'; amountCents: number }
    | {
        type: 'DealRefunded';
        by: DealEventActor;
        clientId: string;
        /** The client's part back (the whole payment, or a split's rest). */
        clientRefundCents: number;
        /** A split's engineer net and the platform's fee on it; 0 for a full refund. */
        engineerCents: number;
        platformFeeCents: number;
        outcome: 'refunded' | 'split';
        /** The project is open again for proposals (a refund in the window), or closed. */
        reopened: boolean;
        restoredEngineerIds: string[];
      }
    | { type: 'RefundFailed'; by: DealEventActor; reason: string | null; backTo: string }
    | ({ type: 'DeliverySubmitted'; first: boolean; autoReleaseAt: string } & Delivered)
    | ({ type: 'DeliveryUpdated' } & Delivered)
    | {
        type: 'DeliveryAccepted';
        submissionId: string | null;
        title: string | null;
        fileSha256: string | null;
        seal: string | null;
        by: 'client' | 'timer';
        engineerCents: number;
        platformFeeCents: number;
        payoutDate: string;
      }
    | {
        type: 'DeliveryRejected';
        submissionId: string;
        title: string;
        fileSha256: string;
        comment: string | null;
      }
    | { type: 'DecisionReminder'; submissionId: string; title: string; autoReleaseAt: string }
    | {
        type: 'ProblemReported';
        disputeId: string;
        by: 'client' | 'engineer';
        ticketNumber: string;
        description: string;
      }
    | { type: 'ProblemWithdrawn'; disputeId: string; by: 'client' | 'engineer'; backTo: string }
    | {
        type: 'ProblemSettled';
        disputeId: string;
        outcome: SettleOutcome;
        note: string | null;
        amountCents: number;
        engineerCents: number;
        platformFeeCents: number;
        clientRefundCents: number;
        payoutDate: string | null;
      }
  );

export type DealEventType = DealEvent['type'];
export type EventOf<T extends DealEventType> = Extract<DealEvent, { type: T }>;

/** An event as it was stored (its id and time), handed to the handlers. */
export type StoredDealEvent = DealEvent & { id: string; at: Date };

/**
 * A handler of deal events. `during: true` runs in the emitting transaction (the record);
 * otherwise after commit, in a transaction of its own with its handling row.
 */
export type DealEventHandler = {
  name: string;
  during?: boolean;
  handles: readonly DealEventType[] | 'all';
  run(ctx: AppContext, tx: Tx, event: StoredDealEvent, deal: DealRow | null): Promise<void>;
};

/** What an operation's transaction collects to emit. */
export type Emitter = { emit(event: DealEvent, opts?: { dedupeKey?: string }): void };

const stored = (row: DealEventRow): StoredDealEvent =>
  ({ ...(row.payload as object), id: row.id, at: row.createdAt }) as StoredDealEvent;

/** Writes the collected events to the outbox and runs the in-transaction handlers; answers their ids. */
export async function writeEvents(
  ctx: AppContext,
  tx: Tx,
  events: Array<{ event: DealEvent; dedupeKey?: string }>,
  handlers: readonly DealEventHandler[],
  dealOf: (tx: DbOrTx, id: string | null) => Promise<DealRow | null>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const { event, dedupeKey } of events) {
    const [row] = await tx
      .insert(dealEvents)
      .values({
        projectId: event.projectId,
        dealId: event.dealId,
        type: event.type,
        actorId: event.actorId,
        payload: event as unknown as Record<string, unknown>,
        dedupeKey: dedupeKey ?? null,
      })
      .onConflictDoNothing({ target: dealEvents.dedupeKey })
      .returning();
    // A dedupe key seen before: this event happened already.
    if (!row) continue;
    ids.push(row.id);
    for (const h of handlers)
      if (h.during && handles(h, event.type))
        await h.run(ctx, tx, stored(row), await dealOf(tx, event.dealId));
  }
  return ids;
}

const handles = (h: DealEventHandler, type: DealEventType) => h.handles === 'all' || h.handles.includes(type);

/**
 * Runs the after-commit handlers of these events, each at most once per event: the handling
 * row is written first in the handler's transaction, so a second run (another instance, the
 * job's retry) finds it and does nothing. A failing handler is logged and retried by the job.
 */
export async function dispatchEvents(
  ctx: AppContext,
  ids: readonly string[],
  handlers: readonly DealEventHandler[],
  dealOf: (tx: DbOrTx, id: string | null) => Promise<DealRow | null>,
): Promise<void> {
  for (const id of ids) {
    const [row] = await ctx.db.select().from(dealEvents).where(eq(dealEvents.id, id));
    if (!row) continue;
    const event = stored(row);
    for (const h of handlers) {
      if (h.during || !handles(h, event.type)) continue;
      try {
        await ctx.transaction(async (tx) => {
          const [mine] = await tx
            .insert(dealEventHandlings)
            .values({ eventId: id, handler: h.name })
            .onConflictDoNothing()
            .returning();
          if (mine) await h.run(ctx, tx, event, await dealOf(tx, event.dealId));
        });
      } catch (err) {
        ctx.log.error({ err, eventId: id, type: event.type, handler: h.name }, 'deal event handler failed');
      }
    }
  }
}

/** Events of the last week some after-commit handler has not handled, older than `settleMs`. */
export async function unhandledEventIds(
  ctx: AppContext,
  handlers: readonly DealEventHandler[],
  now = new Date(),
  settleMs = 30_000,
): Promise<string[]> {
  const rows = await ctx.db
    .select({
      id: dealEvents.id,
      type: dealEvents.type,
      handled: sql<number>`count(${dealEventHandlings.handler})::int`,
    })
    .from(dealEvents)
    .leftJoin(dealEventHandlings, eq(dealEventHandlings.eventId, dealEvents.id))
    .where(
      and(
        gt(dealEvents.createdAt, new Date(now.getTime() - 7 * 24 * 3600_000)),
        lt(dealEvents.createdAt, new Date(now.getTime() - settleMs)),
      ),
    )
    .groupBy(dealEvents.id, dealEvents.type)
    .orderBy(dealEvents.createdAt)
    .limit(2000);
  const expected = (type: string) =>
    handlers.filter((h) => !h.during && handles(h, type as DealEventType)).length;
  return rows.filter((r) => r.handled < expected(r.type)).map((r) => r.id);
}
