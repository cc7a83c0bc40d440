// Chat rules: the rooms of a deal (found or created only for a client and the engineer who
// share an accepted proposal), the inbox, paged history, sending in a transaction with the
// live events after commit, read receipts and unread counts.

import { randomUUID } from 'node:crypto';
import {
  CHAT_MESSAGES,
  CHAT_SEND_LIMIT,
  type ChatMessage,
  type ChatRoom,
  MESSAGES_PAGE_SIZE,
  type MessagesPage,
  type ProjectStatus,
  userRoom,
} from '@app/shared';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  type ChatRoomRow,
  chatMessages,
  chatRooms,
  files,
  notifications,
  projects,
  proposals,
  users,
} from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { setFileField } from '../files/index.ts';
import { notify } from '../notifications/index.ts';
import { canAskForDealRoom, canReadRoom, isRoomMember } from './chat.policy.ts';
import { presentMessage } from './chat.presenter.ts';

type Deal = { client_id: string; engineer_id: string; project_id: string };

/** The Socket.IO room of a chat room: the sockets that joined it get its live events. */
export const chatRoomKey = (roomId: string) => `chat:${roomId}`;

/** Where a chat notification leads: the receiver's inbox with the room open. */
export const roomLink = (receiverId: string, roomId: string) => `/inbox/${receiverId}?room=${roomId}`;

// --- Rooms -------------------------------------------------------------------------

