// Test fixtures for payments: a client's open project with engineers' pending proposals,
// the signed checkout request, and paying a test-mode checkout through its card form.
import { type ContractDto, PAYMENT_MESSAGES } from '@app/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { payments, proposals } from '../../db/schema/index.ts';
import { createUser, type TestApp } from '../../test/harness.ts';
import { checkLedger, formatLedgerReport } from '../ledger/index.ts';
import { eligibleEngineer, insertProject } from '../projects/test-fixtures.ts';

export type Person = Awaited<ReturnType<typeof createUser>>;

/** A client's open project with one pending proposal per amount given. */
export async function openDeal(app: TestApp, amounts: number[] = [250_00]) {
  const client = await createUser(app, { role: 'client' });
  const projectId = await insertProject(app, client.id, { title: 'Deck permit drawings' });
  const offers: Array<{ engineer: Person; proposalId: string; amount: number }> = [];
  for (const amount of amounts) {
    const engineer = await eligibleEngineer(app);
    const [row] = await app.ctx.db
      .insert(proposals)
      .values({
        projectId,
        engineerId: engineer.id,
        description: 'Stamped drawings in a week',
        licenseType: 'PE',
        proposedAmount: amount,
        deliveryDays: 7,
      })
      .returning({ id: proposals.id });
    offers.push({ engineer, proposalId: row.id, amount });
  }
  return { client, projectId, offers };
}

export async function contractFor(app: TestApp, who: Person, proposalId: string) {
  return app.inject({ method: 'GET', url: `/api/payments/contract/${proposalId}`, headers: who.auth });
}

/** Reads the contract and asks for a checkout with its signature, as the contract dialog does. */
export async function checkout(
  app: TestApp,
  client: Person,
  deal: { projectId: string; proposalId: string; amount: number },
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const contract = await contractFor(app, client, deal.proposalId);
  const sha256 = contract.statusCode === 200 ? (contract.json() as ContractDto).sha256 : 'f'.repeat(64);
  return app.inject({
    method: 'POST',
    url: '/api/payments/checkout-session',
    headers: { ...client.auth, 'user-agent': 'vitest', ...headers },
    payload: {
      project_id: deal.projectId,
      proposal_id: deal.proposalId,
      amount: deal.amount,
      currency: 'usd',
      email: client.email,
      signed_name: client.fullName,
      contract_sha256: sha256,
      agreed: true,
      ...overrides,
    },
  });
}

/** The checkout page's path and session id from a test-mode checkout address. */
export function sessionOf(url: string) {
  const path = new URL(url).pathname;
  return { path, sessionId: path.split('/').pop() as string };
}

export const GOOD_CARD = {
  name: 'Cora Client',
  number: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
};
export const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };

/** Submits the test-mode checkout form. */
export function payWithCard(app: TestApp, url: string, card: Record<string, string> = GOOD_CARD) {
  return app.inject({
    method: 'POST',
    url: sessionOf(url).path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(card).toString(),
  });
}

/** A paid deal (test-mode card): the first offer accepted, the others rejected, the project assigned. */
export async function paidDeal(app: TestApp, amounts: number[] = [400_00, 390_00]) {
  const deal = await openDeal(app, amounts);
  const res = await checkout(app, deal.client, {
    projectId: deal.projectId,
    proposalId: deal.offers[0].proposalId,
    amount: amounts[0],
  });
  expect((await payWithCard(app, res.json().url)).statusCode).toBe(303);
  const [payment] = await paymentOf(app, deal.offers[0].proposalId);
  expect(payment.status).toBe('succeeded');
  return { ...deal, engineer: deal.offers[0].engineer, payment };
}

export async function paymentOf(app: TestApp, proposalId: string) {
  return app.ctx.db.select().from(payments).where(eq(payments.proposalId, proposalId));
}

/** Fails the test with the report when a ledger invariant does not hold. */
export async function expectLedgerHolds(app: TestApp) {
  const report = await checkLedger(app.ctx.db);
  if (!report.ok) expect.fail(formatLedgerReport(report));
  return report;
}

export { PAYMENT_MESSAGES };
