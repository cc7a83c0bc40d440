// A project's record (issue 16): every event of the project, appended in order, each entry
// holding the SHA-256 of the one before, so that a changed, removed or inserted entry shows.
// The server writes it in the same transaction as the event; anyone with the JSON can check it.
// The record's response shape is in project-record.schemas.ts.
export const PROJECT_RECORD_EVENTS = [
  'project_posted',
  'proposal_sent',
  'proposal_updated',
  'proposal_withdrawn',
  'proposal_rejected',
  'contract_signed',
  'payment_succeeded',
  'refund_requested',
  'refund_failed',
  'payment_refunded',
  'submission_sent',
  'submission_updated',
  'submission_accepted',
  'submission_rejected',
  'escrow_released',
  'payout_paid',
  'payout_failed',
  'rating_given',
  'problem_reported',
  'problem_withdrawn',
  'problem_settled',
] as const;
export type ProjectRecordEvent = (typeof PROJECT_RECORD_EVENTS)[number];

/** How the project page names each kind of entry. */
export const PROJECT_RECORD_LABELS: Record<ProjectRecordEvent, string> = {
  project_posted: 'Project posted',
  proposal_sent: 'Proposal sent',
  proposal_updated: 'Proposal updated',
  proposal_withdrawn: 'Proposal withdrawn',
  proposal_rejected: 'Proposal rejected',
  contract_signed: 'Contract signed',
  payment_succeeded: 'Payment received into escrow',
  refund_requested: 'Refund requested',
  refund_failed: 'Refund refused by the card provider',
  payment_refunded: 'Payment refunded',
  submission_sent: 'Deliverable submitted',
  submission_updated: 'Deliverable replaced',
  submission_accepted: 'Deliverable accepted',
  submission_rejected: 'Deliverable rejected',
  escrow_released: 'Escrow released',
  payout_paid: 'Engineer paid out',
  payout_failed: 'Payout failed',
  rating_given: 'Rating given',
  problem_reported: 'Problem reported',
  problem_withdrawn: 'Problem withdrawn',
  problem_settled: 'Problem settled',
};

/** The hash the first entry of every record points back to. */
export const RECORD_GENESIS_HASH = '0'.repeat(64);

export const RECORD_MESSAGES = {
  title: 'Project record',
  intact: 'The record verifies: no entry was changed, removed or inserted since it was written.',
  broken: 'The record does not verify from entry {seq} on: it was changed after it was written.',
  empty: 'Nothing recorded yet.',
  onlyParties: "Only the project's client, its engineer and staff can read its record.",
} as const;
