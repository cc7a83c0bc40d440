// The request and response shapes (zod schemas) of proposals.ts, in a module of their
// own: a page that shows one of its messages or uses one of its rules does not load zod
// with it (docs/PERFORMANCE.md#a-visitors-first-page).

import { z } from 'zod';
import { idSchema } from './api.ts';
import { LICENSE_TYPES, PROJECT_STATUSES, PROPOSAL_STATUSES } from './enums.ts';
import { isStorableText, PROJECT_MESSAGES } from './projects.ts';
import {
  ENGINEER_SETUP_STEPS,
  MAX_DELIVERY_DAYS,
  MAX_PROPOSAL_CENTS,
  PROPOSAL_MESSAGES,
} from './proposals.ts';

/** Whole cents from 0 up; every other value (fraction, negative, text, missing) gets the product's message. */
export const proposalAmountSchema = z
  .number({ error: PROPOSAL_MESSAGES.validAmount })
  .int(PROPOSAL_MESSAGES.validAmount)
  .min(0, PROPOSAL_MESSAGES.validAmount)
  .max(MAX_PROPOSAL_CENTS, { message: PROPOSAL_MESSAGES.validAmount, abort: true });

const proposalDescription = z
  .string({ error: PROPOSAL_MESSAGES.descriptionRequired })
  .trim()
  .min(1, PROPOSAL_MESSAGES.descriptionRequired)
  .max(10_000, { message: 'Description must be at most 10,000 characters.', abort: true })
  .refine(isStorableText, PROJECT_MESSAGES.nulCharacter);
/** Whole days from 1 to MAX_DELIVERY_DAYS: when the engineer will deliver, counted from payment. */
export const deliveryDaysSchema = z
  .number({ error: PROPOSAL_MESSAGES.deliveryDays })
  .int(PROPOSAL_MESSAGES.deliveryDays)
  .min(1, PROPOSAL_MESSAGES.deliveryDays)
  .max(MAX_DELIVERY_DAYS, { message: PROPOSAL_MESSAGES.deliveryDays, abort: true });

const proposalLicenseType = z.enum(LICENSE_TYPES, { error: PROPOSAL_MESSAGES.licenseTypeRequired });

/** What the engineer fills in, create and update alike (the web form extends it). */
export const proposalFormSchema = z.object({
  description: proposalDescription,
  license_type: proposalLicenseType,
  proposed_amount: proposalAmountSchema,
  delivery_days: deliveryDaysSchema,
});
export type ProposalFormResult = z.output<typeof proposalFormSchema>;

// POST /api/proposals/create/{engineerId}
export const createProposalBodySchema = z.object({
  project_id: idSchema('Project ID is missing.'),
  description: proposalDescription,
  license_type: proposalLicenseType,
  proposed_amount: proposalAmountSchema,
  delivery_days: deliveryDaysSchema,
});
export type CreateProposalBody = z.input<typeof createProposalBodySchema>;

// PUT /api/proposals/update/{proposalId}: the same form; project_id may be sent but must
// be the proposal's own project.
export const updateProposalBodySchema = z.object({
  project_id: idSchema(PROPOSAL_MESSAGES.projectMismatch).optional(),
  description: proposalDescription,
  license_type: proposalLicenseType,
  proposed_amount: proposalAmountSchema,
  delivery_days: deliveryDaysSchema,
});
export type UpdateProposalBody = z.input<typeof updateProposalBodySchema>;

// PUT /api/proposals/status/{userId}
export const proposalStatusBodySchema = z.object({
  proposal_id: idSchema('Proposal ID is missing.'),
  new_status: z.enum(PROPOSAL_STATUSES, { error: 'Unknown proposal status.' }),
});
export type ProposalStatusBody = z.input<typeof proposalStatusBodySchema>;

export const proposalIdParamsSchema = z.object({ proposalId: idSchema() });
export const proposalEngineerIdParamsSchema = z.object({
  engineerId: idSchema(),
});
export const proposalProjectIdParamsSchema = z.object({
  projectId: idSchema(),
});
export const invitationParamsSchema = z.object({
  projectId: idSchema(PROPOSAL_MESSAGES.selectProject),
  engineerUserId: idSchema(),
});

/** `?status=` of the engineer's proposal list; absent, '' or 'all' = every status. */
export const proposalStatusFilterQuerySchema = z.object({
  status: z
    .union([z.literal(''), z.literal('all'), z.enum(PROPOSAL_STATUSES)], {
      error: 'Unknown proposal status.',
    })
    .optional()
    .transform((v) => (v && v !== 'all' ? v : undefined)),
});

// ---------------------------------------------------------------------------------------
// Answers (docs/PRODUCT.md#data field names). proposed_amount is cents.
export const proposalSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  engineer_id: z.string(),
  description: z.string(),
  license_type: z.enum(LICENSE_TYPES),
  proposed_amount: z.number().int(),
  /** Days from payment to delivery; null on proposals sent before it was asked. */
  delivery_days: z.number().int().nullable(),
  status: z.enum(PROPOSAL_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProposalDto = z.infer<typeof proposalSchema>;

/** GET /api/proposals/project/{projectId} (owner): with the engineer's name and picture. */
export const projectProposalSchema = proposalSchema.extend({
  full_name: z.string(),
  profile_picture: z.string().nullable(),
  /** Where the engineer's licences of the proposal's type fit the project: 'Texas, USA'. */
  licensed_in: z.array(z.string()),
});
export type ProjectProposalDto = z.infer<typeof projectProposalSchema>;

/** GET /api/proposals/engineer/{engineerId}: with the project's title and status. */
export const engineerProposalSchema = proposalSchema.extend({
  project_title: z.string(),
  project_status: z.enum(PROJECT_STATUSES),
});
export type EngineerProposalDto = z.infer<typeof engineerProposalSchema>;

export const proposalCountSchema = z.object({ count: z.number().int() });

export const eligibilitySchema = z.object({ ok: z.boolean(), message: z.string().optional() });
export type EligibilityDto = z.infer<typeof eligibilitySchema>;

export const invitationSchema = z.object({
  message: z.string(),
  project_id: z.string(),
  engineer_id: z.string(),
  created_at: z.string(),
});
export type InvitationDto = z.infer<typeof invitationSchema>;

/** GET /api/proposals/setup: the new engineer's checklist (engineerSetup). */
export const engineerSetupSchema = z.object({
  done: z.boolean(),
  steps: z.array(
    z.object({
      step: z.enum(ENGINEER_SETUP_STEPS),
      done: z.boolean(),
      title: z.string(),
      detail: z.string(),
    }),
  ),
});
export type EngineerSetupDto = z.infer<typeof engineerSetupSchema>;
