// Deliverables (docs/PRODUCT.md#data Submission, docs/PRODUCT.md#states, docs/PRODUCT.md#validation, docs/PRODUCT.md#messages): the stamped PDF an engineer submits for
// a project, the client's decision on it, and the result of the check of the PDF's
// embedded digital signatures. The original design's texts are the texts both sides show.

import { z } from 'zod';
import { idSchema } from './api.ts';
import { fileRefSchema } from './files.schemas.ts';
import { formatCount } from './numbers.ts';
import { isStorableText } from './projects.ts';
import { pdfSignatureSchema } from './seals.ts';
import { BIDI_MESSAGE, hasNoBidiControls } from './text.ts';

export const SUBMISSION_MESSAGES = {
  // docs/PRODUCT.md#messages (toasts shown for 3 seconds).
  fileUploaded: 'File uploaded successfully!',
  fileUploadFailed: 'File upload failed.',
  created: 'Submission created successfully!',
  updated: 'Submission updated successfully!',
  saveFailed: 'Failed to save submission.',
  accepted: 'Submission Accepted!',
  rejected: 'Submission Rejected!',
  decideFailed: 'Failed to update submission. Please try again',
  downloadFailed: 'Download failed',
  empty: 'No submissions yet.',
  // docs/PRODUCT.md#validation: title and description required.
  titleRequired: 'Title is required.',
  descriptionRequired: 'Description is required.',
  fileRequired: 'Attach the stamped drawings as a PDF.',
  invalidFile: 'Attach a PDF you uploaded for this submission.',
  pdfTooComplex:
    'This PDF has more signatures or signed data than a drawing set carries, so it cannot be checked. Flatten it and sign it once, then upload it again.',
  pdfTooSlow:
    'This PDF took too long to check. Flatten it and sign it once, then upload it again; if that does not help, contact support.',
  pdfChecksBusy: 'Deliverables are being checked for many people right now. Please try again in a minute.',
  commentTooLong: 'The comment can be at most 2,000 characters.',
  // Who and when.
  notFound: 'Submission not found.',
  projectNotFound: 'Project not found.',
  notYourProject: 'Only the client and the engineer of this project can see its submissions.',
  onlyEngineer: 'Only the engineer hired for this project can submit deliverables.',
  asYourself: 'You can only submit deliverables as yourself.',
  onlyOwner: 'Only the project owner can accept or reject submissions.',
  notEditable: 'Only a pending submission can be edited.',
  alreadyDecided: 'This submission has already been accepted or rejected.',
  pendingExists:
    'You already have a submission waiting for the client’s decision. Update it instead of sending another.',
  projectNotActive: 'Submissions can be sent only while the project is assigned or in progress.',
  problemReported:
    'A problem was reported on this project; submissions are on hold until support settles it.',
  refundPending:
    'A refund of this project’s payment is being processed, so its submissions cannot be accepted.',
  noEscrow: 'This project has no payment held in escrow to release.',
} as const;

export const SUBMISSION_LIMITS = { title: 200, description: 5_000, comment: 2_000 } as const;
/** How long the original design's submission toasts stay (docs/PRODUCT.md#limits). */
export const SUBMISSION_TOAST_MS = 3_000;

const text = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, { message: tooLong, abort: true })
    .refine(isStorableText, 'Remove the NUL characters from this text.');

const titleSchema = text(
  SUBMISSION_MESSAGES.titleRequired,
  SUBMISSION_LIMITS.title,
  `The title can be at most ${SUBMISSION_LIMITS.title} characters.`,
).refine(hasNoBidiControls, BIDI_MESSAGE);
const descriptionSchema = text(
  SUBMISSION_MESSAGES.descriptionRequired,
  SUBMISSION_LIMITS.description,
  `The description can be at most ${formatCount(SUBMISSION_LIMITS.description)} characters.`,
);
/** The deliverable: the link answered by POST /api/files?kind=deliverable. */
const deliverableRef = fileRefSchema(SUBMISSION_MESSAGES.invalidFile).refine(
  (v) => v !== null,
  SUBMISSION_MESSAGES.fileRequired,
);

