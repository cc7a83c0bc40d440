import { z } from 'zod';

/** Every error the API answers has this shape; `message` is fit to show a user. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const messageSchema = z.object({ message: z.string() });

/** Length of a UUID as text. */
export const UUID_LENGTH = 36;

/** A row id: a UUID, refused for its length before the pattern reads it. */
export const idSchema = (message = 'Invalid id.') =>
  z.string({ error: message }).max(UUID_LENGTH, { message, abort: true }).uuid({ message });

export const uuidParam = (name: string) => z.object({ [name]: idSchema() });
export const idParamsSchema = z.object({ id: idSchema() });
export const userIdParamsSchema = z.object({ userId: idSchema() });
