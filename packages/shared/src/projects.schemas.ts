// The request and response shapes (zod schemas) of projects.ts, in a module of their
// own: a page that shows one of its messages or uses one of its rules does not load zod
// with it (docs/PERFORMANCE.md#a-visitors-first-page).

import { z } from 'zod';
import { idSchema } from './api.ts';
import { LICENSE_TYPES, PROJECT_STATUSES, SPECIALIZATIONS, URGENCY_LEVELS } from './enums.ts';
import { fileRefSchema } from './files.schemas.ts';
import { COUNTRIES } from './geography.ts';
import { PROJECT_SORTS, type ProjectSort } from './project-list.ts';
import {
  deadlineProblem,
  earliestToday,
  isStorableText,
  isValidDeadline,
  MAX_BUDGET_CENTS,
  missingProjectFields,
  PROJECT_LIMITS,
  PROJECT_MESSAGES,
  projectLocationProblem,
} from './projects.ts';
import { BIDI_MESSAGE, hasNoBidiControls } from './text.ts';

const nullableText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { message: message, abort: true })
    .refine(isStorableText, PROJECT_MESSAGES.nulCharacter)
    .nullish()
    .transform((v) => (v ? v : null));

// Fields of the project form; each must be valid when present (docs/PRODUCT.md#validation), and empty strings
// count as "not given". Which ones a new project must have: missingProjectFields.
const projectFields = {
  title: z
    .string({ error: PROJECT_MESSAGES.titleRequired })
    .trim()
    .min(1, PROJECT_MESSAGES.titleRequired)
    .max(PROJECT_LIMITS.title, { message: PROJECT_MESSAGES.titleTooLong, abort: true })
    .refine(isStorableText, PROJECT_MESSAGES.nulCharacter)
    .refine(hasNoBidiControls, BIDI_MESSAGE),
  description: z
    .string({ error: PROJECT_MESSAGES.descriptionRequired })
    .trim()
    .min(1, PROJECT_MESSAGES.descriptionRequired)
    .max(PROJECT_LIMITS.description, { message: PROJECT_MESSAGES.descriptionTooLong, abort: true })
    .refine(isStorableText, PROJECT_MESSAGES.nulCharacter),
  specializations: z
    .array(z.enum(SPECIALIZATIONS, { error: PROJECT_MESSAGES.invalidSpecialization }), {
      error: PROJECT_MESSAGES.invalidSpecialization,
    })
    .max(SPECIALIZATIONS.length, { message: PROJECT_MESSAGES.invalidSpecialization, abort: true })
    .transform((list) => [...new Set(list)]),
  license_type: z
    .union([z.literal(''), z.enum(LICENSE_TYPES)], { error: PROJECT_MESSAGES.invalidLicenseType })
    .nullish()
    .transform((v) => (v ? v : null)),
  budget: z
    .number({ error: PROJECT_MESSAGES.invalidBudget })
    .int(PROJECT_MESSAGES.invalidBudget)
    .min(0, PROJECT_MESSAGES.invalidBudget)
    .max(MAX_BUDGET_CENTS, { message: PROJECT_MESSAGES.invalidBudget, abort: true })
    .nullish()
    .transform((v) => v ?? null),
  deadline: z
    .string({ error: PROJECT_MESSAGES.invalidDeadline })
    .trim()
    .max(10, { message: PROJECT_MESSAGES.invalidDeadline, abort: true })
    .refine((v) => v === '' || isValidDeadline(v), PROJECT_MESSAGES.invalidDeadline)
    .nullish()
    .transform((v) => (v ? v : null)),
  country: z
    .union([z.literal(''), z.enum(COUNTRIES)], { error: PROJECT_MESSAGES.invalidCountry })
    .nullish()
    .transform((v) => (v ? v : null)),
  state: nullableText(100, PROJECT_MESSAGES.invalidState),
  /** A file address answered by POST /api/files; the server also checks it is its own. */
  attachments: fileRefSchema(PROJECT_MESSAGES.invalidAttachment),
  notes: nullableText(PROJECT_LIMITS.notes, PROJECT_MESSAGES.notesTooLong),
  urgency_level: z
    .union([z.literal(''), z.enum(URGENCY_LEVELS)], { error: PROJECT_MESSAGES.invalidUrgency })
    .nullish()
    .transform((v) => (v ? v : null)),
};

/** Title and description as the form and the server check them (the web form extends it). */
export const projectTextSchema = z.object({
  title: projectFields.title,
  description: projectFields.description,
});

