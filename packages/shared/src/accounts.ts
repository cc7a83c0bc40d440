// Engineer and client account details (docs/PRODUCT.md#data, #validation), the engineer directory and the
// public engineer profile: request schemas with the product's messages, response shapes.
import { z } from 'zod';
import { AVAILABILITIES, EDUCATIONS, LICENSE_STATUSES, LICENSE_TYPES, SPECIALIZATIONS } from './enums.ts';
import { COUNTRIES, isStateOf } from './geography.ts';
import { normalizePhone, PHONE_MESSAGE } from './phones.ts';

/** Highest hourly rate accepted, in cents (USD 1,000,000). */
export const MAX_HOURLY_RATE_CENTS = 100_000_000;

export const ACCOUNT_MESSAGES = {
  /** Replaces the original design's 'Phone must be 10 digits.', which refused '+1 512 555 0142'. */
  phone: PHONE_MESSAGE,
  ssn: 'SSN must be 9 digits.',
  required: 'All fields are required.',
  country: 'Choose a country.',
  stateOfCountry: 'Choose a state of the selected country.',
  specializations: 'Choose specializations from the list.',
  education: 'Choose your highest education.',
  experience: 'Years of experience must be a whole number of 0 or more.',
  rate: 'Hourly rate must be 0 or more, in cents.',
  availability: 'Choose your availability.',
  url: 'Enter a web address starting with http:// or https://.',
  loadFailed: 'Could not load account.',
  saveFailed: 'Failed to save.',
  noAccount: 'No account details saved yet.',
  exists: 'Your account details already exist. Update them instead.',
  engineersOnly: 'Only engineers have an engineer account.',
  clientsOnly: 'Only clients have a client account.',
  ownOnly: 'You can only change your own account.',
  engineerNotFound: 'Engineer not found',
} as const;

/** A web address with an http or https scheme (no javascript:, data: or file:). */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2048, { abort: true })
  .refine(
    (s) => {
      try {
        const u = new URL(s);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
      } catch {
        return false;
      }
    },
    { message: ACCOUNT_MESSAGES.url },
  );

/** Optional URL: empty string or null means none. */
const optionalUrl = z
  .union([z.literal(''), z.null(), httpUrlSchema])
  .optional()
  .transform((v) => (v ? v : null));

/** A US or Australian number as people write it (phones.ts), answered in E.164 to store. */
export const phoneSchema = z
  .string({ message: ACCOUNT_MESSAGES.phone })
  .trim()
  .max(40, { message: ACCOUNT_MESSAGES.phone, abort: true })
  .transform((v, ctx) => {
    const e164 = normalizePhone(v);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.phone });
      return z.NEVER;
    }
    return e164;
  });
export const ssnSchema = z
  .string({ message: ACCOUNT_MESSAGES.ssn })
  .trim()
  .max(9, { message: ACCOUNT_MESSAGES.ssn, abort: true })
  .regex(/^\d{9}$/, { message: ACCOUNT_MESSAGES.ssn });

const countryState = {
  country: z.enum(COUNTRIES, { message: ACCOUNT_MESSAGES.country }),
  state: z.string({ message: ACCOUNT_MESSAGES.stateOfCountry }).trim(),
};
const stateRefine = <T extends { country: string; state: string }>(v: T) => isStateOf(v.country, v.state);

const engineerFields = {
  phone_number: phoneSchema,
  ...countryState,
  specializations: z
    .array(z.enum(SPECIALIZATIONS, { message: ACCOUNT_MESSAGES.specializations }), {
      message: ACCOUNT_MESSAGES.specializations,
    })
    .min(1, { message: ACCOUNT_MESSAGES.specializations })
    .max(SPECIALIZATIONS.length, { abort: true })
    .transform((a) => [...new Set(a)]),
  highest_education: z.enum(EDUCATIONS, { message: ACCOUNT_MESSAGES.education }),
  years_of_experience: z
    .number({ message: ACCOUNT_MESSAGES.experience })
    .int({ message: ACCOUNT_MESSAGES.experience })
    .min(0, { message: ACCOUNT_MESSAGES.experience })
    .max(80, { message: ACCOUNT_MESSAGES.experience, abort: true }),
  portfolio: optionalUrl,
  /** Integer cents per hour. */
  hours_rate: z
    .number({ message: ACCOUNT_MESSAGES.rate })
    .int({ message: ACCOUNT_MESSAGES.rate })
    .min(0, { message: ACCOUNT_MESSAGES.rate })
    .max(MAX_HOURLY_RATE_CENTS, { message: ACCOUNT_MESSAGES.rate, abort: true }),
  availability: z.enum(AVAILABILITIES, { message: ACCOUNT_MESSAGES.availability }),
};

