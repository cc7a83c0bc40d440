// The product's enumerations (docs/PRODUCT.md#data). Both sides read them from here so a value
// accepted by a form is always a value the server accepts.

export const ROLES = ['client', 'engineer', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a visitor may choose at sign-up: admins are only made by a command. */
export const SIGNUP_ROLES = ['engineer', 'client'] as const;

export const SPECIALIZATIONS = [
  'civil',
  'fire',
  'mechanical',
  'architectural',
  'structural',
  'electrical',
  'geotechnical',
  'environmental',
] as const;
export type Specialization = (typeof SPECIALIZATIONS)[number];

export const EDUCATIONS = ['bachelor', 'master', 'phd'] as const;
export type Education = (typeof EDUCATIONS)[number];

export const LICENSE_TYPES = ['PE', 'CPE', 'SE', 'ME', 'EE'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

export const AVAILABILITIES = ['full-time', 'part-time'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const URGENCY_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type UrgencyLevel = (typeof URGENCY_LEVELS)[number];

export const PROJECT_STATUSES = ['open', 'assigned', 'inprogress', 'closed', 'completed', 'problem'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROPOSAL_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const LICENSE_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_STATUSES = ['open', 'pending', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const PAYMENT_STATUSES = ['succeeded', 'pending', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYOUT_STATUSES = ['initiated', 'pending', 'succeeded', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Countries a payout account may be opened in (docs/PRODUCT.md#limits). */
export const PAYOUT_COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'AU', name: 'Australia' },
] as const;
export type PayoutCountry = (typeof PAYOUT_COUNTRIES)[number]['code'];

/** Human labels for enumeration values shown in the UI. */
export const SPECIALIZATION_LABELS: Record<Specialization, string> = {
  civil: 'Civil',
  fire: 'Fire Protection',
  mechanical: 'Mechanical',
  architectural: 'Architectural',
  structural: 'Structural',
  electrical: 'Electrical',
  geotechnical: 'Geotechnical',
  environmental: 'Environmental',
};

export const EDUCATION_LABELS: Record<Education, string> = {
  bachelor: "Bachelor's degree",
  master: "Master's degree",
  phd: 'PhD',
};
