// Deals (modules/deals, docs/DEALS.md): one paid engagement of an engineer on a project, with
// its state in one column, moved only by the transition table's operations, and the events
// each move emitted (an outbox: handled after commit, each handler exactly once).
import { DEAL_STATES } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { payments } from './payments.ts';
import { projects, proposals } from './projects.ts';
import { users } from './users.ts';

export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    /** The payment that made the deal (its money is the escrow). */
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    engineerId: uuid('engineer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    state: text('state', { enum: DEAL_STATES }).notNull(),
    /** Where the deal goes back to when a problem is withdrawn or a refund is refused by the provider. */
    resumeState: text('resume_state', { enum: DEAL_STATES }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** The client's refund holds until then, and only until the first deliverable. */
    refundUntil: timestamp('refund_until', { withTimezone: true }).notNull(),
    firstDeliveredAt: timestamp('first_delivered_at', { withTimezone: true }),
    /** While a deliverable waits: when it is accepted on the client's behalf (AUTO_RELEASE_AFTER). */
    decisionDueAt: timestamp('decision_due_at', { withTimezone: true }),
    /** Reminders to the client sent for the waiting deliverable (0, 1 at half-time, 2 the day before). */
    remindersSent: integer('reminders_sent').notNull().default(0),
    /** Who opened the current problem (their withdrawal ends it). */
    problemReportedBy: uuid('problem_reported_by').references(() => users.id, { onDelete: 'set null' }),
    /** A split staff decided, waiting for the client's part to be refunded: the engineer's part before the fee. */
    splitEngineerCents: integer('split_engineer_cents'),
    /** Where the money went, once the deal ended. */
    engineerCents: integer('engineer_cents'),
    platformFeeCents: integer('platform_fee_cents'),
    clientRefundCents: integer('client_refund_cents'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('deals_amount_positive', sql`${t.amountCents} > 0`),
    uniqueIndex('deals_payment_idx').on(t.paymentId),
    // At most one deal under way per project.
    uniqueIndex('deals_live_project_idx')
      .on(t.projectId)
      .where(sql`${t.state} not in ('released', 'refunded', 'split')`),
    index('deals_project_created_idx').on(t.projectId, t.createdAt.desc()),
    index('deals_decision_due_idx').on(t.decisionDueAt).where(sql`${t.state} = 'awaiting_decision'`),
    index('deals_client_idx').on(t.clientId),
    index('deals_engineer_idx').on(t.engineerId),
  ],
);

/** What happened to deals, written in the transaction of the change (the outbox of deal events). */
export const dealEvents = pgTable(
  'deal_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Null for a payment that made no deal (it came too late and is refunded). */
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Events that must happen once whatever runs them twice (a reminder): one row per key. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deal_events_created_idx').on(t.createdAt),
    index('deal_events_project_idx').on(t.projectId, t.createdAt),
    uniqueIndex('deal_events_dedupe_idx').on(t.dedupeKey),
  ],
);

/** Which handler has handled which event: each exactly once, across retries and instances. */
export const dealEventHandlings = pgTable(
  'deal_event_handlings',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => dealEvents.id, { onDelete: 'cascade' }),
    handler: text('handler').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.handler] })],
);

export type DealRow = typeof deals.$inferSelect;
export type DealEventRow = typeof dealEvents.$inferSelect;
