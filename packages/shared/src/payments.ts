// Payments: the contract the client signs, checkout, the refund rule, payment history
// (with its date ranges and CSV export) and the admin order list. Amounts are integer
// cents; the spec's messages (§8) are the texts both sides show.
import { z } from 'zod';
import { PAYMENT_STATUSES, type PaymentStatus, type ProjectStatus } from './enums.ts';
import { CURRENCY, centsToDecimal, formatCents, splitFee } from './money.ts';

export const PAYMENT_MESSAGES = {
  // Spec §8.
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
  // Refunds (spec §4, §5; decisions.md 'Money').
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

/** The most a client can have refunded after paying: within 24 hours (spec §9). */
export const REFUND_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Card payments below this are refused by the card provider. */
export const MIN_CHARGE_CENTS = 50;
/** Admin order list page size (spec: 'its page size is not shown'). */
export const ORDERS_PAGE_SIZE = 20;
/** How long a checkout stays open before it expires (the provider's minimum is 30 minutes). */
export const CHECKOUT_TTL_MS = 30 * 60 * 1000;

// ---------------------------------------------------------------------------------------
// The contract (spec §2 contract dialog, §9 contract text).

export type ContractFacts = {
  projectId: string;
  projectTitle: string;
  proposalId: string;
  clientName: string;
  engineerName: string;
  amountCents: number;
};

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
    `2. Price. The agreed price is ${formatCents(f.amountCents)} (USD).`,
    "3. Payment. Payment of the full amount is due on signing this agreement. It is processed by the Platform's card payment provider; the Platform stores no card data. The amount is held in escrow until the Client accepts the final submission.",
    `4. Fees. The Platform retains a fee of 20% of the price (${formatCents(platformFeeCents)}). The Engineer receives 80% of the price (${formatCents(engineerCents)}), paid out after the Client accepts the final submission, on the first Sunday of the following week.`,
    '5. Refunds. The Client may request a full refund within 24 hours of a successful payment, unless the project has been completed or a problem has been reported on it.',
    "6. Disputes. Disagreements about the work are mediated by the Platform's support team.",
  ].join('\n\n');
}

const uuid = (message: string) => z.string({ error: message }).uuid({ message });

export const contractParamsSchema = z.object({ proposalId: uuid('Invalid id.') });

/** GET /api/payments/contract/{proposalId}: what the contract dialog shows and signs. */
export const contractSchema = z.object({
  project_id: z.string(),
  proposal_id: z.string(),
  client_name: z.string(),
  engineer_name: z.string(),
  amount: z.number().int(),
  platform_fee: z.number().int(),
  engineer_amount: z.number().int(),
  currency: z.string(),
  text: z.string(),
  /** SHA-256 (hex) of `text`; sent back when signing so the server knows what was read. */
  sha256: z.string(),
});
export type ContractDto = z.infer<typeof contractSchema>;

// ---------------------------------------------------------------------------------------
// Checkout (spec §7 POST /payments/checkout-session).

export const checkoutSessionBodySchema = z.object({
  project_id: uuid('Project ID is missing.'),
  proposal_id: uuid('Proposal ID is missing.'),
  /** Cents. Must equal the proposal's amount: the server charges what it computes. */
  amount: z.number({ error: PAYMENT_MESSAGES.amountMismatch }).int(PAYMENT_MESSAGES.amountMismatch),
  currency: z
    .string({ error: PAYMENT_MESSAGES.currency })
    .transform((c) => c.toLowerCase())
    .pipe(z.literal(CURRENCY, { error: PAYMENT_MESSAGES.currency }))
    .default(CURRENCY),
  /** Where the card provider sends the receipt. */
  email: z.string({ error: PAYMENT_MESSAGES.validEmail }).trim().email(PAYMENT_MESSAGES.validEmail).max(254),
  /** The signature: the client's full name as typed, the hash of the text read, and the tick. */
  signed_name: z
    .string({ error: PAYMENT_MESSAGES.signedNameRequired })
    .trim()
    .min(2, PAYMENT_MESSAGES.signedNameRequired)
    .max(200, PAYMENT_MESSAGES.signedNameRequired),
  contract_sha256: z
    .string({ error: PAYMENT_MESSAGES.contractChanged })
    .regex(/^[0-9a-f]{64}$/, PAYMENT_MESSAGES.contractChanged),
  agreed: z.literal(true, { error: PAYMENT_MESSAGES.mustAgree }),
});
export type CheckoutSessionBody = z.input<typeof checkoutSessionBodySchema>;

export const checkoutSessionSchema = z.object({ url: z.string() });

/** Session ids are the provider's (`cs_...`); anything else is not one of ours. */
export const verifySessionParamsSchema = z.object({
  sessionId: z.string().regex(/^cs_[A-Za-z0-9_]{8,250}$/, { message: PAYMENT_MESSAGES.sessionIdMissing }),
});

/**
 * GET /api/payments/verify-session/{sessionId} (no sign-in): only the state. 'complete'
 * once the provider's event confirmed the payment (spec §4: anything else is pending).
 */
export const CHECKOUT_STATES = ['open', 'complete', 'expired', 'refunded'] as const;
export const verifySessionSchema = z.object({ status: z.enum(CHECKOUT_STATES) });
export type VerifySessionDto = z.infer<typeof verifySessionSchema>;

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
// The refund rule (spec §4, §5, §9; decisions.md 'Money').

