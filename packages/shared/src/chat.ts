// Chat (docs/PRODUCT.md#data chat room and message, docs/PRODUCT.md#validation chat send rule, docs/PRODUCT.md#api chat calls and events, docs/PRODUCT.md#limits
// typing): request, response and socket payload shapes, limits and the rules both sides use.

import { z } from 'zod';
import { idSchema } from './api.ts';
import { fileRefSchema } from './files.schemas.ts';
import { isStorableText, PROJECT_MESSAGES } from './projects.ts';

export const CHAT_MESSAGES = {
  noMessages: 'No messages found.',
  roomNotFound: 'Chat room not found.',
  notMember: 'You are not a member of this chat.',
  noDeal: 'A chat opens only between a client and the engineer whose proposal was accepted on this project.',
  notYourRooms: 'You can only read your own chats.',
  empty: 'Write a message or attach a file.',
  tooLong: 'A message can be at most 5,000 characters.',
  closed: 'This chat is closed: no new messages can be sent. Its history stays readable.',
  badAttachment: 'The attachment must be a file uploaded here.',
  rateLimited: 'You are sending messages too fast. Please wait a moment.',
  invalidCursor: 'Invalid cursor.',
  signInFirst: 'Please sign in to continue.',
  serverError: 'Server error. Try again later.',
} as const;

/** Longest message text, in characters. */
export const MAX_MESSAGE_LENGTH = 5000;
/** docs/PRODUCT.md#limits: the typing indicator shows for 1.5 seconds after the last typing event. */
export const TYPING_INDICATOR_MS = 1500;
/** The browser sends at most one typing event per this interval while the user types. */
export const TYPING_THROTTLE_MS = 1000;
/** Messages per page of a conversation; older ones come with the cursor. */
export const MESSAGES_PAGE_SIZE = 30;
export const MAX_MESSAGES_PAGE_SIZE = 100;
/** Per user, across their sockets: at most this many messages in the window. */
export const CHAT_SEND_LIMIT = { max: 20, windowMs: 10_000 } as const;

/** docs/PRODUCT.md#validation: a message needs text or a file. */
export function canSendMessage(text: string, attachment: string | null | undefined): boolean {
  return text.trim().length > 0 || !!attachment;
}

export const roomDealSchema = z.object({
  engineer_id: idSchema(),
  client_id: idSchema(),
  project_id: idSchema(),
});
export const createRoomBodySchema = roomDealSchema.extend({
  title: z
    .string()
    .trim()
    .max(200, { message: 'A title can be at most 200 characters.', abort: true })
    .refine(isStorableText, PROJECT_MESSAGES.nulCharacter)
    .optional(),
});
export const roomIdParamsSchema = z.object({ roomId: idSchema() });
export const messagesQuerySchema = z.object({
  /** Opaque cursor from the previous page's `next_cursor`: messages older than it. */
  before: z.string().max(200, { abort: true }).optional(),
  limit: z.coerce
    .number({ error: 'Invalid limit.' })
    .int('Invalid limit.')
    .min(1, 'Invalid limit.')
    .max(MAX_MESSAGES_PAGE_SIZE, { message: 'Invalid limit.', abort: true })
    .optional(),
});

export const chatMessageSchema = z.object({
  id: z.string(),
  room_id: z.string(),
  sender_id: z.string(),
  receiver_id: z.string(),
  message: z.string(),
  /** Link of one file uploaded through /api/files, or null. */
  attachments: z.string().nullable(),
  /** The attachment's name as its sender uploaded it; null without one or when unknown. */
  attachment_name: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
  sender_name: z.string(),
  sender_profile: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatUserSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  profile_picture: z.string().nullable(),
});

export const chatRoomSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  engineer_id: z.string(),
  project_id: z.string(),
  title: z.string(),
  updated_at: z.string(),
  unread_count: z.number().int().nonnegative(),
  /** A closed room takes no new messages (the deal was refunded); its history stays. */
  closed: z.boolean(),
  /** The other member, as the caller sees the room. */
  other_user: chatUserSchema,
  last_message: z
    .object({
      id: z.string(),
      sender_id: z.string(),
      message: z.string(),
      attachments: z.string().nullable(),
      created_at: z.string(),
    })
    .nullable(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const messagesPageSchema = z.object({
  /** Oldest first, newest last. */
  messages: z.array(chatMessageSchema),
  /** Pass as `before` to read the page of older messages; null when there are none. */
  next_cursor: z.string().nullable(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

// Socket payloads, client -> server. Each is parsed on the server; a bad one gets
// `{ ok: false, message }` through the acknowledgement.
const messageText = z
  .string({ error: CHAT_MESSAGES.empty })
  .max(MAX_MESSAGE_LENGTH, { message: CHAT_MESSAGES.tooLong, abort: true })
  .refine(isStorableText, PROJECT_MESSAGES.nulCharacter);

export const roomRefSchema = z.object({ room_id: idSchema() });
export const sendMessageSchema = z
  .object({
    room_id: idSchema(),
    message: messageText.default(''),
    /** A link answered by POST /api/files?kind=chat_attachment. */
    attachments: fileRefSchema(CHAT_MESSAGES.badAttachment),
    // The original design's payload carries these; the server takes the sender from the socket's
    // session and the receiver from the room, never from here.
    sender_id: z.string().optional(),
    receiver_id: z.string().optional(),
  })
  .refine((v) => canSendMessage(v.message, v.attachments), { message: CHAT_MESSAGES.empty });
export const messageReadSchema = z.object({
  room_id: idSchema(),
  message_ids: z.array(idSchema()).min(1).max(MAX_MESSAGES_PAGE_SIZE, { abort: true }),
});
