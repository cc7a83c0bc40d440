// Random sequences of what clients, cards, the provider and time can do — checkouts,
// declined and good cards, expiries, events held back and delivered out of order or
// twice, refunds, refund windows running out, the reconciliation job — and after every
// step the ledger's invariants and the deal's must hold, and no call may answer 5xx.
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPaymentsProvider } from '../../adapters/payments/test-provider.ts';
import { payments, projects, proposals, testCheckoutSessions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { checkLedger, formatLedgerReport } from '../ledger/ledger.check.ts';
import { runPaymentsJob } from './payments.job.ts';
import { checkout, DECLINED_CARD, GOOD_CARD, openDeal, payWithCard, sessionOf } from './test-fixtures.ts';

let app: TestApp;
let provider: TestPaymentsProvider;
/** Events the provider sent, held back until a step delivers them. */
let queue: Array<{ payload: string; signature: string }> = [];
let delivered: Array<{ payload: string; signature: string }> = [];

beforeAll(async () => {
  app = await createTestApp({ rateLimitScale: 1000 });
  provider = app.ctx.payments as TestPaymentsProvider;
  provider.setEventSink(async (payload, signature) => {
    queue.push({ payload, signature });
  });
});
afterAll(() => app.dispose());

// Weighted towards what makes money move (checkouts, payments, deliveries), so that
// races between two checkouts of one project — a replaced checkout paid all the same —
// come up in most runs, not by luck. `k` picks among the run's recent items.
const step = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ t: fc.constant('checkout' as const), project: fc.nat(1), offer: fc.nat(1) }),
  },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('pay' as const), k: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('decline' as const), k: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('expire' as const), k: fc.nat(3) }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('deliver' as const), k: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('replay' as const), k: fc.nat(10) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('refund' as const), k: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('age' as const), k: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('job' as const) }) },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

async function send(event: { payload: string; signature: string }) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The deal's invariants for the projects of one run, beside the ledger's. */
async function expectConsistent(projectIds: string[]) {
  const report = await checkLedger(app.ctx.db);
  if (!report.ok) expect.fail(formatLedgerReport(report));
  for (const projectId of projectIds) {
    const [project] = await app.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    const deals = await app.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.projectId, projectId), eq(payments.status, 'succeeded')));
    const live = deals.filter((p) => p.honouredAt);
    const accepted = await app.ctx.db
      .select()
      .from(proposals)
      .where(and(eq(proposals.projectId, projectId), eq(proposals.status, 'accepted')));
    // At most one deal per project; the project is assigned exactly when one stands,
    // and its accepted proposal is the one that deal paid for.
    expect(live.length).toBeLessThanOrEqual(1);
    expect(project.status).toBe(live.length === 1 ? 'assigned' : 'open');
    expect(accepted.map((p) => p.id)).toEqual(live.map((p) => p.proposalId));
    // A deal made leaves no other proposal pending.
    if (live.length) {
      const pending = await app.ctx.db
        .select()
        .from(proposals)
        .where(and(eq(proposals.projectId, projectId), eq(proposals.status, 'pending')));
      expect(pending).toEqual([]);
    }
  }
}

describe('payments under random sequences', () => {
  it('keep the ledger balanced and the deal consistent after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 28 }), async (steps: Step[]) => {
        queue = [];
        delivered = [];
        const deals = await Promise.all([openDeal(app, [150_00, 175_00]), openDeal(app, [99_00, 120_00])]);
        const projectIds = deals.map((d) => d.projectId);
        const urls: string[] = [];
        /** The k-th most recent item. */
        const pick = <T>(list: T[], k: number) =>
          list.length ? list[list.length - 1 - (k % list.length)] : undefined;
        const paymentsOfRun = () =>
          app.ctx.db.select().from(payments).where(inArray(payments.projectId, projectIds));

        for (const s of steps) {
          if (s.t === 'checkout') {
            const d = deals[s.project];
            const offer = d.offers[s.offer];
            const res = await checkout(app, d.client, {
              projectId: d.projectId,
              proposalId: offer.proposalId,
              amount: offer.amount,
            });
            expect(res.statusCode, res.body).toBeLessThan(500);
            if (res.statusCode === 200) urls.push(res.json().url);
          } else if (s.t === 'pay' || s.t === 'decline') {
            const url = pick(urls, s.k);
            if (url) {
              const res = await payWithCard(app, url, s.t === 'pay' ? GOOD_CARD : DECLINED_CARD);
              expect(res.statusCode).toBeLessThan(500);
            }
          } else if (s.t === 'expire') {
            const url = pick(urls, s.k);
            if (url) {
              await app.ctx.db
                .update(testCheckoutSessions)
                .set({ expiresAt: new Date(Date.now() - 1000) })
                .where(eq(testCheckoutSessions.id, sessionOf(url).sessionId));
              await provider.expireOverdueSessions();
            }
          } else if (s.t === 'deliver') {
            // Any held-back event, not necessarily the oldest: out of order.
            if (queue.length) {
              const [event] = queue.splice(s.k % queue.length, 1);
              await send(event);
              delivered.push(event);
            }
          } else if (s.t === 'replay') {
            const event = pick(delivered, s.k);
            if (event) await send(event);
          } else if (s.t === 'refund') {
            const payment = pick(await paymentsOfRun(), s.k);
            if (payment) {
              const owner = deals.find((d) => d.projectId === payment.projectId)?.client;
              const res = await app.inject({
                method: 'POST',
                url: '/api/payments/refund',
                headers: owner?.auth,
                payload: { paymentId: payment.id },
              });
              expect(res.statusCode, res.body).toBeLessThan(500);
            }
          } else if (s.t === 'age') {
            const payment = pick(await paymentsOfRun(), s.k);
            if (payment?.succeededAt)
              await app.ctx.db
                .update(payments)
                .set({ succeededAt: new Date(payment.succeededAt.getTime() - 25 * 60 * 60 * 1000) })
                .where(eq(payments.id, payment.id));
          } else {
            await runPaymentsJob(app.ctx, { refundRetryAfterMs: 0 });
          }
          await expectConsistent(projectIds);
        }

        // Everything held back arrives at last, in a scrambled order, some of it twice.
        while (queue.length) {
          const [event] = queue.splice(Math.floor(queue.length / 2), 1);
          await send(event);
          await send(event);
          await runPaymentsJob(app.ctx, { refundRetryAfterMs: 0 });
        }
        await expectConsistent(projectIds);
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});
