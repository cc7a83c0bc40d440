// The chat's socket events (docs/PRODUCT.md#api). Every payload is parsed with its shared schema and
// every event answers through its acknowledgement: `{ ok: true, ... }` or
// `{ ok: false, message }` — a bad payload never throws out of a handler.
import {
  CHAT_MESSAGES,
  messageReadSchema,
  roomRefSchema,
  type SocketAck,
  sendMessageSchema,
  userRoom,
} from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppSocket } from '../../realtime/realtime.ts';
import { isRoomMember, otherMember } from './chat.policy.ts';
import { chatPartners, chatRoomKey, markRead, readableRoom, sendMessage } from './chat.service.ts';

/** Typing events closer together than this are not relayed (the browser sends one a second). */
const TYPING_MIN_GAP_MS = 300;

export function registerChatSockets(ctx: AppContext): void {
  const { realtime } = ctx;

  // Everyone who shares a room with a user sees them come and go.
  realtime.onPresence(async (userId, online) => {
    try {
      const partners = await chatPartners(ctx.db, userId);
      if (partners.length > 0)
        realtime.io.to(partners.map(userRoom)).emit('online_status', { user_id: userId, online });
    } catch (err) {
      ctx.log.error({ err }, 'presence broadcast failed');
    }
  });

  realtime.onConnection((_io, socket) => {
    const user = socket.data.user;
    if (user) {
      chatPartners(ctx.db, user.id)
        .then((partners) => realtime.onlineAmong(partners))
        .then((online) => socket.emit('online_status_list', online))
        .catch((err) => ctx.log.error({ err }, 'online list failed'));
    }
    /** Rooms this socket joined as a member (an admin reading a dispute only listens). */
    const memberOf = new Set<string>();
    let lastTyping = 0;

    handle(ctx, socket, 'join_room', roomRefSchema, async (me, { room_id }) => {
      const room = await readableRoom(ctx.db, me, room_id);
      await socket.join(chatRoomKey(room.id));
      if (!isRoomMember(me, room)) return { online: false };
      memberOf.add(room.id);
      return { online: await realtime.isOnline(otherMember(room, me.id)) };
    });

    handle(ctx, socket, 'send_message', sendMessageSchema, async (me, payload) => ({
      message: await sendMessage(ctx, me, payload),
    }));

    handle(ctx, socket, 'typing', roomRefSchema, async (me, { room_id }) => {
      if (!memberOf.has(room_id)) throw new AppError('FORBIDDEN', CHAT_MESSAGES.notMember);
      const now = Date.now();
      if (now - lastTyping >= TYPING_MIN_GAP_MS) {
        lastTyping = now;
        socket.to(chatRoomKey(room_id)).emit('user_typing', { room_id, user_id: me.id });
      }
      return {};
    });

    handle(ctx, socket, 'mark_messages_read', roomRefSchema, async (me, { room_id }) => ({
      message_ids: await markRead(ctx, me, room_id),
    }));

    handle(ctx, socket, 'message_read', messageReadSchema, async (me, { room_id, message_ids }) => ({
      message_ids: await markRead(ctx, me, room_id, message_ids),
    }));
  });
}

function handle<S extends z.ZodType, R extends object>(
  ctx: AppContext,
  socket: AppSocket,
  event: string,
  schema: S,
  run: (user: UserRow, payload: z.output<S>) => Promise<R>,
): void {
  // Payloads come from anywhere: the event is registered untyped and parsed below.
  (socket as unknown as { on(e: string, fn: (payload: unknown, ack: unknown) => void): void }).on(
    event,
    (payload, ack) => {
      const reply: SocketAck<R> = typeof ack === 'function' ? (ack as SocketAck<R>) : () => {};
      const user = socket.data.user;
      if (!user) return reply({ ok: false, message: CHAT_MESSAGES.signInFirst });
      const parsed = schema.safeParse(payload);
      if (!parsed.success)
        return reply({ ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid request.' });
      run(user, parsed.data).then(
        (result) => reply({ ok: true, ...result }),
        (err) => {
          if (err instanceof AppError) return reply({ ok: false, message: err.message });
          ctx.log.error({ err, event }, 'socket event failed');
          reply({ ok: false, message: CHAT_MESSAGES.serverError });
        },
      );
    },
  );
}
