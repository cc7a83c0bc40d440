// Licences: the request and response shapes, and the one rule every feature uses to
// decide whether a licence counts (apply eligibility, directory badge, profile).
import { z } from 'zod';
import { LICENSE_STATUSES, LICENSE_TYPES, SPECIALIZATIONS } from './enums.ts';
import { fileRefSchema } from './files.schemas.ts';
import { COUNTRIES, isStateOf } from './geography.ts';
import { BIDI_MESSAGE, hasNoBidiControls } from './text.ts';

export const LICENSE_MESSAGES = {
  required: 'All fields are required.',
  stateOfCountry: 'Choose a state of the selected country.',
  badDate: 'Enter the expiration date as YYYY-MM-DD.',
  expired: 'The expiration date has already passed.',
  proofUrl: 'The proof document must be a file uploaded to StampWorks.',
  verifiedLockedEdit: 'A verified license cannot be edited.',
  verifiedLockedDelete: 'A verified license cannot be deleted.',
  duplicate: 'You have already added this license.',
  notFound: 'License not found.',
  notPending: 'This license has already been reviewed.',
  engineersOnly: 'Only engineers can manage licenses.',
} as const;

/** 'YYYY-MM-DD' of a Date in UTC: the calendar day licences are compared on. */
export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * Verified and not expired. A licence is valid through the end of its expiration day;
 * no expiration date counts as valid (docs/PRODUCT.md#validation 'Apply eligibility').
 */
export function isLicenseValid(
  license: { verification_status: string; expiration_date: string | null },
  today: Date,
): boolean {
  if (license.verification_status !== 'verified') return false;
  if (!license.expiration_date) return true;
  return license.expiration_date.slice(0, 10) >= isoDay(today);
}

/** Licences expiring within this many days carry a warning for the engineer and the reviewer. */
export const LICENSE_EXPIRY_WARNING_DAYS = 60;
/** The daily job e-mails the engineer when a verified licence has this many days left, or fewer. */
export const LICENSE_EXPIRY_REMINDER_DAYS = [60, 30, 7] as const;

/** Whole days from `today` to the last valid day (0 on that day, negative after); null without expiry. */
export function daysUntilExpiry(expirationDate: string | null, today: Date): number | null {
  if (!expirationDate) return null;
  const end = Date.parse(`${expirationDate.slice(0, 10)}T00:00:00Z`);
  const start = Date.parse(`${isoDay(today)}T00:00:00Z`);
  return Math.round((end - start) / 86_400_000);
}

/** The reminder a licence with `daysLeft` is due (60, 30 or 7), or null outside every window. */
export function expiryReminderStage(daysLeft: number | null): number | null {
  if (daysLeft === null || daysLeft < 0) return null;
  const due = LICENSE_EXPIRY_REMINDER_DAYS.filter((d) => daysLeft <= d);
  return due.length ? Math.min(...due) : null;
}

/** The warning shown beside a licence that expires soon, or null. */
export function expiryWarning(daysLeft: number | null): string | null {
  if (daysLeft === null || daysLeft < 0 || daysLeft > LICENSE_EXPIRY_WARNING_DAYS) return null;
  if (daysLeft === 0) return 'Expires today';
  return `Expires in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
}

/** Whether the licence has passed its expiration date (regardless of review status). */
export function isLicenseExpired(license: { expiration_date: string | null }, today: Date): boolean {
  return !!license.expiration_date && license.expiration_date.slice(0, 10) < isoDay(today);
}

const required = (s: z.ZodString) => s.trim().min(1, { message: LICENSE_MESSAGES.required });
const dateString = z
  .string({ message: LICENSE_MESSAGES.required })
  .trim()
  .min(1, { message: LICENSE_MESSAGES.required })
  .max(10, { message: LICENSE_MESSAGES.badDate, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: LICENSE_MESSAGES.badDate })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && isoDay(new Date(`${s}T00:00:00Z`)) === s, {
    message: LICENSE_MESSAGES.badDate,
  });

/** Longest licence number, and longest reason a reviewer gives with a decision. */
export const LICENSE_NUMBER_MAX = 64;
export const LICENSE_REASON_MAX = 500;

/** POST /api/engineer/license/{userId} and PUT /api/engineer/license/{id}. */
export const licenseInputSchema = z
  .object({
    license_number: required(
      z.string({ message: LICENSE_MESSAGES.required }).max(LICENSE_NUMBER_MAX, { abort: true }),
    ).refine(hasNoBidiControls, BIDI_MESSAGE),
    license_type: z.enum(LICENSE_TYPES, { message: LICENSE_MESSAGES.required }),
    issue_country: z.enum(COUNTRIES, { message: LICENSE_MESSAGES.required }),
    issue_state: required(z.string({ message: LICENSE_MESSAGES.required })),
    specializations: z
      .array(z.enum(SPECIALIZATIONS, { message: 'Choose specializations from the list.' }), {
        message: LICENSE_MESSAGES.required,
      })
      .min(1, { message: LICENSE_MESSAGES.required })
      .max(SPECIALIZATIONS.length, { abort: true }),
    expiration_date: dateString,
    /** Address of a proof document uploaded through POST /api/files. */
    proof_url: fileRefSchema(LICENSE_MESSAGES.proofUrl),
  })
  .refine((v) => isStateOf(v.issue_country, v.issue_state), {
    message: LICENSE_MESSAGES.stateOfCountry,
    path: ['issue_state'],
  });
export type LicenseInput = z.infer<typeof licenseInputSchema>;

export const licenseSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  license_number: z.string(),
  license_type: z.enum(LICENSE_TYPES),
  issue_country: z.string(),
  issue_state: z.string(),
  specializations: z.array(z.string()),
  /** 'YYYY-MM-DD' or null (no expiry). */
  expiration_date: z.string().nullable(),
  verification_status: z.enum(LICENSE_STATUSES),
  rejection_reason: z.string().nullable(),
  proof_url: z.string().nullable(),
  /** The proof document's name as the engineer uploaded it; null when unknown. */
  proof_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Verified and not expired today. */
  is_valid: z.boolean(),
  is_expired: z.boolean(),
  /** Days left until it expires (0 on its last day, negative after); null without expiry. */
  expires_in_days: z.number().int().nullable(),
});
export type LicenseDto = z.infer<typeof licenseSchema>;

/** One row of the admin's 'Check Licenses' table. */
export const pendingLicenseSchema = licenseSchema.extend({
  full_name: z.string(),
  email: z.string(),
});
export type PendingLicenseDto = z.infer<typeof pendingLicenseSchema>;

/** PATCH /api/engineer/license/{id}/status. */
export const licenseDecisionSchema = z.object({
  verification_status: z.enum(['verified', 'rejected'], {
    message: "verification_status must be 'verified' or 'rejected'.",
  }),
  reason: z.string().trim().max(LICENSE_REASON_MAX, { abort: true }).optional(),
});
export type LicenseDecision = z.infer<typeof licenseDecisionSchema>;
