// Random sequences of what clients, engineers, staff, cards, the provider and time can
// do — checkouts, declined and good cards, expiries, events held back and delivered out
// of order or twice, refunds, refund windows running out, the reconciliation job,
// deliverables submitted, rejected and accepted (releasing the escrow), problems reported
// and settled either way, payout runs — and after every step the ledger's invariants and
// the deal's must hold, and no call may answer 5xx.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPaymentsProvider } from '../../adapters/payments/test-provider.ts';
import {
  disputes,
  payments,
  payouts,
  projects,
  proposals,
  refunds,
  submissions,
  testCheckoutSessions,
  testTransfers,
} from '../../db/schema/index.ts';
import { drawingPdf } from '../../seed/stamped-pdf.ts';
import { uploaded } from '../../test/fixtures/files.ts';
import {
  checkout,
  DECLINED_CARD,
  GOOD_CARD,
  openDeal,
  type Person,
  payWithCard,
  sessionOf,
} from '../../test/fixtures/payments.ts';
import { providerAccount } from '../../test/fixtures/payouts.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { runDealsJob as runPaymentsJob } from '../deals/index.ts';
import { checkLedger, formatLedgerReport } from '../ledger/ledger.check.ts';
import { runPayouts } from '../payouts/payout-run.ts';

let app: TestApp;
let provider: TestPaymentsProvider;
let staff: Person;
let pdf: Buffer;
/** What the random runs reached, so a run that never got past checkout fails loudly. */
const reached = { released: 0, settled: 0, paidOut: 0 };
/** Events the provider sent, held back until a step delivers them. */
let queue: Array<{ payload: string; signature: string }> = [];
let delivered: Array<{ payload: string; signature: string }> = [];

beforeAll(async () => {
  app = await createTestApp({ rateLimitScale: 1000 });
  provider = app.ctx.payments as TestPaymentsProvider;
  staff = await createUser(app, { role: 'admin' });
  pdf = await drawingPdf({ title: 'S-1', project: 'Property', engineer: 'Engineer' });
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
  { weight: 3, arbitrary: fc.record({ t: fc.constant('submit' as const), project: fc.nat(1) }) },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('decide' as const), project: fc.nat(1), accept: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('problem' as const), project: fc.nat(1), byClient: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('settle' as const), project: fc.nat(1), release: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('payouts' as const), twice: fc.boolean() }) },
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
    // At most one deal per project; the project is under way, disputed or completed exactly
    // when one stands (completed exactly when its escrow was released), open or closed
    // otherwise; its accepted proposal is the one that deal paid for.
    expect(live.length).toBeLessThanOrEqual(1);
    if (live.length === 1)
      expect(project.status).toBe(
        live[0].releasedAt
          ? 'completed'
          : project.status === 'problem'
            ? 'problem'
            : project.status === 'inprogress'
              ? 'inprogress'
              : 'assigned',
      );
    else expect(['open', 'closed']).toContain(project.status);
    expect(accepted.map((p) => p.id)).toEqual(live.map((p) => p.proposalId));
    // A project is in progress only with a submission, and completed by exactly one accepted one
    // or by staff settling a problem for the engineer.
    const versions = await app.ctx.db.select().from(submissions).where(eq(submissions.projectId, projectId));
    if (project.status === 'inprogress') expect(versions.length).toBeGreaterThan(0);
    expect(versions.filter((v) => v.clientAcceptance === true).length).toBeLessThanOrEqual(1);
    expect(versions.filter((v) => v.clientAcceptance === null).length).toBeLessThanOrEqual(1);
    // A problem is open while the project is `problem` — except once staff decided a refund:
    // the project stays frozen as `problem` until the provider's refund event closes it (or
    // its failure opens the problem again), with the dispute settled and that refund pending.
    const open = await app.ctx.db
      .select()
      .from(disputes)
      .where(and(eq(disputes.projectId, projectId), eq(disputes.status, 'open')));
    const settling = await app.ctx.db
      .select({ id: refunds.id })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(
        and(eq(payments.projectId, projectId), eq(refunds.reason, 'dispute'), eq(refunds.status, 'pending')),
      );
    if (settling.length) expect(project.status).toBe('problem');
    expect(open.length).toBe(project.status === 'problem' && !settling.length ? 1 : 0);
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

async function submitAs(engineer: Person, projectId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: engineer.auth,
    payload: {
      project_id: projectId,
      engineer_id: engineer.id,
      title: 'Version',
      description: 'Plans.',
      attachments: await uploaded(app, 'deliverable', engineer.auth, pdf),
    },
  });
}

const decide = (client: Person, submissionId: string, accept: boolean) =>
  app.inject({
    method: 'PATCH',
    url: `/api/submissions/${submissionId}/approve`,
    headers: client.auth,
    payload: { client_acceptance: accept, comment: accept ? null : 'Not yet.' },
  });

async function pendingVersion(projectId: string) {
  const [pending] = await app.ctx.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.projectId, projectId), isNull(submissions.clientAcceptance)));
  return pending;
}

/** Staff settle the project's open problem, if it has one. */
async function settle(projectId: string, outcome: 'released' | 'refunded') {
  const [dispute] = await app.ctx.db
    .select()
    .from(disputes)
    .where(and(eq(disputes.projectId, projectId), eq(disputes.status, 'open')));
  if (!dispute) return null;
  return app.inject({
    method: 'POST',
    url: `/api/disputes/${dispute.id}/resolve`,
    headers: staff.auth,
    payload: { outcome },
  });
}

