// Sign-in PINs, trusted devices and password-reset tokens (decisions.md 'Accounts and
// sign-in'). Nothing here is stored in the clear: PINs as an HMAC keyed by the server's
// secret, tokens as their SHA-256.
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The open PIN challenge of an account: at most one, replaced by each sign-in that needs a PIN. */
export const signInPins = pgTable('sign_in_pins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Wrong tries of the current PIN; at 5 the PIN is void. */
  attempts: integer('attempts').notNull().default(0),
  /** When the password was proven; a resend is possible for an hour after it. */
  challengedAt: timestamp('challenged_at', { withTimezone: true }).notNull(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  /** Resends counted in a one-hour window starting at resendWindowStart. */
  resendWindowStart: timestamp('resend_window_start', { withTimezone: true }),
  resendCount: integer('resend_count').notNull().default(0),
});

/** Browsers that confirmed a PIN: a sign-in carrying their token skips the PIN for 30 days. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trusted_devices_token_hash_idx').on(t.tokenHash),
    index('trusted_devices_user_idx').on(t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_idx').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);
