// Receipts (one PDF per payment and per refund, for the client who paid and staff) and
// engineers' earnings statements (a month or a year, PDF or CSV, for that engineer and staff):
// what both sides agree on — the request shapes, the period rule, the texts, and which
// receipts a Payment History row offers. Details in docs/PAYMENTS.md 'Receipts and statements'.
import { z } from 'zod';
import { idSchema } from './api.ts';
import { PLATFORM_FEE_PERCENT } from './money.ts';

export const STATEMENT_MESSAGES = {
  receiptNotFound: 'Receipt not found.',
  noRefundReceipt: 'This payment has not been refunded, so it has no refund receipt.',
  noPaymentReceipt: 'This payment has not been paid, so it has no receipt.',
  statementNotYours: 'You can only download your own earnings statement.',
  engineerNotFound: 'Engineer not found.',
  badPeriod: 'Choose a month (YYYY-MM) or a year (YYYY).',
  futurePeriod: 'That period has not started yet.',
  tooOldPeriod: 'Statements start in the year 2000.',
  badFormat: 'Choose PDF or CSV.',
  busy: 'Documents are being prepared for many people right now. Please try again in a minute.',
  downloadFailed: 'Download failed',
} as const;

/**
 * What the platform fee covers, printed on every receipt and statement. The client pays the
 * agreed amount and nothing on top: the fee is the platform's share of it, taken when the
 * escrow is released to the engineer.
 */
export const PLATFORM_FEE_COVERS = `The platform fee is ${PLATFORM_FEE_PERCENT}% of the amount paid, included in it (nothing is added on top) and taken from the engineer's share only when the escrow is released. It covers card processing, holding the money in escrow until the work is accepted, the signed contract and the project record, payouts to the engineer, and support when a problem is reported.`;

export const receiptParamsSchema = z.object({
  paymentId: idSchema(STATEMENT_MESSAGES.receiptNotFound),
});

export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

const PERIOD = /^(\d{4})(?:-(0[1-9]|1[0-2]))?$/;

export const statementParamsSchema = z.object({
  engineerId: idSchema(STATEMENT_MESSAGES.engineerNotFound),
});

export const statementQuerySchema = z.object({
  /** 'YYYY-MM' (a month) or 'YYYY' (a year), in UTC. */
  period: z
    .string({ error: STATEMENT_MESSAGES.badPeriod })
    .max(7, { message: STATEMENT_MESSAGES.badPeriod, abort: true })
    .regex(PERIOD, { message: STATEMENT_MESSAGES.badPeriod }),
  format: z.enum(STATEMENT_FORMATS, { message: STATEMENT_MESSAGES.badFormat }).default('pdf'),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export type StatementPeriod = {
  /** As asked: 'YYYY-MM' or 'YYYY'. */
  key: string;
  kind: 'month' | 'year';
  /** First instant of the period and first instant after it, UTC. */
  from: Date;
  to: Date;
  /** 'November 2026' or 'Year 2026'. */
  label: string;
};

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export { MONTH_NAMES };

/**
 * A statement's period in UTC (months and years begin at 00:00 UTC, like the ledger's
 * monthly figures on the admin dashboard), or the message why it cannot be one: not a
 * month or year, before 2000, or not begun at `now`.
 */
export function statementPeriod(key: string, now: Date): StatementPeriod | { error: string } {
  const m = PERIOD.exec(key);
  if (!m) return { error: STATEMENT_MESSAGES.badPeriod };
  const year = Number(m[1]);
  if (year < 2000) return { error: STATEMENT_MESSAGES.tooOldPeriod };
  const month = m[2] ? Number(m[2]) - 1 : null;
  const from = new Date(Date.UTC(year, month ?? 0, 1));
  const to = month === null ? new Date(Date.UTC(year + 1, 0, 1)) : new Date(Date.UTC(year, month + 1, 1));
  if (from.getTime() > now.getTime()) return { error: STATEMENT_MESSAGES.futurePeriod };
  return {
    key,
    kind: month === null ? 'year' : 'month',
    from,
    to,
    label: month === null ? `Year ${year}` : `${MONTH_NAMES[month]} ${year}`,
  };
}

/** The file a statement is saved as: 'earnings-statement-2026-11.pdf'. */
export const statementFileName = (period: string, format: StatementFormat) =>
  `earnings-statement-${period}.${format}`;
export const receiptFileName = (paymentId: string, kind: 'payment' | 'refund') =>
  `${kind === 'refund' ? 'refund-receipt' : 'receipt'}-${paymentId.slice(0, 8)}.pdf`;

/** The API paths of the documents, for the web's download buttons. */
export const receiptPath = (paymentId: string, kind: 'payment' | 'refund') =>
  `/api/receipts/${paymentId}${kind === 'refund' ? '/refund' : ''}`;
export const statementPath = (engineerId: string, period: string, format: StatementFormat) =>
  `/api/statements/${engineerId}?period=${encodeURIComponent(period)}&format=${format}`;

/**
 * Which receipts a Payment History row offers: one for the payment once money came in
 * (succeeded or later refunded), one for the refund once it went back.
 */
export function receiptKinds(p: {
  status: string;
  refund_status: string | null;
}): Array<'payment' | 'refund'> {
  const kinds: Array<'payment' | 'refund'> = [];
  if (p.status === 'succeeded' || p.status === 'refunded') kinds.push('payment');
  if (p.status === 'refunded' || p.refund_status === 'succeeded') kinds.push('refund');
  return kinds;
}

/** The years an engineer can pick, newest first: from `firstYear` (their first earnings) to now, UTC. */
export function statementYears(now: Date, firstYear?: number): number[] {
  const last = now.getUTCFullYear();
  const first = Math.min(last, Math.max(2000, firstYear ?? last - 2));
  return Array.from({ length: last - first + 1 }, (_, i) => last - i);
}