/** The engineer whose proposal the project's deal accepted, if one stands. */
async function hiredEngineer(projectId: string, offers: Array<{ engineer: Person; proposalId: string }>) {
  const [accepted] = await app.ctx.db
    .select()
    .from(proposals)
    .where(and(eq(proposals.projectId, projectId), eq(proposals.status, 'accepted')));
  return offers.find((o) => o.proposalId === accepted?.id)?.engineer;
}

/** Every payout of these projects' payments was sent at most once per attempt, and paid at most once. */
async function expectPaidOutOnce(projectIds: string[]) {
  const ours = await app.ctx.db
    .select({ payout: payouts })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .where(inArray(payments.projectId, projectIds));
  const transfers = await app.ctx.db.select().from(testTransfers);
  for (const { payout } of ours) {
    const made = transfers.filter((t) => t.metadata.payout_id === payout.id);
    expect(new Set(made.map((t) => t.metadata.attempt)).size).toBe(made.length);
    expect(made.length).toBeLessThanOrEqual(payout.attempt);
    if (payout.status === 'succeeded') expect(made.length).toBeGreaterThanOrEqual(1);
  }
}

describe('payments under random sequences', () => {
  it('keep the ledger balanced and the deal consistent after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 28 }), async (steps: Step[]) => {
        queue = [];
        delivered = [];
        const deals = await Promise.all([openDeal(app, [150_00, 175_00]), openDeal(app, [99_00, 120_00])]);
        // The engineers' connected accounts can receive payouts.
        for (const d of deals) for (const o of d.offers) await providerAccount(app, o.engineer.id, true);
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
          } else if (s.t === 'job') {
            await runPaymentsJob(app.ctx, { refundRetryAfterMs: 0 });
          } else if (s.t === 'submit') {
            const d = deals[s.project];
            const engineer = await hiredEngineer(d.projectId, d.offers);
            if (engineer) {
              const res = await submitAs(engineer, d.projectId);
              expect(res.statusCode, res.body).toBeLessThan(500);
            }
          } else if (s.t === 'decide') {
            const d = deals[s.project];
            const pending = await pendingVersion(d.projectId);
            if (pending) {
              const res = await decide(d.client, pending.id, s.accept);
              expect(res.statusCode, res.body).toBeLessThan(500);
              if (s.accept && res.statusCode === 200) reached.released += 1;
            }
          } else if (s.t === 'problem') {
            const d = deals[s.project];
            const engineer = await hiredEngineer(d.projectId, d.offers);
            const who = s.byClient ? d.client : engineer;
            if (who) {
              const res = await app.inject({
                method: 'POST',
                url: `/api/projects/${d.projectId}/problem`,
                headers: who.auth,
                payload: { description: 'It went wrong.' },
              });
              expect(res.statusCode, res.body).toBeLessThan(500);
            }
          } else if (s.t === 'settle') {
            const res = await settle(deals[s.project].projectId, s.release ? 'released' : 'refunded');
            if (res) {
              expect(res.statusCode, res.body).toBeLessThan(500);
              if (res.statusCode === 200) reached.settled += 1;
            }
          } else {
            // Far in the future: everything released so far is due.
            const runs = s.twice ? 2 : 1;
            await Promise.all(
              Array.from({ length: runs }, () => runPayouts(app.ctx, { date: '2999-12-31' })),
            );
          }
          await expectConsistent(projectIds);
          await expectPaidOutOnce(projectIds);
        }

        // Everything held back arrives at last, in a scrambled order, some of it twice.
        while (queue.length) {
          const [event] = queue.splice(Math.floor(queue.length / 2), 1);
          await send(event);
          await send(event);
          await runPaymentsJob(app.ctx, { refundRetryAfterMs: 0 });
        }
        await expectConsistent(projectIds);

        // Then every deal still standing is finished: open problems settled for the
        // engineer, the pending version (or a new one) accepted, and two payout runs at once.
        for (const d of deals) {
          const settled = await settle(d.projectId, 'released');
          if (settled) {
            expect(settled.statusCode, settled.body).toBe(200);
            reached.settled += 1;
            continue;
          }
          const engineer = await hiredEngineer(d.projectId, d.offers);
          const [project] = await app.ctx.db.select().from(projects).where(eq(projects.id, d.projectId));
          if (!engineer || !['assigned', 'inprogress'].includes(project.status)) continue;
          let pending: { id: string } | undefined = await pendingVersion(d.projectId);
          if (!pending) {
            const res = await submitAs(engineer, d.projectId);
            expect(res.statusCode, res.body).toBe(201);
            pending = res.json();
          }
          const res = await decide(d.client, (pending as { id: string }).id, true);
          expect(res.statusCode, res.body).toBe(200);
          reached.released += 1;
          await expectConsistent(projectIds);
        }
        const results = await Promise.all([
          runPayouts(app.ctx, { date: '2999-12-31' }),
          runPayouts(app.ctx, { date: '2999-12-31' }),
        ]);
        reached.paidOut += results.reduce((n, r) => n + r.paid, 0);
        await expectConsistent(projectIds);
        await expectPaidOutOnce(projectIds);
      }),
      { numRuns: 15 },
    );
    // The runs must have reached the end of the money's path, or they proved little.
    expect(reached.released + reached.settled, JSON.stringify(reached)).toBeGreaterThan(0);
    expect(reached.paidOut, JSON.stringify(reached)).toBeGreaterThan(0);
  }, 240_000);
});
