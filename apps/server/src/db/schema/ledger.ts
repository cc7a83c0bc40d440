// The double-entry ledger: every movement of money is one transaction whose entries sum
// to zero. Balances are sums of entries, never stored. The database itself refuses an
// unbalanced or empty transaction and any change to a posted one (triggers in the
// migration 'ledger'); a transaction's source_key is unique, so nothing posts twice.
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const LEDGER_ACCOUNT_KINDS = [
  /** What a client has paid in (negative: money that came from their card). */
  'client_funding',
  /** A project's escrow: paid, not yet refunded or released. */
  'escrow',
  /** An engineer's earnings not yet paid out. */
  'engineer_wallet',
  /** The platform's 20%. */
  'platform_revenue',
  /** Money sent out to engineers' payout accounts. */
  'payouts_clearing',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** 'client:{userId}', 'escrow:{projectId}', 'wallet:{userId}', 'platform:revenue', ... */
  code: text('code').notNull().unique(),
  kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
  /** The user or project the account belongs to (no foreign key: the ledger outlives rows). */
  ownerId: uuid('owner_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What caused it, e.g. 'capture:{paymentId}': unique, so a movement posts once. */
    sourceKey: text('source_key').notNull().unique(),
    kind: text('kind', { enum: ['capture', 'refund', 'release', 'payout', 'payout_reversal'] }).notNull(),
    paymentId: uuid('payment_id'),
    memo: text('memo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_transactions_payment_idx').on(t.paymentId)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Cents; positive flows into the account, negative out of it. */
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entries_nonzero', sql`${t.amountCents} <> 0`),
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt),
    index('ledger_entries_transaction_idx').on(t.transactionId),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