/** Whether the client and the engineer share an accepted proposal on the client's project. */
async function dealIsAccepted(db: DbOrTx, deal: Deal): Promise<{ title: string } | null> {
  const [row] = await db
    .select({ title: projects.title })
    .from(proposals)
    .innerJoin(projects, eq(projects.id, proposals.projectId))
    .where(
      and(
        eq(proposals.projectId, deal.project_id),
        eq(proposals.engineerId, deal.engineer_id),
        eq(proposals.status, 'accepted'),
        eq(projects.customerId, deal.client_id),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The room list's rows for `userId`, filtered by `where`, latest conversation first. */
async function selectRooms(db: DbOrTx, userId: string, where: SQL | undefined): Promise<ChatRoom[]> {
  const other = sql`case when ${chatRooms.clientId} = ${userId} then ${chatRooms.engineerId} else ${chatRooms.clientId} end`;
  const rows = await db
    .select({
      room: chatRooms,
      otherId: users.id,
      otherName: users.fullName,
      otherPicture: users.profilePicture,
      // Correlated subqueries: each reads one row or a count through the room's indexes.
      lastMessage: sql<{
        id: string;
        sender_id: string;
        message: string;
        attachments: string | null;
        created_at: string;
      } | null>`(select json_build_object('id', m.id, 'sender_id', m.sender_id, 'message', m.message, 'attachments', m.attachments, 'created_at', m.created_at)
          from ${chatMessages} m where m.room_id = ${chatRooms.id}
          order by m.created_at desc, m.id desc limit 1)`,
      unread: sql<number>`(select count(*)::int from ${chatMessages} m
          where m.room_id = ${chatRooms.id} and m.receiver_id = ${userId} and m.is_read = false)`,
    })
    .from(chatRooms)
    .innerJoin(users, eq(users.id, other))
    .where(and(or(eq(chatRooms.clientId, userId), eq(chatRooms.engineerId, userId)), where))
    .orderBy(desc(chatRooms.updatedAt), desc(chatRooms.id));
  return rows.map((r) => ({
    id: r.room.id,
    client_id: r.room.clientId,
    engineer_id: r.room.engineerId,
    project_id: r.room.projectId,
    title: r.room.title,
    updated_at: r.room.updatedAt.toISOString(),
    unread_count: Number(r.unread),
    closed: r.room.closedAt !== null,
    other_user: { id: r.otherId, full_name: r.otherName, profile_picture: r.otherPicture },
    last_message: r.lastMessage
      ? { ...r.lastMessage, created_at: new Date(r.lastMessage.created_at).toISOString() }
      : null,
  }));
}

export async function listRooms(ctx: AppContext, userId: string): Promise<ChatRoom[]> {
  return selectRooms(ctx.db, userId, undefined);
}

function dealWhere(deal: Deal): SQL | undefined {
  return and(
    eq(chatRooms.projectId, deal.project_id),
    eq(chatRooms.clientId, deal.client_id),
    eq(chatRooms.engineerId, deal.engineer_id),
  );
}

/** POST /chat/rooms/find: the deal's room, for one of its two people. */
export async function findRoom(ctx: AppContext, caller: Actor, deal: Deal): Promise<ChatRoom> {
  if (!canAskForDealRoom(caller, deal)) throw forbidden(CHAT_MESSAGES.notMember);
  if (!(await dealIsAccepted(ctx.db, deal))) throw notFound(CHAT_MESSAGES.noDeal);
  const [room] = await selectRooms(ctx.db, caller.id, dealWhere(deal));
  if (!room) throw notFound(CHAT_MESSAGES.roomNotFound);
  return room;
}

/**
 * POST /chat/rooms: the deal's room, created when it does not exist yet. A room a refund
 * closed stays closed: only a new successful payment reopens it (openDealRoom).
 */
export async function createRoom(
  ctx: AppContext,
  caller: Actor,
  deal: Deal & { title?: string },
): Promise<ChatRoom> {
  if (!canAskForDealRoom(caller, deal)) throw forbidden(CHAT_MESSAGES.notMember);
  const accepted = await dealIsAccepted(ctx.db, deal);
  if (!accepted) throw notFound(CHAT_MESSAGES.noDeal);
  await ctx.db
    .insert(chatRooms)
    .values({
      projectId: deal.project_id,
      clientId: deal.client_id,
      engineerId: deal.engineer_id,
      title: deal.title || accepted.title,
    })
    .onConflictDoNothing({ target: [chatRooms.projectId, chatRooms.clientId, chatRooms.engineerId] });
  const [room] = await selectRooms(ctx.db, caller.id, dealWhere(deal));
  return room;
}

/** The room with its project's status, for a caller allowed to read it; 404/403 otherwise. */
export async function readableRoom(
  db: DbOrTx,
  caller: Actor,
  roomId: string,
): Promise<ChatRoomRow & { projectStatus: ProjectStatus }> {
  const [row] = await db
    .select({ room: chatRooms, projectStatus: projects.status })
    .from(chatRooms)
    .innerJoin(projects, eq(projects.id, chatRooms.projectId))
    .where(eq(chatRooms.id, roomId))
    .limit(1);
  if (!row) throw notFound(CHAT_MESSAGES.roomNotFound);
  if (!canReadRoom(caller, row.room, row.projectStatus)) throw forbidden(CHAT_MESSAGES.notMember);
  return { ...row.room, projectStatus: row.projectStatus };
}

/** The ids of everyone who shares a room with `userId`: who sees their online dot. */
export async function chatPartners(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({
      id: sql<string>`case when ${chatRooms.clientId} = ${userId} then ${chatRooms.engineerId} else ${chatRooms.clientId} end`,
    })
    .from(chatRooms)
    .where(or(eq(chatRooms.clientId, userId), eq(chatRooms.engineerId, userId)));
  return rows.map((r) => r.id);
}

// --- Messages ----------------------------------------------------------------------

const messageColumns = {
  message: chatMessages,
  senderName: users.fullName,
  senderPicture: users.profilePicture,
  // Microseconds since 1970 as text: exact for the cursor (a JavaScript Date keeps only ms).
  createdAtMicros: sql<string>`(extract(epoch from ${chatMessages.createdAt}) * 1000000)::bigint::text`,
  // The name its sender gave the attachment ('/files/' is 7 characters; the key is the files row's name).
  attachmentName: sql<
    string | null
  >`(select f.original_name from ${files} f where f.name = substring(${chatMessages.attachments} from 8))`,
};

const encodeCursor = (micros: string, id: string) => Buffer.from(`${micros}.${id}`).toString('base64url');

function decodeCursor(cursor: string): { micros: string; id: string } {
  const m = /^(\d{1,17})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!m) throw badRequest(CHAT_MESSAGES.invalidCursor);
  return { micros: m[1], id: m[2] };
}

/** GET /chat/messages/{roomId}: a page of the history, newest last, with a cursor for older ones. */
export async function listMessages(
  ctx: AppContext,
  caller: Actor,
  roomId: string,
  opts: { before?: string; limit?: number },
): Promise<MessagesPage> {
  const limit = opts.limit ?? MESSAGES_PAGE_SIZE;
  const before = opts.before ? decodeCursor(opts.before) : null;
  await readableRoom(ctx.db, caller, roomId);
  const rows = await ctx.db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        before
          ? sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (timestamptz 'epoch' + ${before.micros}::bigint * interval '1 microsecond', ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const oldest = page.at(-1);
  return {
    messages: page
      .reverse()
      .map((r) =>
        presentMessage(
          r.message,
          { fullName: r.senderName, profilePicture: r.senderPicture },
          r.attachmentName,
        ),
      ),
    next_cursor:
      rows.length > limit && oldest ? encodeCursor(oldest.createdAtMicros, oldest.message.id) : null,
  };
}

export type SendInput = { room_id: string; message: string; attachments?: string | null };

type WrittenRow = {
  id: string;
  room_id: string;
  sender_id: string;
  receiver_id: string;
  message: string;
  attachments: string | null;
  is_read: boolean;
  created_at: string | Date;
  title: string;
  full_name: string;
  profile_picture: string | null;
  attachment_name: string | null;
};

/**
 * Writes a message in one statement: the guard (only a member, only while the room is open)
 * moves the room's activity time, the message goes to the other member, and the row comes
 * back with the sender's name and the room's title. Answers null when the guard refused.
 * One statement instead of a transaction of four: the embedded database spends most of a
 * message's time per statement (docs/CHAT.md, Benchmark).
 */
async function writeMessage(
  db: DbOrTx,
  sender: Actor,
  m: { id: string; roomId: string; text: string; attachments: string | null },
): Promise<{ message: ChatMessage; title: string } | null> {
  const result = await db.execute(sql`
    with room as (
      update ${chatRooms} set updated_at = now()
      where id = ${m.roomId} and (client_id = ${sender.id} or engineer_id = ${sender.id}) and closed_at is null
      returning id, client_id, engineer_id, title
    ), msg as (
      insert into ${chatMessages} (id, room_id, sender_id, receiver_id, message, attachments)
      select ${m.id}, room.id, ${sender.id},
             case when room.client_id = ${sender.id} then room.engineer_id else room.client_id end,
             ${m.text}, ${m.attachments}
      from room
      returning id, room_id, sender_id, receiver_id, message, attachments, is_read, created_at
    )
    select msg.*, room.title, u.full_name, u.profile_picture,
           (select f.original_name from ${files} f where f.name = substring(msg.attachments from 8)) as attachment_name
    from msg cross join room join ${users} u on u.id = msg.sender_id`);
  const rows = ((result as unknown as { rows?: WrittenRow[] }).rows ??
    (result as unknown as WrittenRow[])) as WrittenRow[];
  const row = rows[0];
  if (!row) return null;
  return {
    title: row.title,
    message: {
      id: row.id,
      room_id: row.room_id,
      sender_id: row.sender_id,
      receiver_id: row.receiver_id,
      message: row.message,
      attachments: row.attachments,
      attachment_name: row.attachment_name,
      is_read: row.is_read,
      created_at: new Date(row.created_at).toISOString(),
      sender_name: row.full_name,
      sender_profile: row.profile_picture,
    },
  };
}

/**
 * Stores a message from `sender` (the socket's user, never a payload's sender_id) with the
 * room's new activity time, atomically; after commit the room gets `receive_message`, the
 * receiver `new_message_notification`, and a receiver with no open socket a notification
 * (one until they read the room, not one per message).
 */
export async function sendMessage(ctx: AppContext, sender: Actor, input: SendInput): Promise<ChatMessage> {
  const limit = Math.max(1, Math.round(CHAT_SEND_LIMIT.max * ctx.config.rateLimitScale));
  const { count } = await ctx.realtime.counter.hit(`chat-send:${sender.id}`, CHAT_SEND_LIMIT.windowMs);
  if (count > limit) throw new AppError('RATE_LIMITED', CHAT_MESSAGES.rateLimited);
  const text = input.message.trim();
  if (!text && !input.attachments) throw badRequest(CHAT_MESSAGES.empty);

  const id = randomUUID();
  const write = async (db: DbOrTx, attachments: string | null) => {
    const written = await writeMessage(db, sender, { id, roomId: input.room_id, text, attachments });
    if (!written) throw await whyNotWritable(db, sender, input.room_id);
    return written;
  };
  const { message, title } = input.attachments
    ? await ctx.transaction(async (tx) => {
        // The sender's own chat_attachment upload, readable by the room's members from now
        // on; undone with the message if the room refuses it.
        const attachments = await setFileField(ctx, tx, {
          ownerId: sender.id,
          kind: 'chat_attachment',
          subjectId: id,
          current: null,
          next: input.attachments ?? null,
          field: 'attachments',
          message: CHAT_MESSAGES.badAttachment,
        });
        return write(tx, attachments);
      })
    : await write(ctx.db, null);

  const io = ctx.realtime.io;
  io.to(chatRoomKey(message.room_id)).emit('receive_message', message);
  ctx.realtime.emitToUser(message.receiver_id, 'new_message_notification', { room_id: message.room_id });
  void notifyIfOffline(ctx, message, title).catch((err) =>
    ctx.log.error({ err }, 'chat notification failed'),
  );
  return message;
}

async function whyNotWritable(db: DbOrTx, sender: Actor, roomId: string): Promise<AppError> {
  const [room] = await db.select().from(chatRooms).where(eq(chatRooms.id, roomId)).limit(1);
  if (!room) return notFound(CHAT_MESSAGES.roomNotFound);
  if (!isRoomMember(sender, room)) return forbidden(CHAT_MESSAGES.notMember);
  return conflict(CHAT_MESSAGES.closed);
}

async function notifyIfOffline(ctx: AppContext, message: ChatMessage, title: string): Promise<void> {
  const receiver = message.receiver_id;
  if (await ctx.realtime.isOnline(receiver)) return;
  const link = roomLink(receiver, message.room_id);
  const [pending] = await ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, receiver),
        eq(notifications.notificationLink, link),
        eq(notifications.isRead, false),
      ),
    )
    .limit(1);
  if (pending) return;
  await notify(ctx, receiver, `New message from ${message.sender_name} about ${title}.`, link);
}

