import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mail kept for the developer outbox page when no SMTP server is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra header lines (List-Unsubscribe on alert mail), or null. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/**
 * Mail waiting for the SMTP server: written in the same transaction as the change it reports,
 * so a crash after commit cannot lose it; sent by the server's delivery loop
 * (adapters/mail/mail.ts), retried with backoff. A sent row keeps who and what subject, not the
 * body (PINs and reset links are not kept once delivered).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra header lines (List-Unsubscribe on alert mail), or null. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** pending -> sent, or failed after a permanent refusal or too many tries. */
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while one instance sends it; a claim left by an instance that died lapses. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The sender (mail_senders) holding the claim: once it stops showing signs of life, the claim is void. */
    claimedBy: uuid('claimed_by'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
);

/**
 * Each running instance's mail sender, with the last time it showed it is alive (every 10 s).
 * A claim whose sender has been silent for 20 s was left by a process that is gone: another
 * instance (or the restarted one) sends the mail then, not when the claim's time runs out.
 */
export const mailSenders = pgTable('mail_senders', {
  id: uuid('id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});
