// What a chat message looks like in an answer and an event.
import type { ChatMessage } from '@app/shared';
import type { ChatMessageRow } from '../../db/schema/index.ts';

export function presentMessage(
  row: ChatMessageRow,
  sender: { fullName: string; profilePicture: string | null },
  attachmentName: string | null = null,
): ChatMessage {
  return {
    id: row.id,
    room_id: row.roomId,
    sender_id: row.senderId,
    receiver_id: row.receiverId,
    message: row.message,
    attachments: row.attachments,
    attachment_name: attachmentName,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
    sender_name: sender.fullName,
    sender_profile: sender.profilePicture,
  };
}
