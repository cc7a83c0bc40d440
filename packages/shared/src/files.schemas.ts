// The request and response shapes (zod schemas) of files.ts, in a module of their
// own: a page that shows one of its messages or uses one of its rules does not load zod
// with it (docs/PERFORMANCE.md#a-visitors-first-page).
import { z } from 'zod';
import { FILE_KIND_NAMES, FILE_MESSAGES, storedFileName } from './files.ts';

/** A field holding an uploaded file's link; '' or null means none. */
export function fileRefSchema(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(2048, { message: message, abort: true })
    .refine((v) => v === '' || storedFileName(v) !== null, message)
    .nullish()
    .transform((v) => (v ? v : null));
}

// POST /api/files?kind=... (multipart, field `file`)
export const uploadQuerySchema = z.object({
  kind: z.enum(FILE_KIND_NAMES, { error: FILE_MESSAGES.kindRequired }),
});
export const uploadResponseSchema = z.object({
  /** The site-relative link (`/files/<name>`) to put into the field the file is for. */
  secure_url: z.string(),
  kind: z.enum(FILE_KIND_NAMES),
  content_type: z.string(),
  size: z.number().int(),
  /** The name the file had, cleaned (file-names.ts); null when it had none worth keeping. */
  file_name: z.string().nullable(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
