import { z } from 'zod';

/** Every error code the API answers, with its HTTP status. The web may branch on `code`. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  PROVIDER_ERROR: 502,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

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
