// Problems reported on a project under way (docs/PRODUCT.md#project-lifecycle): the project
// becomes `problem`, a support ticket is opened for it, its escrow is frozen, and staff
// settle it by releasing the escrow to the engineer or refunding the client.
import { DISPUTE_STATUSES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { supportTickets } from './support.ts';
import { users } from './users.ts';

export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    ticketId: uuid('ticket_id').references(() => supportTickets.id, { onDelete: 'set null' }),
    reportedBy: uuid('reported_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    /** open until staff decide (released, refunded, split) or its reporter withdraws it. */
    status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open problem per project.
    uniqueIndex('disputes_open_project_idx').on(t.projectId).where(sql`${t.status} = 'open'`),
    index('disputes_ticket_idx').on(t.ticketId),
  ],
);

export type DisputeRow = typeof disputes.$inferSelect;
