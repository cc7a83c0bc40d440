// The request and response shapes (zod schemas) of payments.ts, in a module of their
// own: a page that shows one of its messages or uses one of its rules does not load zod
// with it (docs/PERFORMANCE.md#a-visitors-first-page).

import { z } from 'zod';
import { idSchema } from './api.ts';
import { EMAIL_MAX, EMAIL_PATTERN } from './auth.ts';
import { DEAL_STATES, ESCROW_STATES, ORDER_ESCROW_FILTERS } from './deals.ts';
import { PAYMENT_STATUSES } from './enums.ts';
import { CURRENCY } from './money.ts';
import {
  CHECKOUT_STATES,
  dayEnd,
  dayStart,
  ORDER_STATUS_FILTERS,
  PAYMENT_MESSAGES,
  REFUND_STATUSES,
} from './payments.ts';

export const contractParamsSchema = z.object({ proposalId: idSchema('Invalid id.') });

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
// Checkout (docs/PRODUCT.md#api POST /payments/checkout-session).

export const checkoutSessionBodySchema = z.object({
  project_id: idSchema('Project ID is missing.'),
  proposal_id: idSchema('Proposal ID is missing.'),
  /** Cents. Must equal the proposal's amount: the server charges what it computes. */
  amount: z.number({ error: PAYMENT_MESSAGES.amountMismatch }).int(PAYMENT_MESSAGES.amountMismatch),
  currency: z
    .string({ error: PAYMENT_MESSAGES.currency })
    .transform((c) => c.toLowerCase())
    .pipe(z.literal(CURRENCY, { error: PAYMENT_MESSAGES.currency }))
    .default(CURRENCY),
  /** Where the card provider sends the receipt. */
  email: z
    .string({ error: PAYMENT_MESSAGES.validEmail })
    .trim()
    .max(EMAIL_MAX, { message: PAYMENT_MESSAGES.validEmail, abort: true })
    .regex(EMAIL_PATTERN, PAYMENT_MESSAGES.validEmail),
  /** The signature: the client's full name as typed, the hash of the text read, and the tick. */
  signed_name: z
    .string({ error: PAYMENT_MESSAGES.signedNameRequired })
    .trim()
    .min(2, PAYMENT_MESSAGES.signedNameRequired)
    .max(200, { message: PAYMENT_MESSAGES.signedNameRequired, abort: true }),
  contract_sha256: z
    .string({ error: PAYMENT_MESSAGES.contractChanged })
    .max(64, { message: PAYMENT_MESSAGES.contractChanged, abort: true })
    .regex(/^[0-9a-f]{64}$/, PAYMENT_MESSAGES.contractChanged),
  agreed: z.literal(true, { error: PAYMENT_MESSAGES.mustAgree }),
});
export type CheckoutSessionBody = z.input<typeof checkoutSessionBodySchema>;

export const checkoutSessionSchema = z.object({ url: z.string() });

/** Session ids are the provider's (`cs_...`); anything else is not one of ours. */
export const verifySessionParamsSchema = z.object({
  sessionId: z
    .string()
    .max(253, { message: PAYMENT_MESSAGES.sessionIdMissing, abort: true })
    .regex(/^cs_[A-Za-z0-9_]{8,250}$/, { message: PAYMENT_MESSAGES.sessionIdMissing }),
});
export const verifySessionSchema = z.object({ status: z.enum(CHECKOUT_STATES) });
export type VerifySessionDto = z.infer<typeof verifySessionSchema>;

export const refundBodySchema = z.object({ paymentId: idSchema(PAYMENT_MESSAGES.paymentNotFound) });

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

/** Admin Orders: with the customer's name and, once a payment made a deal, what happened to its money. */
export const orderSchema = paymentSchema.extend({
  customer_name: z.string(),
  /** Null for a payment that made no deal (pending, failed, or refunded because it came too late). */
  escrow: z.enum(ESCROW_STATES).nullable(),
  deal_state: z.enum(DEAL_STATES).nullable(),
});
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
    .max(40, { message, abort: true })
    .refine(
      (s) =>
        /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(s) &&
        !Number.isNaN(Date.parse(s)) &&
        [dayStart(s), dayEnd(s)].every((d) => d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999),
      { message },
    );

/** GET /api/payments/all_payments?page=n&status=&start=&end= (admins). Dates are inclusive. */
export const ordersQuerySchema = z
  .object({
    page: z.coerce
      .number({ error: 'Page must be a whole number from 1.' })
      .int('Page must be a whole number from 1.')
      .min(1, 'Page must be a whole number from 1.')
      .max(10_000, { message: 'Page must be a whole number from 1.', abort: true })
      .default(1),
    status: z
      .union([z.literal(''), z.enum(ORDER_STATUS_FILTERS)], { error: 'Unknown payment status.' })
      .optional()
      .transform((v) => (v && v !== 'all' ? v : undefined)),
    start: instant('Start date is not a date.').optional(),
    end: instant('End date is not a date.').optional(),
    escrow: z
      .union([z.literal(''), z.enum(ORDER_ESCROW_FILTERS)], { error: 'Unknown escrow state.' })
      .optional()
      .transform((v) => (v && v !== 'all' ? v : undefined)),
  })
  .refine((q) => !q.start || !q.end || dayStart(q.start) <= dayEnd(q.end), {
    message: 'The start date must not be after the end date.',
    path: ['start'],
  });
export type OrdersQuery = z.input<typeof ordersQuerySchema>;
