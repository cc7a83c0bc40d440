// Job alerts (docs/ALERTS.md): who hears of a newly opened project, how their mail arrives, and
// the saved Explore searches. The licence rule is the one applying uses (licensesFittingProject).
import { z } from 'zod';
import { idSchema } from './api.ts';
import { projectListQuerySchema } from './projects.schemas.ts';
import { isStorableText } from './projects.ts';
import { type EligibilityLicense, licensesFittingProject, type ProjectPlace } from './proposals.ts';

/** How an engineer's alert mail arrives; in-app notifications come in every case. */
export const ALERT_MAIL_MODES = ['instant', 'daily', 'never'] as const;
export type AlertMailMode = (typeof ALERT_MAIL_MODES)[number];
export const DEFAULT_ALERT_MAIL_MODE: AlertMailMode = 'daily';

export const ALERT_MAIL_MODE_LABELS: Record<AlertMailMode, string> = {
  instant: 'Instantly, one e-mail per project',
  daily: 'Daily digest (at most one e-mail a day)',
  never: 'Never (notifications in the app only)',
};

/** Most saved searches one person keeps; longest name. */
export const SAVED_SEARCH_LIMIT = 20;
export const SAVED_SEARCH_NAME_MAX = 80;

export const ALERT_MESSAGES = {
  engineersOnly: 'Only engineers receive job alerts.',
  badMode: "Choose 'instant', 'daily' or 'never'.",
  nameRequired: 'Give the search a name.',
  nameTooLong: `The name must be at most ${SAVED_SEARCH_NAME_MAX} characters.`,
  tooMany: `You can keep at most ${SAVED_SEARCH_LIMIT} saved searches. Delete one first.`,
  notFound: 'Saved search not found.',
  badLink: 'This unsubscribe link is not valid. Change your alert settings on your profile instead.',
  saved: 'Saved. We will alert you about new projects like these.',
  unsubscribedMail: 'You will no longer receive job alert e-mails. In-app notifications continue.',
  unsubscribedSearch: 'You will no longer receive e-mails for this saved search.',
} as const;

/** The in-app text of an alert (and the instant mail's subject line). */
export function alertMessage(title: string, savedSearchName: string | null): string {
  return savedSearchName
    ? `New project matching your search "${savedSearchName}": "${title}".`
    : `New project you can take: "${title}".`;
}

// ---------------------------------------------------------------------------------------
// Who is alerted.

export type AlertProject = {
  licenseType: string | null;
  specializations: readonly string[];
  budget: number | null;
  urgencyLevel: string | null;
} & ProjectPlace;

/** Licences that let the engineer apply: the same rule as Apply Now (verified, current, type, place). */
export function licenceAllowsAlert(
  licenses: readonly EligibilityLicense[],
  project: AlertProject,
  today: Date,
): boolean {
  return licensesFittingProject(licenses, project, today).length > 0;
}

/**
 * Whether the project is in the engineer's field: they share a specialization. A project that
 * names none is in every field.
 */
export function sharesSpecialization(engineer: readonly string[], project: readonly string[]): boolean {
  if (project.length === 0) return true;
  return project.some((s) => engineer.includes(s));
}

/** Explore's filters as a saved search keeps them (no status, sort or page). */
export const savedSearchFiltersSchema = projectListQuerySchema.pick({
  q: true,
  specialization: true,
  license_type: true,
  country: true,
  state: true,
  urgency: true,
  min_budget: true,
  max_budget: true,
});
export type SavedSearchFilters = z.output<typeof savedSearchFiltersSchema>;
export type SavedSearchFiltersInput = z.input<typeof savedSearchFiltersSchema>;

/**
 * Whether a project passes a saved search's filters other than its words (`q`), which only
 * the database's full-text search can judge: `textMatches` carries that answer.
 */
export function projectMatchesFilters(
  f: SavedSearchFilters,
  project: AlertProject,
  textMatches: boolean,
): boolean {
  if (f.q && !textMatches) return false;
  if (f.specialization && !project.specializations.includes(f.specialization)) return false;
  if (f.license_type && project.licenseType !== f.license_type) return false;
  if (f.country && project.country !== f.country) return false;
  if (f.state && project.state !== f.state) return false;
  if (f.urgency && project.urgencyLevel !== f.urgency) return false;
  if (f.min_budget !== undefined && (project.budget === null || project.budget < f.min_budget)) return false;
  if (f.max_budget !== undefined && (project.budget === null || project.budget > f.max_budget)) return false;
  return true;
}

/** Explore's address (`#/explore?...`) for a saved search's filters. */
export function savedSearchQueryString(f: SavedSearchFilters): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') params.set(k, String(v));
  return params.toString();
}

// ---------------------------------------------------------------------------------------
// Requests and answers.

const nameSchema = z
  .string({ message: ALERT_MESSAGES.nameRequired })
  .trim()
  .min(1, { message: ALERT_MESSAGES.nameRequired })
  .max(SAVED_SEARCH_NAME_MAX, { message: ALERT_MESSAGES.nameTooLong, abort: true })
  .refine(isStorableText, ALERT_MESSAGES.nameRequired);

/** PUT /api/alerts/settings. */
export const alertSettingsInputSchema = z.object({
  mail_mode: z.enum(ALERT_MAIL_MODES, { message: ALERT_MESSAGES.badMode }),
});
export type AlertSettingsInput = z.infer<typeof alertSettingsInputSchema>;

export const alertSettingsSchema = z.object({ mail_mode: z.enum(ALERT_MAIL_MODES) });
export type AlertSettingsDto = z.infer<typeof alertSettingsSchema>;

/** POST /api/alerts/searches. */
export const savedSearchCreateSchema = z.object({
  name: nameSchema,
  filters: savedSearchFiltersSchema,
});
export type SavedSearchCreateInput = z.input<typeof savedSearchCreateSchema>;

/** PATCH /api/alerts/searches/{id}: rename, or turn its mail on or off. */
export const savedSearchUpdateSchema = z
  .object({ name: nameSchema.optional(), mail: z.boolean().optional() })
  .refine((v) => v.name !== undefined || v.mail !== undefined, { message: ALERT_MESSAGES.nameRequired });
export type SavedSearchUpdateInput = z.infer<typeof savedSearchUpdateSchema>;

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  filters: z.object({
    q: z.string().optional(),
    specialization: z.string().optional(),
    license_type: z.string().optional(),
    country: z.string().optional(),
    state: z.string().optional(),
    urgency: z.string().optional(),
    min_budget: z.number().int().optional(),
    max_budget: z.number().int().optional(),
  }),
  /** Whether its alerts are also e-mailed (following the mail choice); off after unsubscribing. */
  mail: z.boolean(),
  created_at: z.string(),
});
export type SavedSearchDto = z.infer<typeof savedSearchSchema>;

export const savedSearchIdParamsSchema = z.object({ id: idSchema(ALERT_MESSAGES.notFound) });

/** What a signed unsubscribe link names: the mail choice, or one saved search. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().max(400, { message: ALERT_MESSAGES.badLink, abort: true }).optional(),
});
