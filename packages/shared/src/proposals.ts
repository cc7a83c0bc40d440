// Proposals and invitations: the product's messages and the apply-eligibility rule (docs/PRODUCT.md#validation)
// that the proposal dialog shows and the server enforces with the facts it reads from the
// database; the request and response shapes of /api/proposals are in proposals.schemas.ts.
import type { LicenseStatus } from './enums.ts';
import { isLicenseValid } from './licenses.ts';

export const PROPOSAL_MESSAGES = {
  descriptionRequired: 'Description is required.',
  licenseTypeRequired: 'License type is required.',
  validAmount: 'Valid amount is required.',
  deliveryDays: 'Delivery time is required: a whole number of days from 1 to 365.',
  alreadyApplied: 'Already Applied',
  ownProject: 'This is Your Project',
  noLicenses: 'You have no licenses on file.',
  licensesExpired: 'Your license(s) are expired.',
  noMatchingLicense: 'You do not have a verified license matching the required type.',
  unableToVerify: 'Unable to verify license status.',
  stripeRequired: 'You must set up your Stripe account before you can submit a proposal.',
  onlyEngineers: 'Only engineers can submit proposals.',
  projectNotOpen: 'This project is no longer open for proposals.',
  onlyPending: 'Only pending proposals can be changed.',
  checkoutInProgress:
    'The client is paying for this proposal right now, so it cannot be changed or withdrawn.',
  notFound: 'Proposal not found.',
  submitted: 'Proposal submitted successfully!',
  updated: 'Proposal updated successfully!',
  withdrawn: 'Proposal withdrawn.',
  rejected: 'Proposal rejected.',
  acceptThroughCheckout:
    'A proposal is accepted by signing the contract and paying at checkout, not by changing its status.',
  onlyRejectPending: 'Only pending proposals can be rejected.',
  projectMismatch: 'A proposal cannot be moved to another project.',
  noProposals: 'No proposals submitted yet.',
  // Invitations (docs/PRODUCT.md#validation, #messages).
  needOpenProject: 'You need at least one open project to send an invitation.',
  invitationSent: 'Invitation sent successfully!',
  invitationFailed: 'Failed to send invitation.',
  selectProject: 'Please select a project.',
  inviteOnlyEngineers: 'Invitations can only be sent to engineers.',
  inviteOnlyClients: 'Only clients can send invitations.',
  inviteOnlyOpen: 'Only open projects can be offered in invitations.',
  alreadyInvited: 'You have already invited this engineer to this project.',
  engineerNotFound: 'Engineer not found',
} as const;

/** Longest delivery time a proposal may state, in days (a year). */
export const MAX_DELIVERY_DAYS = 365;

/** '1 day', '14 days'; null (a proposal sent before delivery times were asked) reads 'Not stated'. */
export function formatDeliveryDays(days: number | null | undefined): string {
  if (days == null) return 'Not stated';
  return days === 1 ? '1 day' : `${days} days`;
}

/** Largest proposed amount in cents: USD 999,999.99, the most a card checkout takes. */
export const MAX_PROPOSAL_CENTS = 99_999_999;

// ---------------------------------------------------------------------------------------
// Apply eligibility (docs/PRODUCT.md#validation).

export type EligibilityLicense = {
  license_type: string;
  verification_status: LicenseStatus | string;
  /** 'YYYY-MM-DD' (valid through the end of that day) or null for no expiry. */
  expiration_date: string | null;
  /** Where the licence was issued: a seal is valid there only. */
  issue_country: string;
  issue_state: string;
};

/** Where a project will be permitted; either part may be unnamed. */
export type ProjectPlace = { country: string | null; state: string | null };

/** The message for an engineer whose licences do not reach the project's jurisdiction. */
export function jurisdictionMessage(place: ProjectPlace): string {
  return `Your verified licences do not cover projects in ${place.state || place.country}.`;
}

/** A licence sent for review and not yet decided: 'Your Texas PE licence is waiting for review.' */
export function licenseWaitingMessage(
  license: Pick<EligibilityLicense, 'license_type' | 'issue_state' | 'issue_country'>,
): string {
  return `Your ${license.issue_state || license.issue_country} ${license.license_type} licence is waiting for review.`;
}

/** Why an engineer cannot be invited to a project: no licence that fits it. */
export function inviteLicenseMessage(project: { licenseType: string | null } & ProjectPlace): string {
  const kind = project.licenseType ? `${project.licenseType} license` : 'license';
  const where = project.state || project.country;
  return `This engineer holds no verified ${kind}${where ? ` for projects in ${where}` : ''}.`;
}

/**
 * Whether a licence was issued for the project's jurisdiction: its country when the project
 * names one and, when the project also names a state, that state. A project that names
 * no place accepts a licence from anywhere.
 */
export function licenseCoversPlace(license: EligibilityLicense, place: ProjectPlace): boolean {
  if (place.country && license.issue_country !== place.country) return false;
  if (place.state && license.issue_state !== place.state) return false;
  return true;
}

/**
 * The licences that let an engineer stamp for a project: verified, not expired on `today`,
 * of the project's required type (any type when it names none) and issued for its place.
 */
