// The demo deliverables and ratings: every submission state and signature line shows, and
// they agree with the ledger (a completed project <=> an accepted version <=> a released
// escrow whose payout names that version), so the demo can go on from where it stands.
import { type SubmissionDto, signatureLine } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  disputes,
  payments,
  payouts,
  projectRecordEntries,
  projects,
  ratings,
  submissions,
  users,
} from '../db/schema/index.ts';
import { createSession } from '../modules/access/sessions.ts';
import { runDealsJob } from '../modules/deals/deals.job.ts';
import { verifyAllRecords } from '../modules/project-record/record.service.ts';
import { checkPdfSignatures } from '../modules/seals/pdf-signatures.ts';
import { expectLedgerHolds } from '../test/fixtures/payments.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { seedDemo } from './index.ts';
import { DEMO_TRUST_STORE } from './stamped-pdf.ts';

let app: TestApp;
beforeAll(async () => {
  // As in development: the demo seal authority is the trust store.
  process.env.SEAL_TRUST_ROOTS = DEMO_TRUST_STORE;
  app = await createTestApp();
  await seedDemo(app.ctx);
}, 180_000);
afterAll(() => app.dispose());

async function as(email: string) {
  const [user] = await app.ctx.db.select().from(users).where(eq(users.email, email));
  return { id: user.id, auth: { authorization: `Bearer ${await createSession(app.ctx.db, user.id)}` } };
}
async function get<T>(url: string, headers: Record<string, string>): Promise<T> {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe('demo submissions', () => {
  it('agree with the project states and the ledger', async () => {
    const all = await app.ctx.db.select().from(submissions);
    for (const p of await app.ctx.db.select().from(projects)) {
      const versions = all.filter((s) => s.projectId === p.id);
      const accepted = versions.filter((s) => s.clientAcceptance === true);
      const [payment] = await app.ctx.db
        .select()
        .from(payments)
        .where(eq(payments.projectId, p.id))
        .then((rows) => rows.filter((r) => r.status === 'succeeded'));
      const [settled] = await app.ctx.db
        .select()
        .from(disputes)
        .where(and(eq(disputes.projectId, p.id), eq(disputes.status, 'released')));
      const [split] = await app.ctx.db
        .select()
        .from(disputes)
        .where(and(eq(disputes.projectId, p.id), eq(disputes.status, 'split')));
      if (split) {
        // Split by staff (seed/deal-stories.ts): the engineer's part released, nothing accepted.
        expect(p.status, p.title).toBe('closed');
        expect(accepted, p.title).toHaveLength(0);
      } else if (p.status === 'completed' && settled) {
        // Completed by staff releasing a disputed escrow: no version was accepted.
        expect(accepted, p.title).toHaveLength(0);
        expect(payment?.releasedAt, p.title).toBeTruthy();
      } else if (p.status === 'completed') {
        expect(accepted, p.title).toHaveLength(1);
        expect(payment?.releasedAt, p.title).toBeTruthy();
        const [payout] = await app.ctx.db.select().from(payouts).where(eq(payouts.paymentId, payment.id));
        expect(payout.submissionId, p.title).toBe(accepted[0].id);
        expect(accepted[0].decidedAt?.getTime()).toBe(payment.releasedAt?.getTime());
      } else {
        expect(accepted, p.title).toHaveLength(0);
        expect(payment?.releasedAt ?? null, p.title).toBeNull();
      }
      // The first version puts a project in progress; an assigned one has none yet.
      if (p.status === 'inprogress') expect(versions.length, p.title).toBeGreaterThan(0);
      if (['open', 'assigned', 'closed'].includes(p.status)) expect(versions, p.title).toHaveLength(0);
      // Versions come after the payment that made the deal.
      for (const v of versions) expect(v.createdAt.getTime()).toBeGreaterThan(payment.succeededAt!.getTime());
      expect(versions.filter((v) => v.clientAcceptance === null).length).toBeLessThanOrEqual(1);
    }
    await expectLedgerHolds(app);
    // The projects' records retell them, in chains that hold.
    expect((await verifyAllRecords(app.ctx.db)).broken).toEqual([]);
    const [hvac] = await app.ctx.db
      .select()
      .from(projects)
      .where(eq(projects.title, 'Small office HVAC replacement'));
    const told = await app.ctx.db
      .select({ type: projectRecordEntries.type })
      .from(projectRecordEntries)
      .where(eq(projectRecordEntries.projectId, hvac.id));
    expect(told.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'submission_sent',
        'submission_rejected',
        'submission_accepted',
        'rating_given',
      ]),
    );
  });

  it('show the demo engineer every state and every signature line, with the client’s comments', async () => {
    const ethan = await as('engineer@demo.stampworks.dev');
    const list = await get<SubmissionDto[]>(`/api/submissions/engineer/${ethan.id}`, ethan.auth);
    const states = new Set(list.map((s) => s.client_acceptance));
    expect(states).toEqual(new Set([null, true, false]));
    expect(new Set(list.map((s) => s.signature.status))).toEqual(new Set(['intact', 'changed', 'unsigned']));
    for (const s of list.filter((x) => x.client_acceptance === false))
      expect(s.decision_comment?.length).toBeGreaterThan(20);
    const lines = list.map((s) => signatureLine(s.signature));
    expect(lines).toContain('Digitally signed by Ethan Engineer, PE — intact since signing');
    expect(lines).toContain('Changed after signing');
    expect(lines).toContain('Not digitally signed');
    expect(new Set(list.map((s) => s.signature.seal))).toEqual(new Set(['verified', 'changed', 'unsigned']));
    // The waiting version is his to edit.
    expect(list.find((s) => s.client_acceptance === null)?.abilities).toEqual({
      update: true,
      decide: false,
    });
  });

  it('show every seal verdict the demo needs: verified, self-signed, unsigned and changed', async () => {
    const all = await app.ctx.db.select({ signature: submissions.signature }).from(submissions);
    const seals = new Set(all.map((r) => r.signature.seal));
    for (const seal of ['verified', 'self_signed', 'unsigned', 'changed']) expect(seals).toContain(seal);
  });

  it('serve each PDF to the deal’s two parties only, and the stored check is the file’s', async () => {
    const claire = await as('client@demo.stampworks.dev');
    const marcus = await as('marcus@demo.stampworks.dev');
    const [hvac] = await app.ctx.db
      .select()
      .from(projects)
      .where(eq(projects.title, 'Small office HVAC replacement'));
    const page = await get<{ submissions: SubmissionDto[] }>(
      `/api/submissions/project/${hvac.id}`,
      claire.auth,
    );
    expect(page.submissions.map((s) => s.client_acceptance)).toEqual([true, false]);
    for (const s of page.submissions) {
      const res = await app.inject({ method: 'GET', url: s.attachments, headers: claire.auth });
      expect(res.statusCode).toBe(200);
      expect(
        await checkPdfSignatures(res.rawPayload, { trustRootsPem: app.ctx.config.sealTrustRoots }),
      ).toEqual(s.signature);
      const stranger = await app.inject({ method: 'GET', url: s.attachments, headers: marcus.auth });
      expect(stranger.statusCode).toBe(404);
    }
  });

  it('hold ratings both ways on completed deals, and leave one side still to rate', async () => {
    const rows = await app.ctx.db.select().from(ratings);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const ethan = await as('engineer@demo.stampworks.dev');
    const claire = await as('client@demo.stampworks.dev');
    const stats = await get<{ total_ratings: number; average_rating: number }>(
      `/api/ratings/stats/${ethan.id}`,
      ethan.auth,
    );
    expect(stats).toEqual({ total_ratings: 1, average_rating: 5 });
    const shared = await get<Array<{ title: string; rated: boolean; completed_at: string }>>(
      `/api/projects/completed/${claire.id}/${ethan.id}`,
      claire.auth,
    );
    expect(shared).toMatchObject([{ title: 'Small office HVAC replacement', rated: true }]);
    expect(Date.parse(shared[0].completed_at)).toBeGreaterThan(Date.parse('2000-01-01'));
    const charlotte = await as('charlotte@demo.stampworks.dev');
    const olivia = await as('olivia@demo.stampworks.dev');
    const toRate = await get<Array<{ title: string; rated: boolean; completed_at: string }>>(
      `/api/projects/completed/${olivia.id}/${charlotte.id}`,
      charlotte.auth,
    );
    expect(toRate.find((p) => p.title === 'Farm machinery shed')).toMatchObject({ rated: false });
    // Completed by staff settling a problem counts too, dated by the release.
    for (const p of toRate)
      expect(Date.parse(p.completed_at), p.title).toBeGreaterThan(Date.parse('2000-01-01'));
  });

  it('let Marcus accept the version waiting for him: the escrow is released and the ledger holds', async () => {
    const marcus = await as('marcus@demo.stampworks.dev');
    const [storm] = await app.ctx.db
      .select()
      .from(projects)
      .where(eq(projects.title, 'Stormwater detention for subdivision'));
    const page = await get<{ submissions: SubmissionDto[] }>(
      `/api/submissions/project/${storm.id}?status=pending`,
      marcus.auth,
    );
    expect(page.submissions).toHaveLength(1);
    expect(page.submissions[0].abilities).toEqual({ update: false, decide: true });
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/submissions/${page.submissions[0].id}/approve`,
      headers: marcus.auth,
      payload: { client_acceptance: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await app.ctx.db.select().from(projects).where(eq(projects.id, storm.id));
    expect(after.status).toBe('completed');
    await expectLedgerHolds(app);
  });
});

describe('demo deals in trouble (seed/deal-stories.ts)', () => {
  const dealOf = async (title: string, viewer: string) => {
    const [project] = await app.ctx.db.select().from(projects).where(eq(projects.title, title));
    const who = await as(viewer);
    return get<{
      state: string;
      engineer_cents: number;
      platform_fee_cents: number;
      client_refund_cents: number;
    }>(`/api/projects/${project.id}/deal`, who.auth);
  };

  it('show a split, a withdrawn problem, a deal being revised and a reminder sent', async () => {
    // The pump: $7,000.00 split at $4,000.00 for James: $3,200.00 to him, $800.00 fee, $3,000.00 back.
    expect(await dealOf('Irrigation pump station electrical', 'olivia@demo.stampworks.dev')).toMatchObject({
      state: 'split',
      engineer_cents: 3200_00,
      platform_fee_cents: 800_00,
      client_refund_cents: 3000_00,
    });
    const [pump] = await app.ctx.db
      .select()
      .from(projects)
      .where(eq(projects.title, 'Irrigation pump station electrical'));
    const reports = await app.ctx.db.select().from(disputes).where(eq(disputes.projectId, pump.id));
    expect(reports.map((d) => d.status).sort()).toEqual(['split', 'withdrawn']);
    // Marcus rejected Priya's pool set; she is revising it.
    expect((await dealOf('Pool and spa structural design', 'marcus@demo.stampworks.dev')).state).toBe(
      'revising',
    );
    // Olivia's balcony has waited 8 days: the first reminder went out.
    expect((await dealOf('Balcony inspection and remediation', 'olivia@demo.stampworks.dev')).state).toBe(
      'awaiting_decision',
    );
    const olivia = await as('olivia@demo.stampworks.dev');
    const told = await get<{ message: string }[]>(`/api/notification/${olivia.id}`, olivia.auth);
    expect(told.map((n) => n.message)).toContainEqual(
      expect.stringMatching(
        /^"Balcony inspection report and remediation drawings" for "Balcony inspection and remediation" is waiting for your decision\./,
      ),
    );
    await expectLedgerHolds(app);
  });

  it('show a refund under way until the card provider confirms it, an hour later', async () => {
    const title = 'Rooftop unit curb and roof framing check';
    expect(await dealOf(title, 'marcus@demo.stampworks.dev')).toMatchObject({
      state: 'refunding',
      escrow: 'refunding',
      amount_cents: 2400_00,
    });
    const marcus = await as('marcus@demo.stampworks.dev');
    const history = await get<{ project_title: string; status: string; refund_status: string | null }[]>(
      `/api/payments/user/${marcus.id}`,
      marcus.auth,
    );
    expect(history.find((p) => p.project_title === title)).toMatchObject({
      status: 'succeeded',
      refund_status: 'pending',
    });
    await expectLedgerHolds(app);
    await runDealsJob(app.ctx, { now: new Date(Date.now() + 61 * 60 * 1000) });
    expect(await dealOf(title, 'marcus@demo.stampworks.dev')).toMatchObject({ state: 'refunded' });
    await expectLedgerHolds(app);
  });
});
