// The engineer's payout account (Stripe Connect Express or the built-in test mode).
import { z } from 'zod';
import { PAYOUT_COUNTRIES } from './enums.ts';

const PAYOUT_CODES = PAYOUT_COUNTRIES.map((c) => c.code) as ['US', 'CA', 'AU'];

export const connectStatusSchema = z.object({
  /** Null while the engineer has not started connecting. */
  accountId: z.string().nullable(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
});
export type ConnectStatus = z.infer<typeof connectStatusSchema>;

export const connectRequestSchema = z.object({
  email: z.string().trim().email({ message: 'Enter a valid e-mail address.' }).max(254),
  country: z.enum(PAYOUT_CODES, { message: 'Choose United States, Canada or Australia.' }).default('US'),
});
export type ConnectRequest = z.infer<typeof connectRequestSchema>;

export const onboardingUrlSchema = z.object({ onboardingUrl: z.string() });
export const loginUrlSchema = z.object({ loginUrl: z.string() });

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the payout of a submission accepted at `acceptedAt` is due: the Sunday of the
 * Monday-to-Sunday week after the one containing `acceptedAt`, in UTC, as YYYY-MM-DD
 * (decisions.md 'Project lifecycle'; spec §1: 'the first Sunday of the following week').
 * Accepted on Wednesday 25 November 2026 -> Sunday 6 December; on Sunday 29 November
 * (the last day of its week) -> also 6 December; on Monday 30 November -> 13 December.
 */
export function payoutDueDate(acceptedAt: Date): string {
  const dayOfWeek = acceptedAt.getUTCDay(); // 0 Sunday ... 6 Saturday
  const toThisSunday = (7 - dayOfWeek) % 7;
  const startOfDay = Date.UTC(acceptedAt.getUTCFullYear(), acceptedAt.getUTCMonth(), acceptedAt.getUTCDate());
  return new Date(startOfDay + (toThisSunday + 7) * DAY_MS).toISOString().slice(0, 10);
}
