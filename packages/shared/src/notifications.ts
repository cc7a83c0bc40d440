import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.string(),
  message: z.string(),
  created_at: z.string(),
  is_read: z.boolean(),
  notification_link: z.string().nullable(),
});
