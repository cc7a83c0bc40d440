// Projects: the messages both sides show and the rules of a project's fields (deadline,
// place, limits); the request and response shapes of /api/projects are in
// projects.schemas.ts. Amounts are integer cents (money.ts); the browser converts the
// dollars typed in a form with dollarsToCents before sending.
import { isStateOf, statesFor } from './geography.ts';

export const PROJECT_MESSAGES = {
  titleRequired: 'Title is required.',
  descriptionRequired: 'Description is required.',
  created: 'Project created successfully!',
  updated: 'Project updated successfully!',
  deleted: 'Project deleted successfully!',
  createFailed: 'Failed to create project.',
  updateFailed: 'Failed to update project',
  /** The server answers 'Project not found'; the page shows 'Error: Project not found'. */
  notFound: 'Project not found',
  notFoundShown: 'Error: Project not found',
  idMissing: 'Project ID is missing.',
  noData: 'No project data found.',
  onlyOwner: 'Only the project owner can do that.',
  onlyOpenPublic: 'Only open projects are public. Sign in to see your own projects in other states.',
  onlyWhileOpen: 'A project can only be changed or deleted while it is open.',
  hasPayments: 'This project has payment records, which are kept, so it cannot be deleted.',
  onlyClients: 'Only clients can post projects.',
  invalidBudget: 'Budget must be an amount of 0 or more.',
  invalidDeadline: 'Deadline must be a valid date.',
  deadlinePast: 'Deadline cannot be in the past.',
  invalidCountry: 'Please choose USA or Australia.',
  invalidState: 'Please choose a state of the selected country.',
  stateWithoutCountry: 'Please choose a country before the state.',
  invalidAttachment: 'The attachment must be a file uploaded to StampWorks.',
  invalidLicenseType: 'Please choose a valid license type.',
  invalidSpecialization: 'Please choose valid specializations.',
  invalidUrgency: 'Please choose a valid urgency level.',
  titleTooLong: 'Title must be at most 200 characters.',
  descriptionTooLong: 'Description must be at most 10,000 characters.',
  notesTooLong: 'Notes must be at most 5,000 characters.',
  nulCharacter: 'Text cannot contain null characters.',
  // The fields the form marks required (docs/PRODUCT.md#projects): a new project needs them.
  specializationRequired: 'Please choose at least one specialization.',
  licenseTypeRequired: 'License type is required.',
  budgetRequired: 'Budget is required: an amount above $0.',
  countryRequired: 'Country is required.',
  stateRequired: 'State is required.',
} as const;

/** Largest budget accepted, in cents (USD 10,000,000). */
export const MAX_BUDGET_CENTS = 1_000_000_000;

/** PostgreSQL text cannot hold NUL characters; such input is refused as a 400, never a 500. */
export const isStorableText = (v: string) => !v.includes('\u0000');

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** 'YYYY-MM-DD' naming a real calendar day. */
export function isValidDeadline(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The earliest calendar day it is anywhere on Earth at `now` (UTC−12). The server refuses a
 * deadline before it: that day has passed for every client, whatever their time zone. */
export function earliestToday(now: Date): string {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** What is wrong with a deadline ('' = none given), `today` being the caller's calendar day. */
export function deadlineProblem(value: string, today: string): string | null {
  if (value === '') return null;
  if (!isValidDeadline(value)) return PROJECT_MESSAGES.invalidDeadline;
  return value < today ? PROJECT_MESSAGES.deadlinePast : null;
}

/** Longest texts of a project, in characters. */
export const PROJECT_LIMITS = { title: 200, description: 10_000, notes: 5_000 } as const;

/** The state must be one of the country's states; a state needs a country. */
export function projectLocationProblem(
  country: string | null | undefined,
  state: string | null | undefined,
): { field: 'state'; message: string } | null {
  if (!state) return null;
  if (!country) return { field: 'state', message: PROJECT_MESSAGES.stateWithoutCountry };
  if (!isStateOf(country, state)) return { field: 'state', message: PROJECT_MESSAGES.invalidState };
  return null;
}

/** The fields a new project must have besides its title and description. */
export type RequiredProjectFacts = {
  specializations: readonly string[] | null | undefined;
  license_type: string | null | undefined;
  /** Cents. */
  budget: number | null | undefined;
  country: string | null | undefined;
  state: string | null | undefined;
};
export type RequiredProjectField = 'specializations' | 'license_type' | 'budget' | 'country' | 'state';

/**
 * What a new project is missing of the fields the form marks required (docs/PRODUCT.md
 * 'Projects'): a specialization, a licence type, a budget above zero, a country and a
 * state where the country has states. Without them the jurisdiction rule for proposals
 * cannot work. The form and the server ask the same question with the same messages.
 */
export function missingProjectFields(
  f: RequiredProjectFacts,
): Array<{ field: RequiredProjectField; message: string }> {
  const missing: Array<{ field: RequiredProjectField; message: string }> = [];
  if (!f.specializations?.length)
    missing.push({ field: 'specializations', message: PROJECT_MESSAGES.specializationRequired });
  if (!f.license_type) missing.push({ field: 'license_type', message: PROJECT_MESSAGES.licenseTypeRequired });
  if (f.budget == null || !(f.budget > 0))
    missing.push({ field: 'budget', message: PROJECT_MESSAGES.budgetRequired });
  if (!f.country) missing.push({ field: 'country', message: PROJECT_MESSAGES.countryRequired });
  else if (stateMissing(f.country, f.state))
    missing.push({ field: 'state', message: PROJECT_MESSAGES.stateRequired });
  return missing;
}

/** A country with states needs one named. */
export function stateMissing(country: string | null | undefined, state: string | null | undefined): boolean {
  return !!country && !state && statesFor(country).length > 0;
}
