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
