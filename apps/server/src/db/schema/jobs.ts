import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per scheduled job and scheduled time: the instance that inserts it runs that
 * occurrence, every other instance sharing the database skips it (jobs/claim.ts). Rows older
 * than a week are pruned as new ones are claimed.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    /** The time the schedule named (not when an instance got to it): the same on every instance. */
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    /** Which instance ran it (host and process id), for operators reading the table. */
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** 'ok', 'failed', or null while running (or when the instance died running it). */
    outcome: text('outcome'),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);

export type JobRunRow = typeof jobRuns.$inferSelect;
