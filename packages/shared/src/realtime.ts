// Socket.IO event names and payloads (docs/PRODUCT.md#api), typed once for both sides.
import type { ChatMessage } from './chat.ts';
import type { DealChangedEvent } from './deals.ts';

export type NotificationDto = {
  id: string;
  message: string;
  created_at: string;
  is_read: boolean;
  notification_link: string | null;
};

/** Answer of a client -> server event: its result, or a message fit to show. */
export type SocketAck<T = Record<never, never>> = (
  result: ({ ok: true } & T) | { ok: false; message: string },
) => void;

export interface ServerToClientEvents {
  'new-notification': (notification: NotificationDto) => void;
  /**
   * To both parties of a deal (and admins): it moved. The web reads again what it shows of
   * that project (its page, submissions, proposals, wallet, payments) by cache tag.
   */
  'deal-changed': (event: DealChangedEvent) => void;
  /** To the receiver's own sockets, wherever they are: a message arrived in one of their rooms. */
  new_message_notification: (payload: { room_id: string }) => void;
  /** To the sockets that joined the room. */
  receive_message: (message: ChatMessage) => void;
  user_typing: (payload: { room_id: string; user_id: string }) => void;
  /** The reader read these messages of the room. */
  message_read_ack: (payload: { room_id: string; message_ids: string[]; reader_id: string }) => void;
  online_status: (payload: { user_id: string; online: boolean }) => void;
  /** Sent on connection: who, among the people the user chats with, is online. */
  online_status_list: (userIds: string[]) => void;
}

export interface ClientToServerEvents {
  join: (userId: string) => void;
  user_connected: (userId: string) => void;
  join_room: (payload: { room_id: string }, ack?: SocketAck<{ online: boolean }>) => void;
  mark_messages_read: (payload: { room_id: string }, ack?: SocketAck<{ message_ids: string[] }>) => void;
  message_read: (
    payload: { room_id: string; message_ids: string[] },
    ack?: SocketAck<{ message_ids: string[] }>,
  ) => void;
  send_message: (
    payload: {
      room_id: string;
      sender_id?: string;
      receiver_id?: string;
      message: string;
      attachments?: string | null;
    },
    ack?: SocketAck<{ message: ChatMessage }>,
  ) => void;
  typing: (payload: { room_id: string }, ack?: SocketAck) => void;
}

/** The client's reconnection options (docs/PRODUCT.md#limits). */
export const SOCKET_OPTIONS = {
  path: '/socket.io',
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} as const;

export const userRoom = (userId: string) => `user:${userId}`;
