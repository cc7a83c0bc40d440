// Sign-in PINs, trusted devices and password-reset tokens (docs/PRODUCT.md#accounts-and-sign-in).
// Nothing here is stored in the clear: PINs as an HMAC keyed by the server's
// secret, tokens as their SHA-256.
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
  /**
   * SHA-256 of the token the sign-in that opened this challenge received (answer field
   * `challenge` and an HttpOnly cookie): only that browser's PIN tries count, so nobody else
   * can use up or void the owner's PIN.
   */
  challengeHash: text('challenge_hash'),
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

/**
 * What the identity calls count per account and source (modules/auth/attempts.ts): wrong
 * passwords, reset mails and sign-up notices. `account` is the SHA-256 of the lower-cased
 * e-mail address, known or not; `source` is an address (IPv6 by its /64) or a trusted
 * device. A count starts again once `windowStartedAt` is older than the kind's window.
 */
export const authCounters = pgTable(
  'auth_counters',
  {
    kind: text('kind').notNull(),
    account: text('account').notNull(),
    source: text('source').notNull(),
    count: integer('count').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.account, t.source] }),
    index('auth_counters_last_at_idx').on(t.lastAt),
  ],
);