/** POST /api/engineer/account/{userId}: the SSN is required once. */
export const engineerAccountCreateSchema = z
  .object({ ...engineerFields, ssn: ssnSchema })
  .refine(stateRefine, { message: ACCOUNT_MESSAGES.stateOfCountry, path: ['state'] });
/** PUT /api/engineer/account/{id}: leave `ssn` out (or empty) to keep the stored one. */
export const engineerAccountUpdateSchema = z
  .object({
    ...engineerFields,
    ssn: z
      .union([z.literal(''), ssnSchema])
      .optional()
      .transform((v) => v || undefined),
  })
  .refine(stateRefine, { message: ACCOUNT_MESSAGES.stateOfCountry, path: ['state'] });
export type EngineerAccountCreate = z.infer<typeof engineerAccountCreateSchema>;
export type EngineerAccountUpdate = z.infer<typeof engineerAccountUpdateSchema>;

/** The owner's view. The SSN is never answered: only `ssn_last4`, its last four digits ('1234'). */
export const engineerAccountSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  phone_number: z.string(),
  ssn_last4: z.string(),
  country: z.string(),
  state: z.string(),
  specializations: z.array(z.string()),
  highest_education: z.enum(EDUCATIONS),
  years_of_experience: z.number(),
  portfolio: z.string().nullable(),
  hours_rate: z.number(),
  availability: z.enum(AVAILABILITIES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EngineerAccountDto = z.infer<typeof engineerAccountSchema>;

/** Longest company name a client account takes. */
export const COMPANY_NAME_MAX = 200;

const clientFields = {
  phone_number: phoneSchema,
  company_name: z
    .string()
    .trim()
    .max(COMPANY_NAME_MAX, { abort: true })
    .nullish()
    .transform((v) => v || null),
  company_website: optionalUrl,
  ...countryState,
};
export const clientAccountInputSchema = z
  .object(clientFields)
  .refine(stateRefine, { message: ACCOUNT_MESSAGES.stateOfCountry, path: ['state'] });
export type ClientAccountInput = z.infer<typeof clientAccountInputSchema>;

export const clientAccountSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  phone_number: z.string(),
  company_name: z.string().nullable(),
  company_website: z.string().nullable(),
  country: z.string(),
  state: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientAccountDto = z.infer<typeof clientAccountSchema>;

/** GET /api/engineer/account: filters, all optional. Rates in cents. */
export const DIRECTORY_PAGE_SIZE = 12;
export const DIRECTORY_MAX_PAGE_SIZE = 50;
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
export const engineerDirectoryQuerySchema = z.object({
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100, { abort: true }).optional()),
  specialization: z.preprocess(
    emptyToUndefined,
    z.enum(SPECIALIZATIONS, { message: ACCOUNT_MESSAGES.specializations }).optional(),
  ),
  license_type: z.preprocess(
    emptyToUndefined,
    z.enum(LICENSE_TYPES, { message: 'Unknown license type.' }).optional(),
  ),
  country: z.preprocess(
    emptyToUndefined,
    z.enum(COUNTRIES, { message: ACCOUNT_MESSAGES.country }).optional(),
  ),
  state: z.preprocess(emptyToUndefined, z.string().trim().max(64, { abort: true }).optional()),
  availability: z.preprocess(
    emptyToUndefined,
    z.enum(AVAILABILITIES, { message: ACCOUNT_MESSAGES.availability }).optional(),
  ),
  education: z.preprocess(
    emptyToUndefined,
    z.enum(EDUCATIONS, { message: ACCOUNT_MESSAGES.education }).optional(),
  ),
  min_rate: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: ACCOUNT_MESSAGES.rate })
      .int({ message: ACCOUNT_MESSAGES.rate })
      .min(0)
      .optional(),
  ),
  max_rate: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: ACCOUNT_MESSAGES.rate })
      .int({ message: ACCOUNT_MESSAGES.rate })
      .min(0)
      .optional(),
  ),
  /** 'Licensed in': a verified, unexpired licence issued for this country (and state). */
  licensed_country: z.preprocess(
    emptyToUndefined,
    z.enum(COUNTRIES, { message: ACCOUNT_MESSAGES.country }).optional(),
  ),
  licensed_state: z.preprocess(emptyToUndefined, z.string().trim().max(64, { abort: true }).optional()),
  /** 'true': only engineers holding a verified, unexpired licence. */
  verified: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
  page: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'Invalid page.' })
      .int({ message: 'Invalid page.' })
      .min(1)
      .max(10_000, { abort: true })
      .default(1),
  ),
  pageSize: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'Invalid page size.' })
      .int({ message: 'Invalid page size.' })
      .min(1)
      .max(DIRECTORY_MAX_PAGE_SIZE, { message: `Page size is at most ${DIRECTORY_MAX_PAGE_SIZE}.` })
      .default(DIRECTORY_PAGE_SIZE),
  ),
});
export type EngineerDirectoryQuery = z.infer<typeof engineerDirectoryQuerySchema>;

