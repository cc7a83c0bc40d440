// Socket.IO event names and payloads (spec §7), typed once for both sides.

export type NotificationDto = {
  id: string;
  message: string;
  created_at: string;
  is_read: boolean;
  notification_link: string | null;
};

export interface ServerToClientEvents {
  'new-notification': (notification: NotificationDto) => void;
  new_message_notification: () => void;
  receive_message: (message: unknown) => void;
  user_typing: (payload: { room_id: string; user_id: string }) => void;
  message_read_ack: (payload: { room_id: string; message_ids: string[] }) => void;
  online_status: (payload: { user_id: string; online: boolean }) => void;
  online_status_list: (userIds: string[]) => void;
}

export interface ClientToServerEvents {
  join: (userId: string) => void;
  user_connected: (userId: string) => void;
  join_room: (roomId: string) => void;
  mark_messages_read: (payload: { room_id: string }) => void;
  message_read: (payload: { room_id: string; message_ids: string[] }) => void;
  send_message: (payload: {
    room_id: string;
    sender_id: string;
    receiver_id: string;
    message: string;
    attachments?: string | null;
  }) => void;
  typing: (payload: { room_id: string }) => void;
}

/** The client's reconnection options (spec §9). */
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
