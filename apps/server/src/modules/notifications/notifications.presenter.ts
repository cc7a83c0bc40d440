// What a notification looks like in an answer and a push.
import type { NotificationDto } from '@app/shared';
import type { notifications } from '../../db/schema/index.ts';

type NotificationRow = typeof notifications.$inferSelect;

export function presentNotification(row: NotificationRow): NotificationDto {
  return {
    id: row.id,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    is_read: row.isRead,
    notification_link: row.notificationLink,
  };
}