/**
 * Marks messages of a room sent to `reader` as read: all of them, or only `messageIds`.
 * The room (the sender's ticks) and the reader's other tabs (their badge) get
 * `message_read_ack`; the room's chat notifications are read with them.
 */
export async function markRead(
  ctx: AppContext,
  reader: Actor,
  roomId: string,
  messageIds?: string[],
): Promise<string[]> {
  const room = await readableRoom(ctx.db, reader, roomId);
  // An admin reading a dispute reads without marking anything.
  if (!isRoomMember(reader, room)) return [];
  const rows = await ctx.db
    .update(chatMessages)
    .set({ isRead: true, readAt: new Date() })
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        eq(chatMessages.receiverId, reader.id),
        eq(chatMessages.isRead, false),
        messageIds ? inArray(chatMessages.id, messageIds) : undefined,
      ),
    )
    .returning({ id: chatMessages.id });
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return ids;
  await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, reader.id),
        eq(notifications.notificationLink, roomLink(reader.id, roomId)),
        eq(notifications.isRead, false),
      ),
    );
  ctx.realtime.io
    .to([chatRoomKey(roomId), userRoom(reader.id)])
    .emit('message_read_ack', { room_id: roomId, message_ids: ids, reader_id: reader.id });
  return ids;
}

/** How many chat messages sent to `userId` they have not read yet (the header badge). */
export async function countUnreadMessages(ctx: AppContext, userId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(and(eq(chatMessages.receiverId, userId), eq(chatMessages.isRead, false)));
  return Number(row?.n ?? 0);
}
