// Engineers' payout accounts at the payment provider (Stripe Connect Express, or the
// built-in test mode, whose own side lives in test-provider.ts).
import { PAYOUT_COUNTRIES } from '@app/shared';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