export type RefundFacts = {
  status: PaymentStatus;
  succeededAt: Date | null;
  projectStatus: ProjectStatus;
  /** Escrow already released to the engineer (the client accepted a submission). */
  released: boolean;
  refundPending: boolean;
  now: Date;
};

/** Why a payment cannot be refunded now, or null when it can. */
export function refundRefusal(f: RefundFacts): string | null {
  if (f.status === 'refunded') return PAYMENT_MESSAGES.alreadyRefunded;
  if (f.status !== 'succeeded' || !f.succeededAt) return PAYMENT_MESSAGES.refundNotSucceeded;
  if (f.refundPending) return PAYMENT_MESSAGES.refundInProgress;
  if (f.released || f.projectStatus === 'completed') return PAYMENT_MESSAGES.refundCompleted;
  if (f.projectStatus === 'problem') return PAYMENT_MESSAGES.refundProblem;
  if (f.now.getTime() - f.succeededAt.getTime() >= REFUND_WINDOW_MS) return PAYMENT_MESSAGES.refundWindowOver;
  return null;
}

/** When the refund window of a payment that succeeded at `succeededAt` closes. */
export const refundDeadline = (succeededAt: Date): Date => new Date(succeededAt.getTime() + REFUND_WINDOW_MS);

export const refundBodySchema = z.object({ paymentId: uuid(PAYMENT_MESSAGES.paymentNotFound) });

// ---------------------------------------------------------------------------------------
// Answers (spec §3 Payment field names; amounts in cents).

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const paymentSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  project_title: z.string(),
  proposal_id: z.string().nullable(),
  customer_id: z.string(),
  engineer_id: z.string(),
  engineer_name: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
  succeeded_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  stripe_payment_intent_id: z.string().nullable(),
  /** The latest refund's state, when one was asked for. */
  refund_status: z.enum(REFUND_STATUSES).nullable(),
  /** Whether the caller may ask for a refund now, and until when (null when not refundable). */
  refundable: z.boolean(),
  refund_deadline: z.string().nullable(),
});
export type PaymentDto = z.infer<typeof paymentSchema>;

/** Admin Orders: with the customer's name. */
export const orderSchema = paymentSchema.extend({ customer_name: z.string() });
export type OrderDto = z.infer<typeof orderSchema>;

export const refundResultSchema = z.object({ message: z.string(), payment: paymentSchema });

/**
 * 'YYYY-MM-DD' (a UTC day) or a full ISO instant, within years 1 to 9999 in UTC: PostgreSQL has
 * no year 0 and cannot read the years past 9999 that JavaScript writes as '+010000-...'
 * ('0001-01-01T00:00+14:00' is still year 0 in UTC).
 */
const instant = (message: string) =>
  z
    .string()
    .refine(
      (s) =>
        /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(s) &&
        !Number.isNaN(Date.parse(s)) &&
        [dayStart(s), dayEnd(s)].every((d) => d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999),
      { message },
    );

export const ORDER_STATUS_FILTERS = ['all', ...PAYMENT_STATUSES] as const;

/** GET /api/payments/all_payments?page=n&status=&start=&end= (admins). Dates are inclusive. */
export const ordersQuerySchema = z
  .object({
    page: z.coerce
      .number({ error: 'Page must be a whole number from 1.' })
      .int('Page must be a whole number from 1.')
      .min(1, 'Page must be a whole number from 1.')
      .max(10_000, 'Page must be a whole number from 1.')
      .default(1),
    status: z
      .union([z.literal(''), z.enum(ORDER_STATUS_FILTERS)], { error: 'Unknown payment status.' })
      .optional()
      .transform((v) => (v && v !== 'all' ? v : undefined)),
    start: instant('Start date is not a date.').optional(),
    end: instant('End date is not a date.').optional(),
  })
  .refine((q) => !q.start || !q.end || dayStart(q.start) <= dayEnd(q.end), {
    message: 'The start date must not be after the end date.',
    path: ['start'],
  });
export type OrdersQuery = z.input<typeof ordersQuerySchema>;

/** The first instant a start filter includes: a bare date means that UTC day's start. */
export function dayStart(s: string): Date {
  return new Date(s.length === 10 ? `${s}T00:00:00.000Z` : s);
}
/** The last instant an end filter includes: a bare date means that UTC day's end. */
export function dayEnd(s: string): Date {
  return new Date(s.length === 10 ? `${s}T23:59:59.999Z` : s);
}

// ---------------------------------------------------------------------------------------
// Payment History filters (spec §5: client-side, start and end inclusive; §9 ranges).

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
// CSV export (spec §9 columns: Payment ID, Amount, Status, Date).

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:MM:SS' in local time: what spreadsheets read as a date and time. */
function csvDate(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
/** Quotes a field when needed, and keeps a spreadsheet from reading it as a formula. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The Payment History export: a UTF-8 byte-order mark (so spreadsheets read it as UTF-8),
 * CRLF line ends, amounts as plain decimals of dollars so they stay numbers.
 */
export function paymentsCsv(
  payments: ReadonlyArray<{ id: string; amount_cents: number; status: string; created_at: string }>,
): string {
  const rows = [
    ['Payment ID', 'Amount', 'Status', 'Date'],
    ...payments.map((p) => [p.id, centsToDecimal(p.amount_cents), p.status, csvDate(p.created_at)]),
  ];
  return `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
