// Deliverables end to end through the API: who may submit, read and decide; the PDF and
// signature checks; rejection with a comment; acceptance releasing the escrow 80/20 once,
// completing the project and creating the payout; and what is refused afterwards.
import { createHash } from 'node:crypto';
import { DEAL_MESSAGES, payoutDueDate, SUBMISSION_MESSAGES, type SubmissionDto } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deals,
  ledgerTransactions,
  notifications,
  payments,
  payouts,
  projects,
  submissions,
} from '../../db/schema/index.ts';
import { drawingPdf, makeSealIdentity, signPdf } from '../../seed/stamped-pdf.ts';
import { PNG, uploaded, uploadRequest } from '../../test/fixtures/files.ts';
import { expectLedgerHolds, PAYMENT_MESSAGES, type Person, paidDeal } from '../../test/fixtures/payments.ts';
import { eligibleEngineer } from '../../test/fixtures/projects.ts';
import { type PaidDeal, submitVersion } from '../../test/fixtures/submissions.ts';
import { createTestApp, createUser, eventually, type TestApp } from '../../test/harness.ts';
import { accounts, balanceOf } from '../ledger/ledger.service.ts';

let app: TestApp;
let unsignedPdf: Buffer;
let signedPdf: Buffer;
let alteredPdf: Buffer;

beforeAll(async () => {
  app = await createTestApp();
  unsignedPdf = await drawingPdf({ title: 'S-101', project: 'Deck', engineer: 'Eve Engineer, PE' });
  signedPdf = await signPdf(unsignedPdf, makeSealIdentity({ commonName: 'Eve Engineer, PE' }), {
    name: 'Eve Engineer, PE',
    location: 'Austin, TX',
  });
  alteredPdf = Buffer.concat([signedPdf, Buffer.from('\n% edited after signing\n')]);
});
afterAll(() => app.dispose());

const submit = (who: Person, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/submissions', headers: who.auth, payload });
const decide = (who: Person, id: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: `/api/submissions/${id}/approve`, headers: who.auth, payload });
const listOf = (who: Person, projectId: string, qs = '') =>
  app.inject({ method: 'GET', url: `/api/submissions/project/${projectId}${qs}`, headers: who.auth });

async function deliverable(who: Person, pdf: Buffer = signedPdf) {
  return uploaded(app, 'deliverable', who.auth, pdf);
}

const firstVersion = (deal: PaidDeal, pdf: Buffer = signedPdf) => submitVersion(app, deal, pdf);

const projectStatus = async (id: string) =>
  (await app.ctx.db.select({ status: projects.status }).from(projects).where(eq(projects.id, id)))[0].status;