// POST /api/projects/{userId}
export const createProjectBodySchema = z
  .object({
    ...projectFields,
    specializations: projectFields.specializations.optional().transform((v) => v ?? []),
  })
  .superRefine((v, ctx) => {
    for (const m of missingProjectFields(v))
      ctx.addIssue({ code: 'custom', path: [m.field], message: m.message });
    const problem = projectLocationProblem(v.country, v.state);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    const late = v.deadline ? deadlineProblem(v.deadline, earliestToday(new Date())) : null;
    if (late) ctx.addIssue({ code: 'custom', path: ['deadline'], message: late });
  });
export type CreateProjectBody = z.input<typeof createProjectBodySchema>;
export type CreateProjectInput = z.output<typeof createProjectBodySchema>;

// PUT /api/projects/{id}: fields left out keep their value; null or '' clears an optional
// field, but not one a new project must have (a project saved before that rule keeps its
// missing values until the owner fills them in). The server checks the state against the
// country after merging.
const REQUIRED_ON_UPDATE = {
  specializations: PROJECT_MESSAGES.specializationRequired,
  license_type: PROJECT_MESSAGES.licenseTypeRequired,
  budget: PROJECT_MESSAGES.budgetRequired,
  country: PROJECT_MESSAGES.countryRequired,
} as const;
export const updateProjectBodySchema = z
  .object({
    title: projectFields.title.optional(),
    description: projectFields.description.optional(),
    specializations: projectFields.specializations.optional(),
    license_type: projectFields.license_type.optional(),
    budget: projectFields.budget.optional(),
    deadline: projectFields.deadline.optional(),
    country: projectFields.country.optional(),
    state: projectFields.state.optional(),
    attachments: projectFields.attachments.optional(),
    notes: projectFields.notes.optional(),
    urgency_level: projectFields.urgency_level.optional(),
  })
  .superRefine((v, ctx) => {
    for (const [field, message] of Object.entries(REQUIRED_ON_UPDATE)) {
      if (!(field in v) || v[field as keyof typeof v] === undefined) continue;
      const value = v[field as keyof typeof REQUIRED_ON_UPDATE];
      const empty = value == null || (Array.isArray(value) && value.length === 0) || value === 0;
      if (empty) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type UpdateProjectBody = z.input<typeof updateProjectBodySchema>;
export type UpdateProjectInput = z.output<typeof updateProjectBodySchema>;

// A non-negative whole number in a query string ('' means not given).
const centsQuery = (message: string) =>
  z
    .string()
    .trim()
    .max(10, { message, abort: true })
    .regex(/^\d{0,10}$/, message)
    .transform((v) => (v === '' ? undefined : Number(v)))
    .refine((v) => v === undefined || v <= MAX_BUDGET_CENTS, message)
    .optional();
const optionalEnumQuery = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.literal(''), z.enum(values)], { error: message })
    .optional()
    .transform((v) => (v ? (v as T[number]) : undefined));

// GET /api/projects
export const projectListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, { message: 'Search text must be at most 200 characters.', abort: true })
    .refine(isStorableText, PROJECT_MESSAGES.nulCharacter)
    .optional()
    .transform((v) => (v ? v : undefined)),
  specialization: optionalEnumQuery(SPECIALIZATIONS, PROJECT_MESSAGES.invalidSpecialization),
  license_type: optionalEnumQuery(LICENSE_TYPES, PROJECT_MESSAGES.invalidLicenseType),
  country: optionalEnumQuery(COUNTRIES, PROJECT_MESSAGES.invalidCountry),
  state: z
    .string()
    .trim()
    .max(100, { message: PROJECT_MESSAGES.invalidState, abort: true })
    .refine(isStorableText, PROJECT_MESSAGES.nulCharacter)
    .optional()
    .transform((v) => (v ? v : undefined)),
  min_budget: centsQuery('Minimum budget must be a whole number of cents, 0 or more.'),
  max_budget: centsQuery('Maximum budget must be a whole number of cents, 0 or more.'),
  urgency: optionalEnumQuery(URGENCY_LEVELS, PROJECT_MESSAGES.invalidUrgency),
  status: z
    .union([z.literal(''), z.enum(PROJECT_STATUSES)], { error: 'Unknown project status.' })
    .optional()
    .transform((v) => (v ? v : 'open')),
  sort: z
    .union([z.literal(''), z.enum(PROJECT_SORTS)], { error: 'Unknown sort order.' })
    .optional()
    .transform((v): ProjectSort => (v ? v : 'newest')),
  page: z
    .string()
    .trim()
    .max(6, { message: 'Page must be a number from 1.', abort: true })
    .regex(/^\d{1,6}$/, 'Page must be a number from 1.')
    .transform(Number)
    .refine((n) => n >= 1, 'Page must be a number from 1.')
    .optional()
    .transform((n) => n ?? 1),
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;
export type ProjectListFilters = z.output<typeof projectListQuerySchema>;

