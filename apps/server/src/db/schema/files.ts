// Uploaded files: who uploaded each, what it is for (its kind, which decides who may read
// it) and the record holding it. A file is served only while its row exists.
import { FILE_KIND_NAMES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const files = pgTable(
  'files',
  {
    /** The random storage key, also the last part of its link `/files/<name>`. */
    name: text('name').primaryKey(),
    kind: text('kind', { enum: FILE_KIND_NAMES }).notNull(),
    /** Null only for a sign-up picture uploaded before its account existed. */
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The record whose field holds the file (user, project, licence...); null until then. */
    subjectId: uuid('subject_id'),
    contentType: text('content_type').notNull(),
    /** The name the uploader's file had, cleaned (files-names in @app/shared); downloads carry it. */
    originalName: text('original_name'),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_uploader_idx').on(t.uploaderId),
    index('files_subject_idx').on(t.subjectId),
    // Uploads never put into a field are swept after a day.
    index('files_unattached_idx').on(t.createdAt).where(sql`${t.subjectId} is null`),
  ],
);

export type FileRow = typeof files.$inferSelect;
