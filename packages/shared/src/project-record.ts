// A project's record: every event of the project, appended in order, each entry
// holding the SHA-256 of the one before, so that a changed, removed or inserted entry shows.
// The server writes it in the same transaction as the event; anyone with the JSON can check it.
// The record's response shape is in project-record.schemas.ts.
import { formatCents } from './money.ts';
import { withoutFinalStop } from './text.ts';

export const PROJECT_RECORD_EVENTS = [
  'project_posted',
  'project_updated',
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
  project_updated: 'Project edited',
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

// ---------------------------------------------------------------------------------------
// Each entry in words, for the record panel and its PDF: who did what, amounts in dollars,
// the deliverable's title and its seal check's verdict; never raw fields. The data stays as
// recorded (the hash covers it); only the reading changes.

/** The fields of a project whose edits the record keeps, and how the sentence names them. */
export const RECORDED_PROJECT_FIELDS = {
  title: 'title',
  description: 'description',
  specializations: 'specializations',
  license_type: 'license type',
  budget: 'budget',
  deadline: 'deadline',
  country: 'country',
  state: 'state',
  attachments: 'attachment',
  notes: 'notes',
  urgency_level: 'urgency',
} as const;
export type RecordedProjectField = keyof typeof RECORDED_PROJECT_FIELDS;
/** Long texts: the record says they changed, not what they say. */
const TEXT_FIELDS: readonly RecordedProjectField[] = ['description', 'notes', 'attachments'];

export type ProjectFieldChange = { field: RecordedProjectField; from?: unknown; to?: unknown };

/** What an edit changed, field by field (data of a 'project_updated' entry). */
export function projectChanges(
  before: Partial<Record<RecordedProjectField, unknown>>,
  after: Partial<Record<RecordedProjectField, unknown>>,
): ProjectFieldChange[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return (Object.keys(RECORDED_PROJECT_FIELDS) as RecordedProjectField[])
    .filter((f) => f in after && !same(before[f], after[f]))
    .map((field) =>
      TEXT_FIELDS.includes(field)
        ? { field }
        : { field, from: before[field] ?? null, to: after[field] ?? null },
    );
}

/** '$1,450.00' (cents in, US dollars out). */
function dollars(cents: unknown): string {
  return formatCents(typeof cents === 'number' ? cents : 0);
}

const SEAL_VERDICTS: Record<string, string> = {
  intact: 'its digital seal checks out: the file is unchanged since it was sealed',
  changed: 'its digital seal does not check out: the file was changed after it was sealed',
  unsigned: 'it carries no digital seal',
};

/** The seal verdict (seals.ts) in the record's words. */
const SEAL_WORDS: Record<string, string> = {
  verified: 'its seal is verified: a trusted certificate naming the engineer, unchanged since sealing',
  self_signed: 'it is signed with a self-signed certificate',
  untrusted: 'it is signed, but not with a certificate from a trusted authority',
  expired: 'its signing certificate was not valid when it was signed',
  other_signer: 'it is signed by someone other than the engineer of record',
  changed: 'it was changed after it was signed',
  unsigned: 'it carries no digital seal',
};

const REFUND_REASONS: Record<string, string> = {
  requested_by_customer: 'the client asked for it within the refund window',
  not_honoured: 'the project was no longer open when the payment arrived',
  provider: 'made at the payment provider',
  dispute: "staff settled a reported problem in the client's favour",
};

function quoted(text: unknown): string {
  return `"${String(text ?? '').trim()}"`;
}

function changeText(c: ProjectFieldChange): string {
  const name = RECORDED_PROJECT_FIELDS[c.field] ?? c.field;
  if (!('to' in c)) return `the ${name}`;
  const show = (v: unknown) => {
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return 'none';
    if (c.field === 'budget') return dollars(v);
    if (Array.isArray(v)) return v.join(', ');
    return c.field === 'title' ? quoted(v) : String(v);
  };
  return `the ${name} from ${show(c.from)} to ${show(c.to)}`;
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The sentence for one entry. `name` answers a person's name for a user id, the engineer's
 * name for a proposal, payment or payout id, and a deliverable's title for a submission id
 * (null when unknown: the sentence then says 'someone' or leaves the name out).
 */
export function describeRecordEntry(
  entry: { type: ProjectRecordEvent; actor_id: string | null; data: Record<string, unknown> },
  name: (id: unknown) => string | null,
): string {
  // A quote that ends its own sentence ends this one too: 'saying "Would hire again."'.
  return sentenceOf(entry, name).replace(/([.!?])"\.$/, '$1"');
}

function sentenceOf(
  entry: { type: ProjectRecordEvent; actor_id: string | null; data: Record<string, unknown> },
  name: (id: unknown) => string | null,
): string {
  const d = entry.data;
  const actor = name(entry.actor_id) ?? 'Someone';
  const engineer = (id: unknown) => name(id) ?? 'the engineer';
  const place = [d.state, d.country].filter(Boolean).join(', ');
  const deliverable = (id: unknown, title?: unknown) =>
    (title ?? name(id)) ? ` ${quoted(title ?? name(id))}` : '';
  const comment = d.comment ? `, saying ${quoted(d.comment)}` : '';
  switch (entry.type) {
    case 'project_posted':
      return `${actor} posted the project ${quoted(d.title)}${d.license_type ? `, needing a ${d.license_type} license` : ''}${place ? `, located in ${place}` : ''}.`;
    case 'project_updated': {
      const changes = Array.isArray(d.changes) ? (d.changes as ProjectFieldChange[]) : [];
      return `${actor} edited the project: changed ${changes.length ? list(changes.map(changeText)) : 'nothing'}.`;
    }
    case 'proposal_sent':
      return `${actor} sent a proposal for ${dollars(d.amount_cents)}${d.license_type ? ` with a ${d.license_type} license` : ''}.`;
    case 'proposal_updated':
      return `${actor} changed their proposal to ${dollars(d.amount_cents)}.`;
    case 'proposal_withdrawn':
      return `${actor} withdrew their proposal.`;
    case 'proposal_rejected':
      return `${actor} turned down ${engineer(d.engineer_id ?? d.proposal_id)}'s proposal.`;
    case 'contract_signed':
      return `${actor} signed the contract as ${quoted(d.signed_name)}, hiring ${engineer(d.proposal_id)} for ${dollars(d.amount_cents)}.`;
    case 'payment_succeeded':
      return d.honoured === false
        ? `The client's payment of ${dollars(d.amount_cents)} arrived after the project was taken, so it is refunded in full.`
        : `The client's payment of ${dollars(d.amount_cents)} arrived and is held in escrow.`;
    case 'payment_refunded':
      return `${dollars(d.amount_cents)} was refunded to the client${REFUND_REASONS[String(d.reason)] ? ` (${REFUND_REASONS[String(d.reason)]})` : ''}.`;
    case 'submission_sent':
    case 'submission_updated': {
      const verb =
        entry.type === 'submission_sent' ? 'submitted the deliverable' : 'replaced the deliverable with';
      const seal =
        SEAL_WORDS[String(d.seal)] ?? SEAL_VERDICTS[String(d.signature)] ?? 'its seal was not checked';
      const by = d.signed_by ? ` (sealed by ${d.signed_by})` : '';
      const file = d.file_name ? ` (file ${quoted(d.file_name)})` : '';
      return `${actor} ${verb}${deliverable(d.submission_id, d.title)}${file}; ${seal}${d.signature === 'unsigned' ? '' : by}.`;
    }
    case 'submission_accepted': {
      const seal = SEAL_WORDS[String(d.seal)] ? `; ${SEAL_WORDS[String(d.seal)]}` : '';
      const sha = d.file_sha256 ? ` (SHA-256 ${String(d.file_sha256)})` : '';
      return `${actor} accepted the deliverable${deliverable(d.submission_id)}${sha}${seal}${comment}.`;
    }
    case 'submission_rejected':
      return `${actor} rejected the deliverable${deliverable(d.submission_id)}${comment}.`;
    case 'escrow_released':
      return `The escrow of ${dollars(d.amount_cents)} was released: ${dollars(d.engineer_cents)} to ${engineer(d.payment_id)}'s wallet and ${dollars(d.platform_fee_cents)} platform fee.`;
    case 'payout_paid':
      return `${dollars(d.amount_cents)} was paid out to ${engineer(d.payout_id)}'s payout account.`;
    case 'payout_failed':
      return `The payout of ${dollars(d.amount_cents)} to ${engineer(d.payout_id)} failed${d.reason ? ` (${withoutFinalStop(String(d.reason))})` : ''}; the money went back to their wallet.`;
    case 'rating_given':
      return `${actor} rated ${name(d.receiver_id) ?? 'the other side'} ${d.rate} out of 5${comment}.`;
    case 'problem_reported':
      return `${actor} reported a problem${d.ticket_number ? ` (ticket ${d.ticket_number})` : ''}: ${quoted(d.description)}.`;
    case 'problem_settled': {
      const outcome =
        d.outcome === 'refunded'
          ? 'the client is refunded'
          : d.outcome === 'split'
            ? `split: ${dollars(d.engineer_cents)} to the engineer after a ${dollars(d.platform_fee_cents)} fee, ${dollars(d.client_refund_cents)} back to the client`
            : 'the escrow is released to the engineer';
      return `${actor} (staff) settled the reported problem: ${outcome}${d.note ? `, noting ${quoted(d.note)}` : ''}.`;
    }
    case 'refund_requested':
      return `${d.by === 'staff' ? `${actor} (staff)` : actor} asked for a refund of ${dollars(d.amount_cents)} to the client.`;
    case 'refund_failed':
      return `The card provider refused the refund${d.reason ? ` (${withoutFinalStop(String(d.reason))})` : ''}; the money stays in escrow.`;
    case 'problem_withdrawn':
      return `${actor} withdrew the reported problem; the deal goes on.`;
  }
}
