// Engineers' payout accounts at the payment provider (Stripe Connect Express, or the
// built-in test mode, whose own side lives in test-provider.ts).
import { PAYOUT_COUNTRIES, PAYOUT_STATUSES } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { payments } from './payments.ts';
import { submissions } from './submissions.ts';
import { users } from './users.ts';

const COUNTRY_CODES = PAYOUT_COUNTRIES.map((c) => c.code) as [string, ...string[]];

export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    country: text('country', { enum: COUNTRY_CODES }).notNull(),
    email: text('email').notNull(),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    /** Provider time of the state stored here: older events arriving late are ignored. */
    stateAsOf: timestamp('state_as_of', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_accounts_user_idx').on(t.userId),
    uniqueIndex('payout_accounts_provider_account_idx').on(t.providerAccountId),
  ],
);

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/**
 * What an engineer is owed for a released payment: 80% of it, created when the escrow is
 * released (an accepted submission, or staff settling a dispute for the engineer), due on
 * `payout_date` (the Sunday of the following week) and paid by the payout run
 * (modules/payouts/payout-run.ts): initiated -> pending (claimed and sent) -> succeeded, or
 * failed (the money back in the wallet; the next run tries again). Never deleted.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The accepted submission; null when staff released a disputed project's escrow without one. */
    submissionId: uuid('submission_id').references(() => submissions.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    engineerId: uuid('engineer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('initiated'),
    /** The day it is due (docs/PRODUCT.md#data payout_date). */
    payoutDate: date('payout_date', { mode: 'string' }).notNull(),
    /** How many times a run claimed it; part of the ledger keys and the transfer's idempotency key. */
    attempt: integer('attempt').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    providerTransferId: text('provider_transfer_id'),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
    // A payment is released, and so paid out, once.
    uniqueIndex('payouts_payment_idx').on(t.paymentId),
    uniqueIndex('payouts_submission_idx').on(t.submissionId),
    index('payouts_engineer_created_idx').on(t.engineerId, t.createdAt.desc()),
    index('payouts_status_date_idx').on(t.status, t.payoutDate),
  ],
);

export type PayoutRow = typeof payouts.$inferSelect;
