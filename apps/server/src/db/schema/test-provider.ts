// The test-mode payment provider's side: what Stripe would hold (connected accounts,
// checkout sessions, refunds). Only the test payments adapter reads or writes these
// tables; the product's own records are in payouts.ts and payments.ts.
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A connected account. Bank details are kept as last four only. */
export const testConnectAccounts = pgTable('test_connect_accounts', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  country: text('country').notNull(),
  legalName: text('legal_name'),
  dateOfBirth: text('date_of_birth'),
  addressLine1: text('address_line1'),
  city: text('city'),
  postalCode: text('postal_code'),
  bankLast4: text('bank_last4'),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A Checkout Session: open until paid (complete) or expired. */
export const testCheckoutSessions = pgTable('test_checkout_sessions', {
  id: text('id').primaryKey(),
  /** The idempotency key it was created with: the same key answers the same session. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  paymentIntentId: text('payment_intent_id').notNull().unique(),
  amountTotal: integer('amount_total').notNull(),
  currency: text('currency').notNull(),
  productName: text('product_name').notNull(),
  customerEmail: text('customer_email').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  transferGroup: text('transfer_group').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  /** The last card decline, shown again on the page. */
  lastError: text('last_error'),
  cardLast4: text('card_last4'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testRefunds = pgTable('test_refunds', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  paymentIntentId: text('payment_intent_id').notNull(),
  amount: integer('amount').notNull(),
  status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Transfers to connected accounts (payouts), as Stripe keeps them. */
export const testTransfers = pgTable(
  'test_transfers',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    destination: text('destination').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    transferGroup: text('transfer_group').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    reversed: boolean('reversed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_transfers_group_idx').on(t.transferGroup)],
);

/**
 * Events the test provider sends to the product's webhook route, kept until delivered:
 * like Stripe, it retries an event whose delivery failed (jobs: payments.test-provider).
 */
export const testEvents = pgTable('test_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Account links of the test-mode provider (onboarding form, Express dashboard): like Stripe's,
 * each works once, for a limited time, and a newer link for the same account and purpose voids
 * the older ones. Only the token's SHA-256 is kept.
 */
export const testAccountLinks = pgTable(
  'test_account_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: text('account_id').notNull(),
    purpose: text('purpose', { enum: ['onboarding', 'dashboard'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_account_links_account_idx').on(t.accountId, t.purpose)],
);
