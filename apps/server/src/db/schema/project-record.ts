// A project's record: its events in order, each entry chained to the one before by SHA-256
// (modules/project-record). Append-only, held by the database (no UPDATE or DELETE); it
// outlives the project row so that a record is never lost with it.
import { PROJECT_RECORD_EVENTS } from '@app/shared';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const projectRecordEntries = pgTable(
  'project_record_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id').notNull(),
    /** 1, 2, 3... within the project. */
    seq: integer('seq').notNull(),
    type: text('type', { enum: PROJECT_RECORD_EVENTS }).notNull(),
    actorId: uuid('actor_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('project_record_entries_seq_idx').on(t.projectId, t.seq)],
);

export type ProjectRecordEntryRow = typeof projectRecordEntries.$inferSelect;
