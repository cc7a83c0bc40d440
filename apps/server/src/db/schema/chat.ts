// Chat rooms: one per deal, a client and the engineer whose proposal they paid for on a
// project. The room is opened when the payment succeeds and closed (no new messages)
// when the payment is refunded; its history stays readable to both.
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';

export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    engineerId: uuid('engineer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Set when the deal ends without completion (refund): the room takes no new messages. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moves with every message, so inboxes list the latest conversation first. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_rooms_deal_idx').on(t.projectId, t.clientId, t.engineerId),
    index('chat_rooms_client_idx').on(t.clientId, t.updatedAt.desc()),
    index('chat_rooms_engineer_idx').on(t.engineerId, t.updatedAt.desc()),
  ],
);

export type ChatRoomRow = typeof chatRooms.$inferSelect;
