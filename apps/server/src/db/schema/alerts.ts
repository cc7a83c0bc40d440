// Job alerts (docs/ALERTS.md): each engineer's mail choice, their saved Explore searches, the
// fan-outs waiting to run after a project opens, and one row per alert sent.
import { ALERT_MAIL_MODES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';

/** An engineer's alert mail choice; no row means the default (daily digest). */
export const alertSettings = pgTable('alert_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mailMode: text('mail_mode', { enum: ALERT_MAIL_MODES }).notNull().default('daily'),
  /** The UTC day of the last digest mailed: the guard that keeps it to one a day. */
  lastDigestOn: date('last_digest_on', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Explore's filters kept by a person; a project opening that passes them is alerted. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SavedSearchFilters (packages/shared/src/alerts.ts). */
    filters: jsonb('filters').notNull().$type<Record<string, string | number>>(),
    /** Off once unsubscribed from this search's mail: its alerts stay in the app. */
    mail: boolean('mail').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A project that opened (posted, or open again) and whose engineers are still to be alerted:
 * written in the transaction that opens it, worked through by the fan-out worker in batches
 * of engineers (`cursor`, the last engineer id done), each batch one transaction holding the
 * row with FOR UPDATE SKIP LOCKED so a second worker takes other work.
 */
export const alertFanouts = pgTable(
  'alert_fanouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    cursor: uuid('cursor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('alert_fanouts_pending_idx').on(t.createdAt).where(sql`${t.doneAt} is null`)],
);

/**
 * One alert per engineer and project, whatever retries or instances do (the primary key;
 * inserts say ON CONFLICT DO NOTHING). `mail` says whether its mail is still owed: the instant
 * mail or the day's digest clears it (`mailedAt`).
 */
export const projectAlerts = pgTable(
  'project_alerts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The saved search that matched it, or null for a match by licence and specialization. */
    savedSearchId: uuid('saved_search_id').references(() => savedSearches.id, { onDelete: 'set null' }),
    mail: boolean('mail').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId], name: 'project_alerts_pk' }),
    index('project_alerts_digest_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.mail} and ${t.mailedAt} is null`),
    index('project_alerts_project_idx').on(t.projectId),
  ],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;
