// Chat rooms: one per deal, a client and the engineer whose proposal they paid for on a
// project. The room is opened when the payment succeeds and closed (no new messages)
// when the payment is refunded; its history stays readable to both.
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/** Messages of a room. The receiver is the room's other member, stored for the unread counts. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    /** Link of one file uploaded through /api/files. */
    attachments: text('attachments'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A conversation, newest first, paged by (created_at, id).
    index('chat_messages_room_created_idx').on(t.roomId, t.createdAt.desc(), t.id.desc()),
    // Unread counts (header badge, room list) read only the unread rows.
    index('chat_messages_unread_idx').on(t.receiverId, t.roomId).where(sql`${t.isRead} = false`),
  ],
);

export type ChatMessageRow = typeof chatMessages.$inferSelect;
