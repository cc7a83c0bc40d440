// Payments: the contract the client signs, checkout, the refund rule, payment history
// (with its date ranges and CSV export) and the admin order list; their request and
// response shapes are in payments.schemas.ts. Amounts are integer cents; the original design's
// messages (docs/PRODUCT.md#messages) are the texts both sides show.
import { PAYMENT_STATUSES, type PaymentStatus } from './enums.ts';
import { centsToDecimal, formatCents, splitFee } from './money.ts';

export const PAYMENT_MESSAGES = {
  // docs/PRODUCT.md#messages.
  loadHistoryFailed: 'Could not load payment history.',
  fetchFailed: 'Failed to fetch payments.',
  processingRefund: 'Processing refund...',
  refundSuccessful: 'Refund successful!',
  refundFailed: 'Failed to request refund.',
  sessionIdMissing: 'Payment session ID not found.',
  stillPending: 'Payment is still pending. Please check back later.',
  verifyError: 'There was an error verifying your payment.',
  noTransactions: 'No transactions found for the selected filters.',
  noOrders: 'No orders found',
  // Checkout.
  onlyOwner: 'Only the project owner can accept its proposals.',
  projectNotOpen: 'This project is no longer open: a proposal has already been accepted.',
  proposalNotFound: 'Proposal not found.',
  proposalNotPending: 'Only a pending proposal can be accepted.',
  proposalNotOfProject: 'This proposal does not belong to this project.',
  amountMismatch: 'The amount does not match the proposal. Reload the page and try again.',
  currency: 'Payments are made in US dollars (usd).',
  minimumCharge: 'A card payment must be at least $0.50.',
  validEmail: 'Enter a valid e-mail address for the receipt.',
  mustAgree: 'Tick the box to agree to the contract.',
  signedNameRequired: 'Type your full name to sign the contract.',
  contractChanged:
    'The proposal changed after you opened the contract. Read the updated contract and sign it again.',
  checkoutUnavailable: 'Checkout could not be started. Please try again in a moment.',
  // Refunds (docs/PRODUCT.md#states, #validation; docs/PRODUCT.md#money).
  paymentNotFound: 'Payment not found.',
  refundNotYours: 'Only the client who made this payment can request its refund.',
  refundNotSucceeded: 'Only a successful payment can be refunded.',
  alreadyRefunded: 'This payment has already been refunded.',
  refundInProgress: 'A refund for this payment is already being processed.',
  refundCompleted: 'This project is completed, so its payment can no longer be refunded.',
  refundProblem: 'A problem was reported on this project; support will settle its payment.',
  refundWindowOver: 'The 24-hour refund window for this payment has ended.',
  refundRequested: 'Your refund is being processed.',
} as const;

/** The most a client can have refunded after paying: within 24 hours (docs/PRODUCT.md#limits). */
export const REFUND_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Card payments below this are refused by the card provider. */
export const MIN_CHARGE_CENTS = 50;
/** Admin order list page size (the original design: 'its page size is not shown'). */
export const ORDERS_PAGE_SIZE = 20;
/** How long a checkout stays open before it expires (the provider's minimum is 30 minutes). */
export const CHECKOUT_TTL_MS = 30 * 60 * 1000;

// ---------------------------------------------------------------------------------------
// The contract (docs/PRODUCT.md#screens contract dialog, docs/PRODUCT.md#limits contract text).

export type ContractFacts = {
  projectId: string;
  projectTitle: string;
  proposalId: string;
  clientName: string;
  engineerName: string;
  amountCents: number;
  /** How long a deliverable may wait for a decision before it is accepted ('14 days'; AUTO_RELEASE_AFTER). */
  acceptanceAfter: string;

  /** Days from payment to delivery the proposal states; null on proposals sent before it was asked. */
  deliveryDays?: number | null;
};

/** Clause 2's delivery sentence: empty for a proposal that stated no delivery time. */
export function deliveryClause(days: number | null | undefined): string {
  if (days == null) return '';
  return ` The Engineer will deliver the work within ${days === 1 ? '1 day' : `${days} days`} of the payment.`;
}

/**
 * The exact text the client signs. It carries no date, so the same deal always has the
 * same text and the same SHA-256; the signature records when it was signed. Any change
 * to the proposal (amount, engineer) changes the text, and so the hash.
 */
export function renderContract(f: ContractFacts): string {
  const { platformFeeCents, engineerCents } = splitFee(f.amountCents);
  return [
    'ENGINEERING SERVICES AGREEMENT',
    `This agreement is made between ${f.clientName} (the "Client") and ${f.engineerName} (the "Engineer") for the project "${f.projectTitle}" (project ${f.projectId}, proposal ${f.proposalId}), arranged through StampWorks (the "Platform").`,
    '1. Scope. The Engineer will deliver the work described in the accepted proposal, including signed and stamped drawings where the project requires them.',
    `2. Price. The agreed price is ${formatCents(f.amountCents)} (USD).${deliveryClause(f.deliveryDays)}`,
    "3. Payment. Payment of the full amount is due on signing this agreement. It is processed by the Platform's card payment provider; the Platform stores no card data. The amount is held in escrow until the Client accepts the final submission.",
    `4. Fees. The Platform retains a fee of 20% of the price (${formatCents(platformFeeCents)}). The Engineer receives 80% of the price (${formatCents(engineerCents)}), paid out after the Client accepts the final submission, on the first Sunday of the following week.`,
    '5. Refunds. The Client may request a full refund within 24 hours of a successful payment, until the Engineer submits the first deliverable. After that the Client accepts or rejects each deliverable, or reports a problem.',
    "6. Disputes. Disagreements about the work are mediated by the Platform's support team, who may release the amount to the Engineer, refund it to the Client, or split it between them; the Platform's fee applies only to the Engineer's part.",
    `7. Acceptance. A deliverable the Client has neither accepted nor rejected, and on which no problem is reported, within ${f.acceptanceAfter} of its submission is accepted on the Client's behalf and the amount released.`,
  ].join('\n\n');
}