export function licensesFittingProject<L extends EligibilityLicense>(
  licenses: readonly L[],
  project: { licenseType: string | null } & ProjectPlace,
  today: Date,
): L[] {
  return licenses.filter(
    (l) =>
      isLicenseValid(l, today) &&
      (project.licenseType == null || l.license_type === project.licenseType) &&
      licenseCoversPlace(l, project),
  );
}

export type EligibilityFacts = {
  licenses: readonly EligibilityLicense[];
  payoutsEnabled: boolean;
  /** The licence type the project requires; null when the client named none (any verified licence). */
  projectLicenseType: string | null;
  /** The project's country and state (each null when it names none). */
  projectPlace: ProjectPlace;
  alreadyApplied: boolean;
  isOwner: boolean;
  /** Now; licences are judged by its UTC calendar day (isLicenseValid). */
  today: Date;
};

export type Eligibility = { ok: true } | { ok: false; message: string };

/**
 * Whether an engineer may apply to a project, and if not the one message the original design gives,
 * checked in this order: owner, already applied, no licences, expired, no matching verified
 * licence, no licence for the project's jurisdiction (docs/PRODUCT.md), payout account.
 */
export function checkApplyEligibility(facts: EligibilityFacts): Eligibility {
  if (facts.isOwner) return { ok: false, message: PROPOSAL_MESSAGES.ownProject };
  if (facts.alreadyApplied) return { ok: false, message: PROPOSAL_MESSAGES.alreadyApplied };
  if (facts.licenses.length === 0) return { ok: false, message: PROPOSAL_MESSAGES.noLicenses };
  const matching = facts.licenses.filter(
    (l) =>
      l.verification_status === 'verified' &&
      (facts.projectLicenseType == null || l.license_type === facts.projectLicenseType),
  );
  const valid = matching.filter((l) => isLicenseValid(l, facts.today));
  const fits = valid.some((l) => licenseCoversPlace(l, facts.projectPlace));
  // A licence that would fit once approved: say it is waiting rather than that none fits.
  const waiting = facts.licenses.find(
    (l) =>
      l.verification_status === 'pending' &&
      (facts.projectLicenseType == null || l.license_type === facts.projectLicenseType) &&
      isLicenseValid({ ...l, verification_status: 'verified' }, facts.today) &&
      licenseCoversPlace(l, facts.projectPlace),
  );
  if (!fits && waiting) return { ok: false, message: licenseWaitingMessage(waiting) };
  if (matching.length > 0 && valid.length === 0)
    return { ok: false, message: PROPOSAL_MESSAGES.licensesExpired };
  if (valid.length === 0) return { ok: false, message: PROPOSAL_MESSAGES.noMatchingLicense };
  if (!fits) return { ok: false, message: jurisdictionMessage(facts.projectPlace) };
  if (!facts.payoutsEnabled) return { ok: false, message: PROPOSAL_MESSAGES.stripeRequired };
  return { ok: true };
}

// ---------------------------------------------------------------------------------------
// What a new engineer does before proposing (the dashboard's checklist), read from the same
// facts the eligibility rule reads.

export const ENGINEER_SETUP_STEPS = ['profile', 'license', 'verification', 'payout'] as const;
export type EngineerSetupStep = (typeof ENGINEER_SETUP_STEPS)[number];

export type EngineerSetupFacts = {
  hasProfile: boolean;
  licenses: readonly EligibilityLicense[];
  payoutsEnabled: boolean;
  today: Date;
};

export type EngineerSetupItem = { step: EngineerSetupStep; done: boolean; title: string; detail: string };

/** The four steps in order, each done or with what is left to do. */
export function engineerSetup(facts: EngineerSetupFacts): EngineerSetupItem[] {
  const verified = facts.licenses.some((l) => isLicenseValid(l, facts.today));
  const waiting = facts.licenses.find((l) => l.verification_status === 'pending');
  return [
    {
      step: 'profile',
      done: facts.hasProfile,
      title: 'Complete your engineer profile',
      detail: facts.hasProfile
        ? 'Your profile is complete.'
        : 'Add your specializations, experience and hourly rate so clients can find you.',
    },
    {
      step: 'license',
      done: facts.licenses.length > 0,
      title: 'Add a license',
      detail:
        facts.licenses.length > 0
          ? 'Your license is on file.'
          : 'Add each license you hold, with its number, issuing state and a proof.',
    },
    {
      step: 'verification',
      done: verified,
      title: 'Get a license verified',
      detail: verified
        ? 'You hold a verified license.'
        : waiting
          ? licenseWaitingMessage(waiting)
          : facts.licenses.length > 0
            ? 'None of your licenses is verified and current: add a current one for review.'
            : 'Staff review each license you add; you can propose once one is verified.',
    },
    {
      step: 'payout',
      done: facts.payoutsEnabled,
      title: 'Connect your payout account',
      detail: facts.payoutsEnabled
        ? 'Your payout account can receive payouts.'
        : 'Proposals need a payout account that can receive payouts.',
    },
  ];
}