describe('submitting a deliverable', () => {
  it('records the PDF, its SHA-256 and signature, and puts the project in progress', async () => {
    const deal = await paidDeal(app);
    expect(await projectStatus(deal.projectId)).toBe('assigned');
    const s = await firstVersion(deal);
    expect(s).toMatchObject({
      project_id: deal.projectId,
      engineer_id: deal.engineer.id,
      client_acceptance: null,
      file_sha256: createHash('sha256').update(signedPdf).digest('hex'),
      file_size: signedPdf.length,
      signature: {
        status: 'intact',
        signatures: [{ signer_name: 'Eve Engineer, PE', covers_whole_file: true }],
      },
      abilities: { update: true, decide: false },
    });
    expect(await projectStatus(deal.projectId)).toBe('inprogress');
    const clientNotes = await app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, deal.client.id));
    expect(clientNotes.map((n) => n.notificationLink)).toContain(`/submissions/${deal.projectId}`);

    // The client sees it with the decision open to them; the file is theirs to read too.
    const asClient = await listOf(deal.client, deal.projectId);
    expect(asClient.statusCode).toBe(200);
    expect(asClient.json().submissions[0].abilities).toEqual({ update: false, decide: true });
    expect(asClient.json().abilities).toEqual({ create: false });
    const file = await app.inject({ method: 'GET', url: s.attachments, headers: deal.client.auth });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(signedPdf)).toBe(true);
    // A deliverable is private: not public, not for others.
    expect((await app.inject({ method: 'GET', url: s.attachments })).statusCode).toBe(401);
    const outsider = await createUser(app, { role: 'client' });
    expect((await app.inject({ method: 'GET', url: s.attachments, headers: outsider.auth })).statusCode).toBe(
      404,
    );
    expect((await listOf(outsider, deal.projectId)).statusCode).toBe(403);
    expect((await listOf(deal.offers[1].engineer, deal.projectId)).statusCode).toBe(403);
    const admin = await createUser(app, { role: 'admin' });
    expect((await listOf(admin, deal.projectId)).json().submissions).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: s.attachments, headers: admin.auth })).statusCode).toBe(
      200,
    );
  });

  it('says when a PDF is unsigned or was changed after signing', async () => {
    const unsigned = await firstVersion(await paidDeal(app), unsignedPdf);
    expect(unsigned.signature).toMatchObject({ status: 'unsigned', signatures: [] });
    const changed = await firstVersion(await paidDeal(app), alteredPdf);
    expect(changed.signature.status).toBe('changed');
    expect(changed.signature.signatures[0]).toMatchObject({ covers_whole_file: false, digest_matches: true });
  });

  it('takes only a PDF the engineer uploaded as a deliverable', async () => {
    const deal = await paidDeal(app);
    const base = {
      project_id: deal.projectId,
      engineer_id: deal.engineer.id,
      title: 'Permit set',
      description: 'Sealed plans.',
    };
    // Not a PDF: refused at upload, by its bytes (the name says .pdf).
    const png = await uploadRequest(app, PNG, {
      kind: 'deliverable',
      auth: deal.engineer.auth,
      filename: 'plans.pdf',
    });
    expect(png.statusCode).toBe(415);
    // A PDF uploaded for something else, or by someone else, or nothing at all.
    const chatFile = await uploaded(app, 'chat_attachment', deal.engineer.auth, signedPdf);
    const othersFile = await deliverable(deal.offers[1].engineer);
    for (const attachments of [chatFile, othersFile, '/files/abcdefgh12.pdf', 'https://evil.example/x.pdf']) {
      const res = await submit(deal.engineer, { ...base, attachments });
      expect(res.statusCode, attachments).toBe(400);
      expect(res.json().message).toBe(SUBMISSION_MESSAGES.invalidFile);
    }
    for (const attachments of [undefined, null, '']) {
      const res = await submit(deal.engineer, { ...base, attachments });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SUBMISSION_MESSAGES.fileRequired);
    }
    for (const [field, message] of [
      ['title', SUBMISSION_MESSAGES.titleRequired],
      ['description', SUBMISSION_MESSAGES.descriptionRequired],
    ] as const) {
      const res = await submit(deal.engineer, {
        ...base,
        attachments: await deliverable(deal.engineer),
        [field]: '  ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      await app.ctx.db.select().from(submissions).where(eq(submissions.projectId, deal.projectId)),
    ).toEqual([]);
    expect(await projectStatus(deal.projectId)).toBe('assigned');
  });

  it('lets only the hired engineer submit, as themselves, while the project is worked on', async () => {
    const deal = await paidDeal(app);
    const file = await deliverable(deal.engineer);
    const body = { project_id: deal.projectId, title: 'Set', description: 'Plans.', attachments: file };
    const loser = deal.offers[1].engineer;
    const stranger = await eligibleEngineer(app);
    expect(
      (await submit(loser, { ...body, engineer_id: loser.id, attachments: await deliverable(loser) })).json()
        .message,
    ).toBe(SUBMISSION_MESSAGES.onlyEngineer);
    expect((await submit(stranger, { ...body, engineer_id: stranger.id })).statusCode).toBe(403);
    expect((await submit(deal.client, { ...body, engineer_id: deal.client.id })).statusCode).toBe(403);
    // Naming the hired engineer in the body does not make the caller them.
    const spoof = await submit(loser, { ...body, engineer_id: deal.engineer.id });
    expect(spoof.statusCode).toBe(403);
    expect(spoof.json().message).toBe(SUBMISSION_MESSAGES.asYourself);
    const reported = await app.inject({
      method: 'POST',
      url: `/api/projects/${deal.projectId}/problem`,
      headers: deal.client.auth,
      payload: { description: 'The scope changed.' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const held = await submit(deal.engineer, { ...body, engineer_id: deal.engineer.id });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(SUBMISSION_MESSAGES.problemReported);
    expect(
      await app.ctx.db.select().from(submissions).where(eq(submissions.projectId, deal.projectId)),
    ).toEqual([]);
  });
});

describe('the client decides', () => {
  it('rejects with a comment the engineer sees; the engineer sends the next version', async () => {
    const deal = await paidDeal(app);
    const v1 = await firstVersion(deal);
    // One version waits at a time.
    const second = await submit(deal.engineer, {
      project_id: deal.projectId,
      engineer_id: deal.engineer.id,
      title: 'Another',
      description: 'Plans.',
      attachments: await deliverable(deal.engineer),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(SUBMISSION_MESSAGES.pendingExists);
    // Only the owner decides.
    for (const who of [deal.engineer, deal.offers[1].engineer, await createUser(app, { role: 'admin' })])
      expect((await decide(who, v1.id, { client_acceptance: false })).statusCode).toBe(403);

    const rejected = await decide(deal.client, v1.id, {
      client_acceptance: false,
      comment: 'Add the footing details.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      client_acceptance: false,
      decision_comment: 'Add the footing details.',
    });
    const asEngineer = (await listOf(deal.engineer, deal.projectId)).json();
    expect(asEngineer.submissions[0]).toMatchObject({
      decision_comment: 'Add the footing details.',
      abilities: { update: false },
    });
    expect(asEngineer.abilities.create).toBe(true);
    await eventually(async () =>
      (await app.ctx.mail.recent(50)).some(
        (m) => m.to === deal.engineer.email && m.text.includes('Add the footing details.'),
      ),
    );
    expect(
      (await app.ctx.mail.recent(50)).some(
        (m) => m.to === deal.engineer.email && m.subject.startsWith('Your submission was rejected'),
      ),
    ).toBe(true);
    // A decided version is closed for edits and for a second decision.
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/submissions/${v1.id}`,
      headers: deal.engineer.auth,
      payload: { title: 'Renamed' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(SUBMISSION_MESSAGES.notEditable);
    expect((await decide(deal.client, v1.id, { client_acceptance: true })).json().message).toBe(
      SUBMISSION_MESSAGES.alreadyDecided,
    );
    expect(await balanceOf(app.ctx.db, accounts.escrow(deal.projectId))).toBe(deal.payment.amountCents);

    // The next version, then edited while pending (a new file is checked again).
    const v2 = await firstVersion(deal, unsignedPdf);
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/submissions/${v2.id}`,
      headers: deal.engineer.auth,
      payload: { title: 'Permit set v2', attachments: await deliverable(deal.engineer) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Permit set v2', signature: { status: 'intact' } });
    // The replaced file is gone.
    expect(
      (await app.inject({ method: 'GET', url: v2.attachments, headers: deal.engineer.auth })).statusCode,
    ).toBe(404);
    const others = await app.inject({
      method: 'PUT',
      url: `/api/submissions/${v2.id}`,
      headers: deal.client.auth,
      payload: { title: 'Client edit' },
    });
    expect(others.statusCode).toBe(403);
  });

  it('accepting releases the escrow 80/20 once, completes the project, schedules the payout and ends refunds', async () => {
    const deal = await paidDeal(app, [987_65, 500_00]);
    const v1 = await firstVersion(deal);
    const before = new Date();
    const accepted = await decide(deal.client, v1.id, { client_acceptance: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      client_acceptance: true,
      abilities: { update: false, decide: false },
    });
    expect(await projectStatus(deal.projectId)).toBe('completed');

    // $987.65: the platform's 20% is $197.53 (rounded half up), the engineer's 80% $790.12.
    const engineerCents = 790_12;
    expect(await balanceOf(app.ctx.db, accounts.escrow(deal.projectId))).toBe(0);
    expect(await balanceOf(app.ctx.db, accounts.wallet(deal.engineer.id))).toBe(engineerCents);
    const [payment] = await app.ctx.db.select().from(payments).where(eq(payments.id, deal.payment.id));
    expect(payment.releasedAt).not.toBeNull();
    const [payout] = await app.ctx.db.select().from(payouts).where(eq(payouts.paymentId, deal.payment.id));
    expect(payout).toMatchObject({
      submissionId: v1.id,
      engineerId: deal.engineer.id,
      amountCents: engineerCents,
      status: 'initiated',
      payoutDate: payoutDueDate(before),
    });
    expect(new Date(`${payout.payoutDate}T00:00:00Z`).getUTCDay()).toBe(0);

    // No refund after completion, and no more submissions.
    const refund = await app.inject({
      method: 'POST',
      url: '/api/payments/refund',
      headers: deal.client.auth,
      payload: { paymentId: deal.payment.id },
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toBe(PAYMENT_MESSAGES.refundCompleted);
    const late = await submit(deal.engineer, {
      project_id: deal.projectId,
      engineer_id: deal.engineer.id,
      title: 'Late',
      description: 'Plans.',
      attachments: await deliverable(deal.engineer),
    });
    expect(late.statusCode).toBe(409);
    for (const [to, subject] of [
      [deal.engineer.email, 'Your submission was accepted'],
      [deal.client.email, 'Project completed'],
    ])
      expect(
        await eventually(async () =>
          (await app.ctx.mail.recent(100)).some((m) => m.to === to && m.subject.startsWith(subject)),
        ),
      ).toBe(true);
    await expectLedgerHolds(app);
  });

  it('two racing accepts release once', async () => {
    const deal = await paidDeal(app);
    const v1 = await firstVersion(deal);
    const results = await Promise.all([
      decide(deal.client, v1.id, { client_acceptance: true }),
      decide(deal.client, v1.id, { client_acceptance: true }),
      decide(deal.client, v1.id, { client_acceptance: false }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const releases = await app.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.sourceKey, `release:${deal.payment.id}`));
    expect(releases).toHaveLength(1);
    expect(
      await app.ctx.db.select().from(payouts).where(eq(payouts.paymentId, deal.payment.id)),
    ).toHaveLength(1);
    await expectLedgerHolds(app);
  });

  it('refuses to accept while a refund of the payment is under way, and changes nothing', async () => {
    const deal = await paidDeal(app);
    const v1 = await firstVersion(deal);
    // The deal as a staff refund leaves it while the provider has not answered yet.
    await app.ctx.db
      .update(deals)
      .set({ state: 'refunding', resumeState: 'disputed' })
      .where(eq(deals.paymentId, deal.payment.id));
    const res = await decide(deal.client, v1.id, { client_acceptance: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DEAL_MESSAGES.refundUnderWay);
    await app.ctx.db
      .update(deals)
      .set({ state: 'awaiting_decision', resumeState: null })
      .where(eq(deals.paymentId, deal.payment.id));
    const [row] = await app.ctx.db.select().from(submissions).where(eq(submissions.id, v1.id));
    expect(row.clientAcceptance).toBeNull();
    expect(await projectStatus(deal.projectId)).toBe('inprogress');
    expect(await balanceOf(app.ctx.db, accounts.escrow(deal.projectId))).toBe(deal.payment.amountCents);
  });

  it('filters and sorts the lists; an engineer lists only their own', async () => {
    const deal = await paidDeal(app);
    const v1 = await firstVersion(deal);
    await decide(deal.client, v1.id, { client_acceptance: false });
    const v2 = await firstVersion(deal);
    const ids = async (qs: string) =>
      ((await listOf(deal.client, deal.projectId, qs)).json().submissions as SubmissionDto[]).map(
        (s) => s.id,
      );
    expect(await ids('')).toEqual([v2.id, v1.id]);
    expect(await ids('?sort=oldest')).toEqual([v1.id, v2.id]);
    expect(await ids('?status=pending')).toEqual([v2.id]);
    expect(await ids('?status=rejected')).toEqual([v1.id]);
    expect(await ids('?status=accepted')).toEqual([]);
    expect((await listOf(deal.client, deal.projectId, '?status=bogus')).statusCode).toBe(400);
    const mine = await app.inject({
      method: 'GET',
      url: `/api/submissions/engineer/${deal.engineer.id}?status=pending`,
      headers: deal.engineer.auth,
    });
    expect((mine.json() as SubmissionDto[]).map((s) => s.id)).toEqual([v2.id]);
    const spy = await app.inject({
      method: 'GET',
      url: `/api/submissions/engineer/${deal.engineer.id}`,
      headers: deal.client.auth,
    });
    expect(spy.statusCode).toBe(403);
  });
});
