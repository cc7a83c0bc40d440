// Payments for accepted proposals, the contract each one was signed under, their
// refunds, and the provider events already handled. Amounts are integer cents. Money
// rows are never deleted: the users and projects they name cannot be deleted while
// they exist (ON DELETE RESTRICT); a withdrawn proposal leaves its payments in place.
import { PAYMENT_STATUSES, REFUND_STATUSES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects, proposals } from './projects.ts';
import { users } from './users.ts';

/** The contract text a client signed before paying, exactly as shown, with its SHA-256. */
export const contractSignatures = pgTable(
  'contract_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The name the client typed as their signature. */
    signedName: text('signed_name').notNull(),
    text: text('text').notNull(),
    textSha256: text('text_sha256').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_signatures_proposal_idx').on(t.proposalId)],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    engineerId: uuid('engineer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    contractSignatureId: uuid('contract_signature_id')
      .notNull()
      .references(() => contractSignatures.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    /** The provider's checkout session: id, address and when it stops taking payment. */
    checkoutSessionId: text('checkout_session_id'),
    checkoutUrl: text('checkout_url'),
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }),
    paymentIntentId: text('payment_intent_id'),
    /** Why a payment failed (expired, replaced by a newer checkout...). */
    failureReason: text('failure_reason'),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    /**
     * When this payment made the deal: its proposal accepted, the project assigned. A
     * payment that succeeded too late to make it (the project was taken meanwhile) has
     * none, and is refunded.
     */
    honouredAt: timestamp('honoured_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** When the escrow was released to the engineer (the client accepted a submission). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    // Two clicks never make two live checkouts for one proposal.
    uniqueIndex('payments_pending_proposal_idx').on(t.proposalId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('payments_checkout_session_idx').on(t.checkoutSessionId),
    index('payments_customer_created_idx').on(t.customerId, t.createdAt.desc()),
    index('payments_project_idx').on(t.projectId),
    // Admin orders: newest first, optionally by status.
    index('payments_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('payments_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    /**
     * requested_by_customer: the client within the window; not_honoured: money arrived
     * for a deal that could no longer be made (the project was taken meanwhile);
     * provider: made at the provider directly (e.g. from Stripe's dashboard);
     * dispute: staff settled a reported problem in the client's favour.
     */
    reason: text('reason', {
      enum: ['requested_by_customer', 'not_honoured', 'provider', 'dispute'],
    }).notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    // One refund at a time per payment, and a payment is refunded once.
    uniqueIndex('refunds_live_payment_idx')
      .on(t.paymentId)
      .where(sql`${t.status} in ('pending', 'succeeded')`),
    uniqueIndex('refunds_provider_refund_idx').on(t.providerRefundId),
    index('refunds_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Provider events already handled, by their id. The row is written in the same
 * transaction as the event's effects, so an event is handled exactly once.
 */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The provider's time of the event. */
  providerCreatedAt: timestamp('provider_created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ContractSignatureRow = typeof contractSignatures.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
