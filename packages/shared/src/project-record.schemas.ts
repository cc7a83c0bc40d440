// The request and response shapes (zod schemas) of project-record.ts, in a module of their
// own: a page that shows one of its messages or uses one of its rules does not load zod
// with it (docs/PERFORMANCE.md#a-visitors-first-page).
import { z } from 'zod';
import { PROJECT_RECORD_EVENTS } from './project-record.ts';

export const projectRecordEntrySchema = z.object({
  seq: z.number().int(),
  type: z.enum(PROJECT_RECORD_EVENTS),
  actor_id: z.string().nullable(),
  /** What the event was about: ids, amounts in cents, hashes, results. */
  data: z.record(z.string(), z.unknown()),
  at: z.string(),
  prev_hash: z.string(),
  hash: z.string(),
  /** Not covered by the hash: the name of `actor_id` and the entry in words (describeRecordEntry). */
  actor_name: z.string().nullable(),
  summary: z.string(),
});
export type ProjectRecordEntryDto = z.infer<typeof projectRecordEntrySchema>;

export const projectRecordSchema = z.object({
  project_id: z.string(),
  project_title: z.string(),
  entries: z.array(projectRecordEntrySchema),
  /** Whether every entry's hash and link hold. */
  verified: z.boolean(),
  /** The first entry that does not hold, or null. */
  broken_at: z.number().int().nullable(),
  /** The last entry's hash: it stands for the whole record (null while empty). */
  head_hash: z.string().nullable(),
});
export type ProjectRecordDto = z.infer<typeof projectRecordSchema>;