/**
 * GET /api/payments/verify-session/{sessionId} (no sign-in): only the state. 'complete'
 * once the provider's event confirmed the payment (docs/PRODUCT.md#states: anything else is pending).
 */
export const CHECKOUT_STATES = ['open', 'complete', 'expired', 'refunded'] as const;

export function checkoutStateOf(status: PaymentStatus): (typeof CHECKOUT_STATES)[number] {
  switch (status) {
    case 'succeeded':
      return 'complete';
    case 'refunded':
      return 'refunded';
    case 'failed':
      return 'expired';
    default:
      return 'open';
  }
}

// ---------------------------------------------------------------------------------------
// Answers (docs/PRODUCT.md#data Payment field names; amounts in cents).

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const ORDER_STATUS_FILTERS = ['all', ...PAYMENT_STATUSES] as const;

/** The first instant a start filter includes: a bare date means that UTC day's start. */
export function dayStart(s: string): Date {
  return new Date(s.length === 10 ? `${s}T00:00:00.000Z` : s);
}
/** The last instant an end filter includes: a bare date means that UTC day's end. */
export function dayEnd(s: string): Date {
  return new Date(s.length === 10 ? `${s}T23:59:59.999Z` : s);
}

// ---------------------------------------------------------------------------------------
// Payment History filters (docs/PRODUCT.md#validation: client-side, start and end inclusive; docs/PRODUCT.md#limits ranges).

export const PAYMENT_DATE_RANGES = [
  { id: 'today', label: 'Today' },
  { id: 'last_week', label: 'Last 7 days' },
  { id: 'last_month', label: 'Last month' },
  { id: 'last_6_months', label: 'Last 6 months' },
  { id: 'last_year', label: 'Last year' },
  { id: 'lifetime', label: 'Lifetime' },
] as const;
export type PaymentDateRange = (typeof PAYMENT_DATE_RANGES)[number]['id'];

/** The first instant of a range ending now (local time); null for lifetime. */
export function dateRangeStart(range: PaymentDateRange, now: Date): Date | null {
  const d = new Date(now);
  switch (range) {
    case 'today':
      d.setHours(0, 0, 0, 0);
      return d;
    case 'last_week':
      return new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
    case 'last_month':
      d.setMonth(d.getMonth() - 1);
      return d;
    case 'last_6_months':
      d.setMonth(d.getMonth() - 6);
      return d;
    case 'last_year':
      d.setFullYear(d.getFullYear() - 1);
      return d;
    default:
      return null;
  }
}

export function filterPayments<T extends { status: PaymentStatus; created_at: string }>(
  payments: readonly T[],
  filter: { status: PaymentStatus | 'all'; range: PaymentDateRange },
  now: Date,
): T[] {
  const from = dateRangeStart(filter.range, now);
  return payments.filter(
    (p) =>
      (filter.status === 'all' || p.status === filter.status) &&
      (!from || new Date(p.created_at).getTime() >= from.getTime()) &&
      new Date(p.created_at).getTime() <= now.getTime(),
  );
}

// ---------------------------------------------------------------------------------------
// CSV export: the docs/PRODUCT.md#limits columns (Payment ID, Amount, Status, Date) with what a client's
// bookkeeping also needs: the project, the engineer, the platform fee and any refund.

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:MM:SS' in local time: what spreadsheets read as a date and time. */
function csvDate(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
/** Quotes a field when needed, and keeps a spreadsheet from reading it as a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The Payment History export: a UTF-8 byte-order mark (so spreadsheets read it as UTF-8),
 * CRLF line ends, amounts as plain decimals of dollars so they stay numbers.
 */
export function paymentsCsv(
  payments: ReadonlyArray<{
    id: string;
    project_title: string;
    engineer_name: string;
    amount_cents: number;
    status: string;
    refund_status: string | null;
    created_at: string;
  }>,
): string {
  const rows = [
    [
      'Payment ID',
      'Project',
      'Engineer',
      'Amount',
      'Platform fee',
      'Refunded',
      'Refund status',
      'Status',
      'Date',
    ],
    ...payments.map((p) => [
      p.id,
      p.project_title,
      p.engineer_name,
      centsToDecimal(p.amount_cents),
      centsToDecimal(splitFee(p.amount_cents).platformFeeCents),
      // A refund gives back the whole payment (the money-back guarantee, or staff deciding a problem).
      centsToDecimal(p.status === 'refunded' ? p.amount_cents : 0),
      p.refund_status ?? '',
      p.status,
      csvDate(p.created_at),
    ]),
  ];
  return `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