export const engineerCardSchema = z.object({
  user_id: z.string(),
  full_name: z.string(),
  profile_picture: z.string().nullable(),
  specializations: z.array(z.string()),
  hours_rate: z.number(),
  availability: z.enum(AVAILABILITIES),
  country: z.string(),
  state: z.string(),
  highest_education: z.enum(EDUCATIONS),
  /** Types of the engineer's licences that are not rejected. */
  license_types: z.array(z.string()),
  /** Holds at least one verified, unexpired licence. */
  verified: z.boolean(),
  /** Where the verified, unexpired licences were issued: 'Texas, USA'. */
  licensed_in: z.array(z.string()),
  avg_rating: z.number(),
  rating_count: z.number(),
});
export type EngineerCardDto = z.infer<typeof engineerCardSchema>;

export const engineerDirectorySchema = z.object({
  items: z.array(engineerCardSchema),
  /** Matches counted up to 1,000 past the page's first row; a lower bound when totalIsCapped. */
  total: z.number(),
  /** More matches exist than `total` ("1,000+ engineers"). */
  totalIsCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type EngineerDirectoryDto = z.infer<typeof engineerDirectorySchema>;

/** GET /api/engineer/account/id/{userId}: the public profile (no SSN, no phone). */
export const publicLicenseSchema = z.object({
  id: z.string(),
  license_type: z.enum(LICENSE_TYPES),
  /** The number the issuing board publishes, for verified licences only (null otherwise). */
  license_number: z.string().nullable(),
  issue_state: z.string(),
  issue_country: z.string(),
  /** Date only, 'YYYY-MM-DD', or null (no expiry). */
  expiration_date: z.string().nullable(),
  verification_status: z.enum(LICENSE_STATUSES),
  is_valid: z.boolean(),
  is_expired: z.boolean(),
});
export const engineerProfileSchema = z.object({
  user_id: z.string(),
  full_name: z.string(),
  profile_picture: z.string().nullable(),
  /** The account fields are null while the engineer has not filled in the account yet. */
  highest_education: z.enum(EDUCATIONS).nullable(),
  specializations: z.array(z.string()),
  years_of_experience: z.number().nullable(),
  portfolio: z.string().nullable(),
  hours_rate: z.number().nullable(),
  availability: z.enum(AVAILABILITIES).nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  licenses: z.array(publicLicenseSchema),
  verified: z.boolean(),
  avg_rating: z.number(),
  rating_count: z.number(),
  member_since: z.string(),
  /** What the caller may do: edit is the engineer's own profile (signed-out callers may do nothing). */
  abilities: z.object({ edit: z.boolean() }),
});
export type EngineerProfileDto = z.infer<typeof engineerProfileSchema>;
