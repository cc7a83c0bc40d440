// Checkout in test mode, through the API and the test checkout page: the contract, the
// rules of who may pay for what at which amount, a declined card and its retry, the
// deal made by the provider's event, and the ledger.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatRooms,
  contractSignatures,
  mailOutbox,
  notifications,
  payments,
  projects,
  proposals,
} from '../../db/schema/index.ts';
import {
  checkout,
  contractFor,
  DECLINED_CARD,
  expectLedgerHolds,
  GOOD_CARD,
  openDeal,
  PAYMENT_MESSAGES,
  paymentOf,
  payWithCard,
  sessionOf,
} from '../../test/fixtures/payments.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { accounts, balanceOf } from '../ledger/ledger.service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

const verify = (sessionId: string) =>
  app.inject({ method: 'GET', url: `/api/payments/verify-session/${sessionId}` });

describe('the contract', () => {
  it('is shown to the project owner only, filled with the deal', async () => {
    const { client, offers } = await openDeal(app, [1234_56]);
    const res = await contractFor(app, client, offers[0].proposalId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      amount: 1234_56,
      platform_fee: 246_91,
      engineer_amount: 987_65,
      currency: 'usd',
      client_name: client.fullName,
      engineer_name: offers[0].engineer.fullName,
    });
    expect(body.text).toContain('Payment of the full amount is due on signing this agreement');
    expect(body.text).toContain(
      'The agreed price is $1,234.56 (USD). The Engineer will deliver the work within 7 days of the payment.',
    );
    expect(body.sha256).toMatch(/^[0-9a-f]{64}$/);

    const stranger = await createUser(app, { role: 'client' });
    expect((await contractFor(app, stranger, offers[0].proposalId)).statusCode).toBe(403);
    expect((await contractFor(app, offers[0].engineer, offers[0].proposalId)).statusCode).toBe(403);
    const admin = await createUser(app, { role: 'admin' });
    expect((await contractFor(app, admin, offers[0].proposalId)).statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/payments/contract/${offers[0].proposalId}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await contractFor(app, client, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('checkout', () => {
  it('refuses every request that breaks a rule, and changes nothing', async () => {
    const { client, projectId, offers } = await openDeal(app, [500_00, 300_00]);
    const deal = { projectId, proposalId: offers[0].proposalId, amount: 500_00 };
    const refused = async (res: Awaited<ReturnType<typeof checkout>>, status: number, message: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await refused(
      await checkout(app, client, { ...deal, amount: 400_00 }),
      400,
      PAYMENT_MESSAGES.amountMismatch,
    );
    await refused(await checkout(app, client, deal, { currency: 'eur' }), 400, PAYMENT_MESSAGES.currency);
    await refused(await checkout(app, client, deal, { agreed: false }), 400, PAYMENT_MESSAGES.mustAgree);
    await refused(
      await checkout(app, client, deal, { contract_sha256: 'a'.repeat(64) }),
      409,
      PAYMENT_MESSAGES.contractChanged,
    );
    await refused(
      await checkout(app, client, deal, { signed_name: 'Somebody Else' }),
      400,
      `Type your full name as it appears on your account: ${client.fullName}.`,
    );
    const stranger = await createUser(app, { role: 'client' });
    await refused(await checkout(app, stranger, deal), 403, PAYMENT_MESSAGES.onlyOwner);
    await refused(await checkout(app, offers[0].engineer, deal), 403, PAYMENT_MESSAGES.onlyOwner);
    const other = await openDeal(app, [100_00]);
    await refused(
      await checkout(app, client, { ...deal, proposalId: other.offers[0].proposalId, amount: 100_00 }),
      400,
      PAYMENT_MESSAGES.proposalNotOfProject,
    );
    await app.ctx.db
      .update(proposals)
      .set({ status: 'rejected' })
      .where(eq(proposals.id, offers[1].proposalId));
    await refused(
      await checkout(app, client, { projectId, proposalId: offers[1].proposalId, amount: 300_00 }),
      409,
      PAYMENT_MESSAGES.proposalNotPending,
    );
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payments/checkout-session',
      headers: client.auth,
      payload: {
        project_id: projectId,
        proposal_id: deal.proposalId,
        amount: 500_00,
        currency: 'usd',
        email: client.email,
      },
    });
    expect(unsigned.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/payments/checkout-session',
      payload: {
        project_id: projectId,
        proposal_id: deal.proposalId,
        amount: 500_00,
        email: client.email,
        signed_name: client.fullName,
        contract_sha256: 'a'.repeat(64),
        agreed: true,
      },
    });
    expect(anonymous.statusCode).toBe(401);

    const small = await openDeal(app, [49]);
    await refused(
      await checkout(app, small.client, {
        projectId: small.projectId,
        proposalId: small.offers[0].proposalId,
        amount: 49,
      }),
      400,
      PAYMENT_MESSAGES.minimumCharge,
    );

    expect(await app.ctx.db.select().from(payments).where(eq(payments.projectId, projectId))).toHaveLength(0);
    expect(
      await app.ctx.db.select().from(contractSignatures).where(eq(contractSignatures.projectId, projectId)),
    ).toHaveLength(0);
  });

  it('takes a declined card, then a good one, and the provider event makes the deal', async () => {
    const { client, projectId, offers } = await openDeal(app, [800_00, 650_00, 700_00]);
    const [chosen, second, third] = offers;
    const res = await checkout(app, client, { projectId, proposalId: chosen.proposalId, amount: 800_00 });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/\/api\/payments\/test-checkout\/cs_test_\w+$/);
    const { sessionId, path } = sessionOf(url);

    // The signature is kept with the exact text and its hash.
    const [signature] = await app.ctx.db
      .select()
      .from(contractSignatures)
      .where(eq(contractSignatures.proposalId, chosen.proposalId));
    expect(signature).toMatchObject({
      signerId: client.id,
      signedName: client.fullName,
      userAgent: 'vitest',
    });
    expect(signature.ip).toBeTruthy();
    expect(signature.text).toContain('$800.00 (USD)');
    expect(signature.textSha256).toBe((await contractFor(app, client, chosen.proposalId)).json().sha256);

    // The checkout page: no inline script or style, under the site's CSP.
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay $800.00');
    expect(page.body).not.toMatch(/<script|style=|<style/);
    expect((await verify(sessionId)).json()).toEqual({ status: 'open' });

    const declined = await payWithCard(app, url, DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect(declined.body).not.toContain('4000 0000 0000 0002"');
    expect((await verify(sessionId)).json()).toEqual({ status: 'open' });
    // The declined attempt reads Failed in the client's Payment History; the checkout stays open.
    expect((await paymentOf(app, chosen.proposalId))[0]).toMatchObject({
      status: 'failed',
      failureReason: 'card_declined',
    });
    const history = await app.inject({
      method: 'GET',
      url: `/api/payments/user/${client.id}`,
      headers: client.auth,
    });
    expect(history.json()).toEqual([expect.objectContaining({ amount_cents: 800_00, status: 'failed' })]);
    const [stillOpen] = await app.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    expect(stillOpen.status).toBe('open');

    const paid = await payWithCard(app, url, GOOD_CARD);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${app.ctx.config.publicUrl}/#/success?session_id=${sessionId}`);
    expect((await verify(sessionId)).json()).toEqual({ status: 'complete' });

    const [payment] = await paymentOf(app, chosen.proposalId);
    expect(payment).toMatchObject({ status: 'succeeded', amountCents: 800_00, currency: 'usd' });
    expect(payment.paymentIntentId).toMatch(/^pi_test_/);
    expect(payment.honouredAt).not.toBeNull();
    const statuses = Object.fromEntries(
      (await app.ctx.db.select().from(proposals).where(eq(proposals.projectId, projectId))).map((p) => [
        p.id,
        p.status,
      ]),
    );
    expect(statuses).toEqual({
      [chosen.proposalId]: 'accepted',
      [second.proposalId]: 'rejected',
      [third.proposalId]: 'rejected',
    });
    const [project] = await app.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project.status).toBe('assigned');
    // The project page shows the hired engineer's delivery time once the deal is made.
    const projectPage = await app.inject({
      method: 'GET',
      url: `/api/projects/id/${projectId}`,
      headers: client.auth,
    });
    expect(projectPage.json()).toMatchObject({ status: 'assigned', delivery_days: 7 });
    const [room] = await app.ctx.db.select().from(chatRooms).where(eq(chatRooms.projectId, projectId));
    expect(room).toMatchObject({ clientId: client.id, engineerId: chosen.engineer.id, closedAt: null });

    expect(await balanceOf(app.ctx.db, accounts.escrow(projectId))).toBe(800_00);
    expect(await balanceOf(app.ctx.db, accounts.client(client.id))).toBe(-800_00);
    await expectLedgerHolds(app);

    const told = async (userId: string) =>
      (await app.ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
        (n) => n.message,
      );
    expect(await told(client.id)).toEqual([expect.stringContaining('Payment of $800.00 received')]);
    expect(await told(chosen.engineer.id)).toEqual([expect.stringContaining('accepted your proposal')]);
    expect(await told(second.engineer.id)).toEqual([expect.stringContaining('not selected')]);
    expect(await told(third.engineer.id)).toEqual([expect.stringContaining('not selected')]);
    // Mail goes after commit.
    await expect
      .poll(async () =>
        (await app.ctx.db.select().from(mailOutbox)).filter((m) =>
          [client.email, chosen.engineer.email].includes(m.to),
        ),
      )
      .toHaveLength(2);

    // The page is done: paying again is not possible.
    const again = await app.inject({ method: 'GET', url: path });
    expect(again.body).toContain('This checkout is paid');
    const closed = await checkout(app, client, { projectId, proposalId: second.proposalId, amount: 650_00 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(PAYMENT_MESSAGES.projectNotOpen);
  });

  it('refuses a NUL in the card form with a 400, and the checkout stays open', async () => {
    // Found by the generated-input suite: PostgreSQL text cannot hold NUL.
    const { client, projectId, offers } = await openDeal(app, [120_00]);
    const res = await checkout(app, client, { projectId, proposalId: offers[0].proposalId, amount: 120_00 });
    const { sessionId } = sessionOf(res.json().url);
    const refused = await payWithCard(app, res.json().url, { ...GOOD_CARD, name: 'Cora\u0000Client' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The text contains characters that are not allowed.');
    expect((await verify(sessionId)).json()).toMatchObject({ status: 'open' });
    expect((await payWithCard(app, res.json().url)).statusCode).toBe(303);
  });

  it('answers the same checkout to a second click, and never two live payments', async () => {
    const { client, projectId, offers } = await openDeal(app, [120_00]);
    const deal = { projectId, proposalId: offers[0].proposalId, amount: 120_00 };
    const [a, b] = await Promise.all([checkout(app, client, deal), checkout(app, client, deal)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().url).toBe(b.json().url);
    const c = await checkout(app, client, deal);
    expect(c.json().url).toBe(a.json().url);
    expect(await paymentOf(app, offers[0].proposalId)).toHaveLength(1);
  });

  it('hands a declined checkout out again, waiting for another card, and never opens a second', async () => {
    const { client, projectId, offers } = await openDeal(app, [150_00]);
    const deal = { projectId, proposalId: offers[0].proposalId, amount: 150_00 };
    const first = await checkout(app, client, deal);
    expect((await payWithCard(app, first.json().url, DECLINED_CARD)).statusCode).toBe(402);
    expect((await paymentOf(app, offers[0].proposalId))[0].status).toBe('failed');
    // 'Accept & pay' again: the same open checkout, pending again.
    const again = await checkout(app, client, deal);
    expect(again.json().url).toBe(first.json().url);
    const rows = await paymentOf(app, offers[0].proposalId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', failureReason: null });
    expect((await payWithCard(app, again.json().url)).statusCode).toBe(303);
    expect((await paymentOf(app, offers[0].proposalId))[0].status).toBe('succeeded');
    await expectLedgerHolds(app);
  });

  it('replaces a declined checkout when the client pays for another proposal', async () => {
    const { client, projectId, offers } = await openDeal(app, [300_00, 310_00]);
    const first = await checkout(app, client, {
      projectId,
      proposalId: offers[0].proposalId,
      amount: 300_00,
    });
    expect((await payWithCard(app, first.json().url, DECLINED_CARD)).statusCode).toBe(402);
    const second = await checkout(app, client, {
      projectId,
      proposalId: offers[1].proposalId,
      amount: 310_00,
    });
    expect(second.statusCode).toBe(200);
    expect((await paymentOf(app, offers[0].proposalId))[0]).toMatchObject({
      status: 'failed',
      failureReason: 'replaced',
    });
    // Its session no longer takes money.
    expect((await payWithCard(app, first.json().url)).statusCode).toBe(410);
    expect((await payWithCard(app, second.json().url)).statusCode).toBe(303);
    await expectLedgerHolds(app);
  });

  it('replaces the checkout of another proposal of the same project', async () => {
    const { client, projectId, offers } = await openDeal(app, [200_00, 210_00]);
    const first = await checkout(app, client, {
      projectId,
      proposalId: offers[0].proposalId,
      amount: 200_00,
    });
    const second = await checkout(app, client, {
      projectId,
      proposalId: offers[1].proposalId,
      amount: 210_00,
    });
    expect(second.statusCode).toBe(200);
    const [old] = await paymentOf(app, offers[0].proposalId);
    expect(old).toMatchObject({ status: 'failed', failureReason: 'replaced' });
    // The replaced checkout takes no money any more.
    const stale = await payWithCard(app, first.json().url);
    expect(stale.statusCode).toBe(410);
    expect((await verify(sessionOf(first.json().url).sessionId)).json()).toEqual({ status: 'expired' });
    expect((await payWithCard(app, second.json().url)).statusCode).toBe(303);
    await expectLedgerHolds(app);
  });

  it('keeps the engineer from changing or withdrawing a proposal while the client pays', async () => {
    const { client, projectId, offers } = await openDeal(app, [300_00]);
    await checkout(app, client, { projectId, proposalId: offers[0].proposalId, amount: 300_00 });
    const engineer = offers[0].engineer;
    const update = await app.inject({
      method: 'PUT',
      url: `/api/proposals/update/${offers[0].proposalId}`,
      headers: engineer.auth,
      payload: { description: 'Cheaper', license_type: 'PE', proposed_amount: 100, delivery_days: 7 },
    });
    expect(update.statusCode).toBe(409);
    expect(update.json().message).toContain('paying for this proposal');
    const withdraw = await app.inject({
      method: 'DELETE',
      url: `/api/proposals/withdraw/${offers[0].proposalId}`,
      headers: engineer.auth,
    });
    expect(withdraw.statusCode).toBe(409);
  });
});

describe('verify-session', () => {
  it('answers only a state, for sessions it knows', async () => {
    expect((await verify('cs_test_doesnotexist123')).statusCode).toBe(404);
    const bad = await verify('not-a-session');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PAYMENT_MESSAGES.sessionIdMissing);
  });
});
