// Test mode: the payment provider the embedded default runs without Stripe keys. It
// keeps what Stripe would hold (test_connect_accounts), hands out signed links to its
// own onboarding and dashboard pages (served by modules/connect), and answers events
// in Stripe's shape so the product handles them with the same code as real webhooks.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { testConnectAccounts } from '../../db/schema/index.ts';
import { randomToken } from '../../lib/crypto.ts';
import {
  type PaymentEvent,
  PaymentProviderError,
  type PaymentsProvider,
  WebhookSignatureError,
} from './types.ts';

/** Links expire like Stripe's account links do (Stripe: minutes; here an hour to be kind). */
const LINK_TTL_SECONDS = 60 * 60;

export type TestAccount = typeof testConnectAccounts.$inferSelect;

export type TestOnboardingDetails = {
  legalName: string;
  dateOfBirth: string;
  addressLine1: string;
  city: string;
  postalCode: string;
  bankLast4: string;
};

export interface TestPaymentsProvider extends PaymentsProvider {
  readonly kind: 'test';
  /** Secret that signs test-mode webhooks (Stripe's scheme), for tests and local tools. */
  readonly webhookSecret: string;
  verifyLinkToken(accountId: string, purpose: 'onboarding' | 'dashboard', token: string | undefined): boolean;
  getAccount(accountId: string): Promise<TestAccount | null>;
  /** Records the submitted details, enables payouts and answers the `account.updated` event. */
  completeOnboarding(accountId: string, details: TestOnboardingDetails): Promise<PaymentEvent>;
}

export function createTestProvider(config: Config, db: Db): TestPaymentsProvider {
  const hmac = (data: string) => createHmac('sha256', config.encryptionKey).update(data).digest('base64url');
  const webhookSecret = `whsec_test_${hmac('test-mode-webhook-secret')}`;
  const sign = (accountId: string, purpose: string) => {
    const exp = Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS;
    return `${exp}.${hmac(`${purpose}:${accountId}:${exp}`)}`;
  };
  const base = `${config.publicUrl}/api/stripe`;

  async function getAccount(accountId: string) {
    const [row] = await db.select().from(testConnectAccounts).where(eq(testConnectAccounts.id, accountId));
    return row ?? null;
  }
  async function mustGet(accountId: string) {
    const row = await getAccount(accountId);
    if (!row) throw new PaymentProviderError('No such payout account.');
    return row;
  }

  return {
    kind: 'test',
    webhookSecret,
    async createConnectedAccount({ email, country }) {
      const id = `acct_test_${randomToken(12).replace(/[-_]/g, 'x')}`;
      await db.insert(testConnectAccounts).values({ id, email, country });
      return id;
    },
    async createOnboardingLink(accountId) {
      await mustGet(accountId);
      return `${base}/test-onboarding/${accountId}?token=${sign(accountId, 'onboarding')}`;
    },
    async createLoginLink(accountId) {
      const row = await mustGet(accountId);
      if (!row.detailsSubmitted)
        throw new PaymentProviderError('Finish onboarding before opening the dashboard.');
      return `${base}/test-dashboard/${accountId}?token=${sign(accountId, 'dashboard')}`;
    },
    async retrieveAccount(accountId) {
      const row = await mustGet(accountId);
      return { payoutsEnabled: row.payoutsEnabled, detailsSubmitted: row.detailsSubmitted };
    },
    parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
      try {
        return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret) as unknown as PaymentEvent;
      } catch {
        throw new WebhookSignatureError();
      }
    },
    verifyLinkToken(accountId, purpose, token) {
      if (!token) return false;
      const [expText, mac] = token.split('.');
      const exp = Number(expText);
      if (!Number.isInteger(exp) || exp < Date.now() / 1000 || !mac) return false;
      const expected = Buffer.from(hmac(`${purpose}:${accountId}:${exp}`));
      const given = Buffer.from(mac);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    getAccount,
    async completeOnboarding(accountId, details) {
      const now = new Date();
      const [row] = await db
        .update(testConnectAccounts)
        .set({ ...details, detailsSubmitted: true, payoutsEnabled: true, updatedAt: now })
        .where(eq(testConnectAccounts.id, accountId))
        .returning();
      if (!row) throw new PaymentProviderError('No such payout account.');
      return {
        id: `evt_test_${randomToken(12)}`,
        type: 'account.updated',
        created: Math.floor(now.getTime() / 1000),
        account: row.id,
        data: {
          object: {
            id: row.id,
            object: 'account',
            email: row.email,
            country: row.country,
            details_submitted: row.detailsSubmitted,
            payouts_enabled: row.payoutsEnabled,
            charges_enabled: false,
          },
        },
      };
    },
  };
}