/** POST /api/submissions (docs/PRODUCT.md#api). `engineer_id` must be the caller. */
export const createSubmissionBodySchema = z.object({
  project_id: idSchema(SUBMISSION_MESSAGES.projectNotFound),
  engineer_id: idSchema(SUBMISSION_MESSAGES.asYourself),
  title: titleSchema,
  description: descriptionSchema,
  attachments: deliverableRef,
});
export type CreateSubmissionBody = z.input<typeof createSubmissionBodySchema>;

/** PUT /api/submissions/{id}: a pending submission's fields; left-out fields stay. */
export const updateSubmissionBodySchema = z.object({
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  attachments: deliverableRef.optional(),
});
export type UpdateSubmissionBody = z.input<typeof updateSubmissionBodySchema>;

/** PATCH /api/submissions/{id}/approve: accept, or reject with an optional comment. */
export const decideSubmissionBodySchema = z.object({
  client_acceptance: z.boolean({ error: 'Say whether you accept the submission (true or false).' }),
  comment: z
    .string()
    .trim()
    .max(SUBMISSION_LIMITS.comment, { message: SUBMISSION_MESSAGES.commentTooLong, abort: true })
    .refine(isStorableText, 'Remove the NUL characters from this text.')
    .nullish()
    .transform((v) => v || null),
});
export type DecideSubmissionBody = z.input<typeof decideSubmissionBodySchema>;

/** docs/PRODUCT.md#limits submission filters and sort. */
export const SUBMISSION_FILTERS = ['all', 'pending', 'accepted', 'rejected'] as const;
export type SubmissionFilter = (typeof SUBMISSION_FILTERS)[number];
export const SUBMISSION_SORTS = ['newest', 'oldest'] as const;
export type SubmissionSort = (typeof SUBMISSION_SORTS)[number];
export const submissionListQuerySchema = z.object({
  status: z.enum(SUBMISSION_FILTERS, { error: 'Unknown status filter.' }).default('all'),
  sort: z.enum(SUBMISSION_SORTS, { error: 'Sort by newest or oldest.' }).default('newest'),
});
export type SubmissionListQuery = z.input<typeof submissionListQuerySchema>;

/** Where a submission stands: docs/PRODUCT.md#data client_acceptance null / true / false. */
export function submissionState(clientAcceptance: boolean | null): Exclude<SubmissionFilter, 'all'> {
  if (clientAcceptance === null) return 'pending';
  return clientAcceptance ? 'accepted' : 'rejected';
}

// The signature check of a deliverable PDF lives in seals.ts (re-exported here for the
// submission answer and older imports).
export * from './seals.ts';

// ---------------------------------------------------------------------------------------
// Answers (docs/PRODUCT.md#data field names).

export const submissionSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  project_title: z.string(),
  engineer_id: z.string(),
  engineer_name: z.string(),
  title: z.string(),
  description: z.string(),
  /** Link of the private PDF (`/files/<name>`): readable by the client, the engineer and admins. */
  attachments: z.string(),
  /** The PDF's name as the engineer uploaded it; null when unknown. */
  attachment_name: z.string().nullable(),
  file_sha256: z.string(),
  file_size: z.number().int(),
  signature: pdfSignatureSchema,
  /** null pending, true accepted, false rejected (docs/PRODUCT.md#data). */
  client_acceptance: z.boolean().nullable(),
  /** The client's comment when rejecting. */
  decision_comment: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the caller may do with it (the server accepts exactly these). */
  abilities: z.object({ update: z.boolean(), decide: z.boolean() }),
});
export type SubmissionDto = z.infer<typeof submissionSchema>;
export const submissionListSchema = z.array(submissionSchema);

/** GET /api/submissions/project/{projectId} adds what the page needs to offer a new submission. */
export const projectSubmissionsSchema = z.object({
  project_id: z.string(),
  project_title: z.string(),
  project_status: z.string(),
  submissions: submissionListSchema,
  abilities: z.object({ create: z.boolean() }),
});
export type ProjectSubmissionsDto = z.infer<typeof projectSubmissionsSchema>;
