// Problems on a project under way (docs/PRODUCT.md#what-it-does: 'Disputes are mediated by the support team';
// docs/PRODUCT.md#project-lifecycle): the client or the engineer reports one, the project
// becomes `problem` and its money is frozen until staff release it to the engineer or
// refund the client.
import { z } from 'zod';
import { formatCount } from './numbers.ts';

/** How staff settle a problem (`split`: part to the engineer, the rest back to the client). */
export const DISPUTE_OUTCOMES = ['released', 'refunded', 'split'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
/** `withdrawn`: its reporter took it back and the deal went on; `refunded` also when the client refunded in the window. */
export const DISPUTE_STATUSES = ['open', ...DISPUTE_OUTCOMES, 'withdrawn'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_LIMITS = { description: 5_000, note: 2_000 } as const;

export const DISPUTE_MESSAGES = {
  descriptionRequired: 'Describe the problem so support can help.',
  descriptionTooLong: `The description can be at most ${formatCount(DISPUTE_LIMITS.description)} characters.`,
  noteTooLong: `The note can be at most ${formatCount(DISPUTE_LIMITS.note)} characters.`,
  onlyParties: 'Only the client and the engineer of this project can report a problem.',
  notUnderWay: 'A problem can be reported only while the project is assigned or in progress.',
  alreadyReported: 'A problem has already been reported on this project; support is handling it.',
  refundUnderWay: 'The client’s refund of this payment is under way: the deal ends when it completes.',
  reported: 'Problem reported. Our support team will contact you.',
  notFound: 'Problem report not found.',
  onlyStaff: 'Only support staff can settle a problem.',
  alreadySettled: 'This problem has already been settled.',
  chooseOutcome: 'Choose to release the payment to the engineer, refund the client, or split it.',
  released: 'The payment was released to the engineer and the project completed.',
  refunding: 'The refund to the client is on its way; the project will be closed.',
} as const;

const text = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, { message: tooLong, abort: true })
    .refine((v) => !v.includes('\u0000'), 'Remove the NUL characters from this text.');

/** POST /api/projects/{id}/problem. */
export const reportProblemBodySchema = z.object({
  description: text(
    DISPUTE_MESSAGES.descriptionRequired,
    DISPUTE_LIMITS.description,
    DISPUTE_MESSAGES.descriptionTooLong,
  ),
});
export type ReportProblemBody = z.input<typeof reportProblemBodySchema>;

// POST /api/disputes/{id}/resolve (staff): settleBodySchema in deals.ts.

export const disputeSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  project_title: z.string(),
  ticket_id: z.string().nullable(),
  ticket_number: z.string().nullable(),
  reported_by: z.string(),
  reported_by_name: z.string(),
  description: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  resolution_note: z.string().nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
  /** The money at stake: the payment held in escrow, in cents (0 when none). */
  escrow_cents: z.number().int(),
  client_name: z.string(),
  engineer_name: z.string().nullable(),
  /** Settled split: the engineer's part before the fee, and the client's refund (cents). */
  engineer_cents: z.number().int().nullable(),
  client_refund_cents: z.number().int().nullable(),
  /** What the caller may do: staff settle an open dispute; its reporter withdraws it. */
  abilities: z.object({ resolve: z.boolean(), withdraw: z.boolean() }),
});
export type DisputeDto = z.infer<typeof disputeSchema>;
