// Test mode: the payment provider the embedded default runs without Stripe keys. It
// keeps what Stripe would hold (connected accounts, checkout sessions, refunds, transfers), serves
// its own onboarding, dashboard and checkout pages (modules/connect, modules/payments),
// and sends its events in Stripe's shape, signed, to the product's webhook route — the
// same route and handlers as Stripe's — retrying any delivery that failed.
import { createHmac } from 'node:crypto';
import { formatCents } from '@app/shared';
import { and, asc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  testAccountLinks,
  testCheckoutSessions,
  testConnectAccounts,
  testEvents,
  testRefunds,
  testTransfers,
} from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../lib/crypto.ts';
import { type CardInput, checkTestCard, PENDING_REFUND_MS, refundsSettleLater } from './test-cards.ts';
import {
  type CheckoutSession,
  type PaymentEvent,
  PaymentProviderError,
  type PaymentsProvider,
  type ProviderRefund,
  type ProviderTransfer,
  WebhookSignatureError,
} from './types.ts';

/** Links expire like Stripe's account links do (Stripe: minutes; here an hour to be kind). */
const LINK_TTL_SECONDS = 60 * 60;
type LinkPurpose = 'onboarding' | 'dashboard';

export type TestAccount = typeof testConnectAccounts.$inferSelect;

export type TestOnboardingDetails = {
  legalName: string;
  dateOfBirth: string;
  addressLine1: string;
  city: string;
  postalCode: string;
  bankLast4: string;
};

export type TestCheckoutSession = typeof testCheckoutSessions.$inferSelect;

const toTransfer = (t: typeof testTransfers.$inferSelect): ProviderTransfer => ({
  id: t.id,
  amountCents: t.amount,
  destination: t.destination,
  reversed: t.reversed,
  metadata: t.metadata,
});

/** Hands a signed event to the product (its webhook route); throws when it was not accepted. */
export type EventSink = (payload: string, signature: string) => Promise<void>;

export interface TestPaymentsProvider extends PaymentsProvider {
  readonly kind: 'test';
  /** Secret that signs test-mode webhooks (Stripe's scheme), for tests and local tools. */
  readonly webhookSecret: string;
  /** Where events go: set once by the product's webhook route at start. */
  setEventSink(sink: EventSink): void;
  getCheckoutSession(sessionId: string): Promise<TestCheckoutSession | null>;
  /**
   * Pays an open session with a card, as Stripe Checkout would. A declined card leaves the
   * session open (the client may try another); a paid one completes it and sends
   * `checkout.session.completed`.
   */
  payCheckoutSession(
    sessionId: string,
    card: CardInput,
    now?: Date,
  ): Promise<{ ok: true; session: TestCheckoutSession } | { ok: false; field: string; message: string }>;
  /** Expires the open sessions past their time (Stripe does this on its own); answers how many. */
  expireOverdueSessions(now?: Date): Promise<number>;
  /** Sends again the events whose delivery failed; answers how many were delivered. */
  redeliverEvents(): Promise<number>;
  /**
   * Succeeds the pending refunds (of the asynchronous-refund test card) whose time has come,
   * each with `refund.updated`, as Stripe does some time later; answers how many.
   */
  settlePendingRefunds(now?: Date): Promise<number>;
  /** Whether `token` is the account's newest unused, unexpired link for `purpose`. */
  verifyLinkToken(
    accountId: string,
    purpose: LinkPurpose,
    token: string | undefined,
    now?: Date,
  ): Promise<boolean>;
  /** Uses the link up (single use): answers false when it was not valid, or already used. */
  consumeLinkToken(
    accountId: string,
    purpose: LinkPurpose,
    token: string | undefined,
    now?: Date,
  ): Promise<boolean>;
  getAccount(accountId: string): Promise<TestAccount | null>;
  /** Records the submitted details, enables payouts and sends `account.updated`. */
  completeOnboarding(accountId: string, details: TestOnboardingDetails): Promise<void>;
}

type TestRefund = typeof testRefunds.$inferSelect;
const refundObject = (r: TestRefund): Record<string, unknown> => ({
  id: r.id,
  object: 'refund',
  amount: r.amount,
  currency: 'usd',
  payment_intent: r.paymentIntentId,
  status: r.status,
  metadata: r.metadata,
  created: Math.floor(r.createdAt.getTime() / 1000),
});
const toRefund = (r: TestRefund): ProviderRefund => ({
  id: r.id,
  status: r.status,
  amountCents: r.amount,
  paymentIntentId: r.paymentIntentId,
  metadata: r.metadata,
  failureReason: null,
});

