// Deliverables: the stamped PDFs an engineer submits for a project, the client's decision,
// and the ratings client and engineer give each other once the project is completed.
import type { PdfSignatureCheck } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';

export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    engineerId: uuid('engineer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The private deliverable PDF (`/files/<name>`, kind `deliverable`). */
    attachments: text('attachments').notNull(),
    /** SHA-256 (hex) and size of the exact bytes submitted. */
    fileSha256: text('file_sha256').notNull(),
    fileSize: integer('file_size').notNull(),
    /** The check of the PDF's embedded signatures when it was submitted. */
    signature: jsonb('signature').$type<PdfSignatureCheck>().notNull(),
    /** docs/PRODUCT.md#data: null pending, true accepted, false rejected. */
    clientAcceptance: boolean('client_acceptance'),
    decisionComment: text('decision_comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('submissions_project_created_idx').on(t.projectId, t.createdAt.desc()),
    index('submissions_engineer_created_idx').on(t.engineerId, t.createdAt.desc()),
    // One version at a time waits for the client's decision...
    uniqueIndex('submissions_pending_project_idx').on(t.projectId).where(sql`${t.clientAcceptance} is null`),
    // ...and a project is completed by exactly one accepted submission.
    uniqueIndex('submissions_accepted_project_idx').on(t.projectId).where(sql`${t.clientAcceptance} is true`),
  ],
);

export type SubmissionRow = typeof submissions.$inferSelect;

/** docs/PRODUCT.md#data Rating: one per sender and project (the receiver is the other party). */
export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    rate: smallint('rate').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ratings_rate_range', sql`${t.rate} between 1 and 5`),
    check('ratings_not_self', sql`${t.senderId} <> ${t.receiverId}`),
    // 'You have already rated this user for this project.': two racing posts, one row.
    uniqueIndex('ratings_sender_project_idx').on(t.senderId, t.projectId),
    index('ratings_receiver_created_idx').on(t.receiverId, t.createdAt.desc()),
  ],
);

export type RatingRow = typeof ratings.$inferSelect;
