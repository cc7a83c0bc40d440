import { TICKET_KINDS, TICKET_PRIORITIES, TICKET_STATUSES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Numbers tickets for people: 'TCK-000123'. A sequence never hands the same number twice. */
export const supportTicketNumberSeq = pgSequence('support_ticket_number_seq', { startWith: 1000 });

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketNumber: text('ticket_number')
      .notNull()
      .default(sql`'TCK-' || lpad(nextval('support_ticket_number_seq')::text, 6, '0')`),
    /** The customer; null once their account is deleted (the ticket stays for the record). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Name and address as they were when the ticket was opened (docs/PRODUCT.md#data user_name, email). */
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    priority: text('priority', { enum: TICKET_PRIORITIES }).notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    supportName: text('support_name'),
    /** A project's problem report opens its ticket here (the foreign key comes with projects). */
    projectId: uuid('project_id'),
    /** `dispute`: opened by a problem report; both parties take part and it cannot be deleted. */
    kind: text('kind', { enum: TICKET_KINDS }).notNull().default('general'),
    /** The deal's other party, in a dispute ticket's conversation. */
    counterpartId: uuid('counterpart_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_tickets_number_idx').on(t.ticketNumber),
    index('support_tickets_user_created_idx').on(t.userId, t.createdAt),
    index('support_tickets_status_created_idx').on(t.status, t.createdAt),
    index('support_tickets_priority_created_idx').on(t.priority, t.createdAt),
    index('support_tickets_created_idx').on(t.createdAt),
    index('support_tickets_assigned_idx').on(t.assignedToId),
    index('support_tickets_project_idx').on(t.projectId),
  ],
);

export const supportTicketReplies = pgTable(
  'support_ticket_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name').notNull(),
    /** Written by support staff (an admin) rather than the customer. */
    isStaff: boolean('is_staff').notNull(),
    message: text('message').notNull(),
    /** A private file (`/files/...`, kind ticket_attachment) the ticket's people and staff can open. */
    attachments: text('attachments'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_ticket_replies_ticket_created_idx').on(t.ticketId, t.createdAt)],
);

export type SupportTicketRow = typeof supportTickets.$inferSelect;
export type SupportTicketReplyRow = typeof supportTicketReplies.$inferSelect;