export function createTestProvider(config: Config, db: Db): TestPaymentsProvider {
  const hmac = (data: string) => createHmac('sha256', config.encryptionKey).update(data).digest('base64url');
  const webhookSecret = `whsec_test_${hmac('test-mode-webhook-secret')}`;
  /** A new link token; the account's older links for the same purpose stop working. */
  async function issueLink(accountId: string, purpose: LinkPurpose): Promise<string> {
    const token = randomToken();
    await db.transaction(async (tx) => {
      await tx
        .delete(testAccountLinks)
        .where(and(eq(testAccountLinks.accountId, accountId), eq(testAccountLinks.purpose, purpose)));
      await tx.insert(testAccountLinks).values({
        tokenHash: hashToken(token),
        accountId,
        purpose,
        expiresAt: new Date(Date.now() + LINK_TTL_SECONDS * 1000),
      });
    });
    return token;
  }
  const linkIs = (accountId: string, purpose: LinkPurpose, token: string, now: Date) =>
    and(
      eq(testAccountLinks.tokenHash, hashToken(token)),
      eq(testAccountLinks.accountId, accountId),
      eq(testAccountLinks.purpose, purpose),
      gt(testAccountLinks.expiresAt, now),
    );
  const base = `${config.publicUrl}/api/stripe`;
  let sink: EventSink | null = null;

  /** Records an event and delivers it; a failed delivery stays queued for redeliverEvents. */
  async function emit(type: string, object: Record<string, unknown>, account?: string): Promise<void> {
    const event = {
      id: `evt_test_${randomToken(18).replace(/[-_]/g, 'x')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      ...(account ? { account } : {}),
      data: { object },
    };
    await db.insert(testEvents).values({ id: event.id, type, payload: event });
    await deliver(event.id, event);
  }
  async function deliver(id: string, event: Record<string, unknown>): Promise<boolean> {
    if (!sink) return false;
    const payload = JSON.stringify(event);
    await db
      .update(testEvents)
      .set({ attempts: sql`${testEvents.attempts} + 1` })
      .where(eq(testEvents.id, id));
    try {
      await sink(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
    } catch {
      return false;
    }
    await db.update(testEvents).set({ deliveredAt: new Date() }).where(eq(testEvents.id, id));
    return true;
  }

  const sessionObject = (s: TestCheckoutSession): Record<string, unknown> => ({
    id: s.id,
    object: 'checkout.session',
    mode: 'payment',
    amount_total: s.amountTotal,
    currency: s.currency,
    client_reference_id: s.metadata.payment_id ?? null,
    customer_email: s.customerEmail,
    metadata: s.metadata,
    payment_intent: s.status === 'complete' ? s.paymentIntentId : null,
    payment_status: s.status === 'complete' ? 'paid' : 'unpaid',
    status: s.status,
    url: s.status === 'open' ? `${config.publicUrl}/api/payments/test-checkout/${s.id}` : null,
    expires_at: Math.floor(s.expiresAt.getTime() / 1000),
  });
  const toSession = (s: TestCheckoutSession): CheckoutSession => ({
    id: s.id,
    url: s.status === 'open' ? `${config.publicUrl}/api/payments/test-checkout/${s.id}` : null,
    status: s.status,
    paymentStatus: s.status === 'complete' ? 'paid' : 'unpaid',
    paymentIntentId: s.status === 'complete' ? s.paymentIntentId : null,
    amountTotal: s.amountTotal,
    currency: s.currency,
    metadata: s.metadata,
    expiresAt: s.expiresAt,
  });
  async function getCheckoutSession(sessionId: string) {
    const [row] = await db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, sessionId));
    return row ?? null;
  }
  /** Moves an open session to expired (guarded) and tells the product. */
  async function expire(sessionId: string): Promise<boolean> {
    const [row] = await db
      .update(testCheckoutSessions)
      .set({ status: 'expired' })
      .where(and(eq(testCheckoutSessions.id, sessionId), eq(testCheckoutSessions.status, 'open')))
      .returning();
    if (!row) return false;
    await emit('checkout.session.expired', sessionObject(row));
    return true;
  }

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
    setEventSink(next) {
      sink = next;
    },
    async createConnectedAccount({ email, country }) {
      const id = `acct_test_${randomToken(12).replace(/[-_]/g, 'x')}`;
      await db.insert(testConnectAccounts).values({ id, email, country });
      return id;
    },
    async createOnboardingLink(accountId) {
      await mustGet(accountId);
      return `${base}/test-onboarding/${accountId}?token=${await issueLink(accountId, 'onboarding')}`;
    },
    async createLoginLink(accountId) {
      const row = await mustGet(accountId);
      if (!row.detailsSubmitted)
        throw new PaymentProviderError('Finish onboarding before opening the dashboard.');
      return `${base}/test-dashboard/${accountId}?token=${await issueLink(accountId, 'dashboard')}`;
    },
    async retrieveAccount(accountId) {
      const row = await mustGet(accountId);
      return { payoutsEnabled: row.payoutsEnabled, detailsSubmitted: row.detailsSubmitted };
    },
    async createCheckoutSession(input) {
      const id = `cs_test_${randomToken(24).replace(/[-_]/g, 'x')}`;
      // Stripe answers a repeated idempotency key with the session it created the first time.
      await db
        .insert(testCheckoutSessions)
        .values({
          id,
          idempotencyKey: input.idempotencyKey,
          paymentIntentId: `pi_test_${randomToken(18).replace(/[-_]/g, 'x')}`,
          amountTotal: input.amountCents,
          currency: input.currency,
          productName: input.productName,
          customerEmail: input.customerEmail,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          metadata: input.metadata,
          transferGroup: input.transferGroup,
          expiresAt: input.expiresAt,
        })
        .onConflictDoNothing({ target: testCheckoutSessions.idempotencyKey });
      const [row] = await db
        .select()
        .from(testCheckoutSessions)
        .where(eq(testCheckoutSessions.idempotencyKey, input.idempotencyKey));
      return toSession(row);
    },
    async retrieveCheckoutSession(sessionId) {
      const row = await getCheckoutSession(sessionId);
      if (!row) throw new PaymentProviderError(`No such checkout.session: '${sessionId}'`);
      return toSession(row);
    },
    async expireCheckoutSession(sessionId) {
      const row = await getCheckoutSession(sessionId);
      if (!row) throw new PaymentProviderError(`No such checkout.session: '${sessionId}'`);
      if (row.status === 'complete')
        throw new PaymentProviderError('Only Checkout Sessions with a status of open can be expired.');
      await expire(sessionId);
    },
    async createRefund(input) {
      // One refund of a charge at a time, as at Stripe: a repeated idempotency key racing the
      // first request (the refund job beside an after-commit send) waits for it and gets the
      // same refund, rather than being refused for the amount the first one just refunded.
      const created = await db.transaction(async (tx) => {
        const [session] = await tx
          .select()
          .from(testCheckoutSessions)
          .where(
            and(
              eq(testCheckoutSessions.paymentIntentId, input.paymentIntentId),
              eq(testCheckoutSessions.status, 'complete'),
            ),
          )
          .for('update');
        const [existing] = await tx
          .select()
          .from(testRefunds)
          .where(eq(testRefunds.idempotencyKey, input.idempotencyKey));
        if (existing) return { row: existing, isNew: false };
        if (!session) throw new PaymentProviderError(`No such payment_intent: '${input.paymentIntentId}'`);
        const [{ refunded }] = await tx
          .select({ refunded: sql<string>`coalesce(sum(${testRefunds.amount}), 0)` })
          .from(testRefunds)
          .where(
            and(
              eq(testRefunds.paymentIntentId, input.paymentIntentId),
              inArray(testRefunds.status, ['pending', 'succeeded']),
            ),
          );
        if (Number(refunded) + input.amountCents > session.amountTotal)
          throw new PaymentProviderError(
            `Refund amount (${formatCents(input.amountCents)}) is greater than unrefunded amount on charge (${formatCents(session.amountTotal - Number(refunded))})`,
          );
        const [row] = await tx
          .insert(testRefunds)
          .values({
            id: `re_test_${randomToken(18).replace(/[-_]/g, 'x')}`,
            idempotencyKey: input.idempotencyKey,
            paymentIntentId: input.paymentIntentId,
            amount: input.amountCents,
            status: refundsSettleLater(session.cardLast4) ? 'pending' : 'succeeded',
            metadata: input.metadata,
          })
          .returning();
        return { row, isNew: true };
      });
      if (created.isNew) await emit('refund.created', refundObject(created.row));
      return toRefund(created.row);
    },
    async retrieveRefund(refundId) {
      const [row] = await db.select().from(testRefunds).where(eq(testRefunds.id, refundId));
      if (!row) throw new PaymentProviderError(`No such refund: '${refundId}'`);
      return toRefund(row);
    },
    async createTransfer(input) {
      const [existing] = await db
        .select()
        .from(testTransfers)
        .where(eq(testTransfers.idempotencyKey, input.idempotencyKey));
      if (existing) return toTransfer(existing);
      const [account] = await db
        .select()
        .from(testConnectAccounts)
        .where(eq(testConnectAccounts.id, input.destination));
      if (!account) throw new PaymentProviderError(`No such destination: '${input.destination}'`);
      // Stripe refuses transfers to an account that cannot receive them yet.
      if (!account.payoutsEnabled)
        throw new PaymentProviderError(
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        );
      const [row] = await db
        .insert(testTransfers)
        .values({
          id: `tr_test_${randomToken(18).replace(/[-_]/g, 'x')}`,
          idempotencyKey: input.idempotencyKey,
          destination: input.destination,
          amount: input.amountCents,
          currency: input.currency,
          transferGroup: input.transferGroup,
          metadata: input.metadata,
        })
        .onConflictDoNothing({ target: testTransfers.idempotencyKey })
        .returning();
      if (row) return toTransfer(row);
      const [raced] = await db
        .select()
        .from(testTransfers)
        .where(eq(testTransfers.idempotencyKey, input.idempotencyKey));
      return toTransfer(raced);
    },
    async findTransfer({ transferGroup, payoutId, attempt }) {
      const rows = await db
        .select()
        .from(testTransfers)
        .where(eq(testTransfers.transferGroup, transferGroup));
      const found = rows.find(
        (t) => t.metadata.payout_id === payoutId && t.metadata.attempt === String(attempt),
      );
      return found ? toTransfer(found) : null;
    },
    parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
      try {
        return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret) as unknown as PaymentEvent;
      } catch {
        throw new WebhookSignatureError();
      }
    },
    getCheckoutSession,
    async payCheckoutSession(sessionId, card, now = new Date()) {
      const row = await getCheckoutSession(sessionId);
      if (row?.status !== 'open')
        return { ok: false, field: 'card', message: 'This checkout session is no longer open.' };
      if (row.expiresAt <= now) {
        await expire(sessionId);
        return { ok: false, field: 'card', message: 'This checkout session has expired.' };
      }
      const check = checkTestCard(card, now);
      if (!check.ok) {
        await db
          .update(testCheckoutSessions)
          .set({ lastError: check.message })
          .where(eq(testCheckoutSessions.id, sessionId));
        // A form error never reaches the bank; a decline is an attempt that failed, which
        // Stripe reports on the session's PaymentIntent (the session stays open for another card).
        if (check.field === 'card')
          await emit('payment_intent.payment_failed', {
            id: row.paymentIntentId,
            object: 'payment_intent',
            amount: row.amountTotal,
            currency: row.currency,
            metadata: row.metadata,
            status: 'requires_payment_method',
            last_payment_error: { type: 'card_error', code: 'card_declined', message: check.message },
          });
        return check;
      }
      const [paid] = await db
        .update(testCheckoutSessions)
        .set({ status: 'complete', completedAt: now, cardLast4: check.last4, lastError: null })
        .where(and(eq(testCheckoutSessions.id, sessionId), eq(testCheckoutSessions.status, 'open')))
        .returning();
      if (!paid) return { ok: false, field: 'card', message: 'This checkout session is no longer open.' };
      await emit('checkout.session.completed', sessionObject(paid));
      return { ok: true, session: paid };
    },
    async expireOverdueSessions(now = new Date()) {
      const overdue = await db
        .select({ id: testCheckoutSessions.id })
        .from(testCheckoutSessions)
        .where(and(eq(testCheckoutSessions.status, 'open'), lt(testCheckoutSessions.expiresAt, now)));
      let n = 0;
      for (const s of overdue) if (await expire(s.id)) n += 1;
      return n;
    },
    async redeliverEvents() {
      const queued = await db
        .select()
        .from(testEvents)
        .where(isNull(testEvents.deliveredAt))
        .orderBy(asc(testEvents.createdAt))
        .limit(100);
      let n = 0;
      for (const e of queued) if (await deliver(e.id, e.payload)) n += 1;
      return n;
    },
    async settlePendingRefunds(now = new Date()) {
      const settled = await db
        .update(testRefunds)
        .set({ status: 'succeeded' })
        .where(
          and(
            eq(testRefunds.status, 'pending'),
            lte(testRefunds.createdAt, new Date(now.getTime() - PENDING_REFUND_MS)),
          ),
        )
        .returning();
      for (const r of settled) await emit('refund.updated', refundObject(r));
      return settled.length;
    },
    async verifyLinkToken(accountId, purpose, token, now = new Date()) {
      if (!token) return false;
      const [row] = await db
        .select({ accountId: testAccountLinks.accountId })
        .from(testAccountLinks)
        .where(linkIs(accountId, purpose, token, now));
      return Boolean(row);
    },
    async consumeLinkToken(accountId, purpose, token, now = new Date()) {
      if (!token) return false;
      // One statement: of two submissions racing with the same link, one uses it.
      const used = await db
        .delete(testAccountLinks)
        .where(linkIs(accountId, purpose, token, now))
        .returning({ accountId: testAccountLinks.accountId });
      return used.length === 1;
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
      await emit(
        'account.updated',
        {
          id: row.id,
          object: 'account',
          email: row.email,
          country: row.country,
          details_submitted: row.detailsSubmitted,
          payouts_enabled: row.payoutsEnabled,
          charges_enabled: false,
        },
        row.id,
      );
    },
  };
}