/** `?status=` of the client's and engineer's project lists; absent or '' or 'all' = every status. */
export const projectStatusFilterQuerySchema = z.object({
  status: z
    .union([z.literal(''), z.literal('all'), z.enum(PROJECT_STATUSES)], { error: 'Unknown project status.' })
    .optional()
    .transform((v) => (v && v !== 'all' ? v : undefined)),
});

export const projectClientIdParamsSchema = z.object({
  clientId: idSchema(),
});

// ---------------------------------------------------------------------------------------
// Answers (docs/PRODUCT.md#data field names).
export const projectSchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  title: z.string(),
  description: z.string(),
  specializations: z.array(z.string()),
  license_type: z.enum(LICENSE_TYPES).nullable(),
  /** Cents, or null when the client gave none ('N/A'). */
  budget: z.number().int().nullable(),
  /** 'YYYY-MM-DD' or null ('Not specified'). */
  deadline: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  attachments: z.string().nullable(),
  notes: z.string().nullable(),
  urgency_level: z.enum(URGENCY_LEVELS).nullable(),
  status: z.enum(PROJECT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProjectDto = z.infer<typeof projectSchema>;

/** A row of the explore list: the project and the client's company name. */
export const projectListItemSchema = projectSchema.extend({ company_name: z.string().nullable() });
export type ProjectListItemDto = z.infer<typeof projectListItemSchema>;

export const projectListSchema = z.object({
  items: z.array(projectListItemSchema),
  /** Matches counted up to 1,000 past the page's first row; a lower bound when totalIsCapped. */
  total: z.number().int(),
  /** More matches exist than `total` ("1,000+ projects"). */
  totalIsCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProjectListDto = z.infer<typeof projectListSchema>;

/**
 * What the caller may do with the project, computed by the server's policy functions, so
 * the page shows the actions the server will accept instead of guessing from ids and roles.
 * All false for a visitor.
 */
export const projectAbilitiesSchema = z.object({
  /** Update Project (the owner, while open). */
  update: z.boolean(),
  /** Delete Project (the owner, while open). */
  delete: z.boolean(),
  /** The owner's list of every proposal, with accept and reject. */
  list_proposals: z.boolean(),
  /** Apply Now (an engineer, while open); eligibility is checked when the proposal is sent. */
  apply: z.boolean(),
  /** The project record: its client, the hired engineer and staff. */
  read_record: z.boolean(),
  /** The project's deal (GET /api/projects/{id}/deal): its client, the engineer of its latest deal, staff. */
  read_deal: z.boolean(),
});
export type ProjectAbilities = z.infer<typeof projectAbilitiesSchema>;

/** GET /api/projects/id/{id}: the project page with its client block. */
export const projectDetailSchema = projectSchema.extend({
  company_name: z.string().nullable(),
  /** The client's full name, for the initials when there is no company name. */
  client_name: z.string(),
  /** When the client joined (their account's created_at). */
  member_since: z.string(),
  avg_rating: z.number(),
  rating_count: z.number().int(),
  /** The accepted proposal's delivery time in days, once a deal is made (null before, or not stated). */
  delivery_days: z.number().int().nullable(),
  abilities: projectAbilitiesSchema,
});
export type ProjectDetailDto = z.infer<typeof projectDetailSchema>;

/** GET /api/projects/customer/{clientId}: the client's projects with their proposal counts. */
export const customerProjectSchema = projectSchema.extend({
  proposal_count: z.number().int(),
  /** Cents: the accepted proposal's amount once a deal is made, else null (the budget stands). */
  contract_price: z.number().int().nullable(),
});
export type CustomerProjectDto = z.infer<typeof customerProjectSchema>;

/** GET /api/projects/engineer/{id}: projects the engineer won, with the accepted proposal. */
export const engineerProjectSchema = projectSchema.extend({
  company_name: z.string().nullable(),
  /** The client's own name (the Reviews tab and the rating name the person rated). */
  client_name: z.string(),
  proposal_id: z.string(),
  proposed_amount: z.number().int(),
});
export type EngineerProjectDto = z.infer<typeof engineerProjectSchema>;
