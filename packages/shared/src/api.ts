import { z } from 'zod';

/** Every error the API answers has this shape; `message` is fit to show a user. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const messageSchema = z.object({ message: z.string() });

export const uuidParam = (name: string) => z.object({ [name]: z.string().uuid({ message: 'Invalid id.' }) });
export const idParamsSchema = z.object({ id: z.string().uuid({ message: 'Invalid id.' }) });
export const userIdParamsSchema = z.object({ userId: z.string().uuid({ message: 'Invalid id.' }) });
