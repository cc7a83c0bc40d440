// The project record through the API: every event of a deal appended in order and chained,
// read by the parties only, downloadable as a PDF that states its head hash, append-only in
// the database, and a row changed behind the product's back found at its entry.
import { type ProjectRecordDto, RECORD_GENESIS_HASH } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema/index.ts';
import { checkout, type Person, paymentOf, payWithCard } from '../../test/fixtures/payments.ts';
import { providerAccount } from '../../test/fixtures/payouts.ts';
import { eligibleEngineer } from '../../test/fixtures/projects.ts';
import { submitVersion } from '../../test/fixtures/submissions.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { runPayouts } from '../payouts/payout-run.ts';
import { formatRecordCheck, verifyAllRecords } from './record.service.ts';
import { recordPdfLines } from './record-pdf.ts';

let app: TestApp;
let admin: Person;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, { role: 'admin' });
});
afterAll(() => app.dispose());

const record = (who: Person | null, projectId: string) =>
  app.inject({ method: 'GET', url: `/api/projects/${projectId}/record`, headers: who?.auth });

async function recordOf(projectId: string): Promise<ProjectRecordDto> {
  const res = await record(admin, projectId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function post(who: Person, url: string, payload: object, method: 'POST' | 'PUT' | 'PATCH' = 'POST') {
  const res = await app.inject({ method, url, headers: who.auth, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** A project taken from posting to payout through the API, as its people would. */
async function wholeDeal() {
  const client = await createUser(app, { role: 'client' });
  const project = await post(client, `/api/projects/${client.id}`, {
    title: 'Carport footing design',
    description: 'Two-post carport; footing and connection details stamped.',
    specializations: ['structural'],
    license_type: 'PE',
    budget: 600_00,
    country: 'USA',
    state: 'Texas',
  });
  const hired = await eligibleEngineer(app);
  const other = await eligibleEngineer(app);
  const offer = (amount: number) => ({
    project_id: project.id,
    description: 'Stamped within a week.',
    license_type: 'PE',
    proposed_amount: amount,
    delivery_days: 7,
  });
  const proposal = await post(hired, `/api/proposals/create/${hired.id}`, offer(600_00));
  await post(hired, `/api/proposals/update/${proposal.id}`, offer(550_00), 'PUT');
  const losing = await post(other, `/api/proposals/create/${other.id}`, offer(700_00));
  await post(
    client,
    `/api/proposals/status/${client.id}`,
    { proposal_id: losing.id, new_status: 'rejected' },
    'PUT',
  );
  const res = await checkout(app, client, { projectId: project.id, proposalId: proposal.id, amount: 550_00 });
  expect((await payWithCard(app, res.json().url)).statusCode).toBe(303);
  const [payment] = await paymentOf(app, proposal.id);
  const deal = { client, engineer: hired, projectId: project.id, payment, offers: [], other };
  const first = await submitVersion(app, deal);
  await post(
    client,
    `/api/submissions/${first.id}/approve`,
    { client_acceptance: false, comment: 'Add the uplift check.' },
    'PATCH',
  );
  const second = await submitVersion(app, deal);
  await post(client, `/api/submissions/${second.id}/approve`, { client_acceptance: true }, 'PATCH');
  await post(client, '/api/ratings', {
    sender_id: client.id,
    receiver_id: hired.id,
    project_id: project.id,
    rate: 5,
    comment: 'Quick and clear.',
  });
  await post(hired, '/api/ratings', {
    sender_id: hired.id,
    receiver_id: client.id,
    project_id: project.id,
    rate: 4,
  });
  await providerAccount(app, hired.id, true);
  const [due] = await app.ctx.db.select().from(payouts).where(eq(payouts.paymentId, payment.id));
  expect((await runPayouts(app.ctx, { date: due.payoutDate })).paid).toBe(1);
  return { ...deal, proposal, submissions: [first, second] };
}

describe('the project record', () => {
  it('holds every event of a deal in order, each chained to the one before, and verifies', async () => {
    const deal = await wholeDeal();
    const rec = await recordOf(deal.projectId);
    expect(rec.entries.map((e) => e.type)).toEqual([
      'project_posted',
      'proposal_sent',
      'proposal_updated',
      'proposal_sent',
      'proposal_rejected',
      'contract_signed',
      'payment_succeeded',
      'submission_sent',
      'submission_rejected',
      'submission_sent',
      'submission_accepted',
      'escrow_released',
      'rating_given',
      'rating_given',
      'payout_paid',
    ]);
    expect(rec.entries.map((e) => e.seq)).toEqual(rec.entries.map((_, i) => i + 1));
    expect(rec.entries[0].prev_hash).toBe(RECORD_GENESIS_HASH);
    for (let i = 1; i < rec.entries.length; i++)
      expect(rec.entries[i].prev_hash).toBe(rec.entries[i - 1].hash);
    expect(rec).toMatchObject({ verified: true, broken_at: null, head_hash: rec.entries.at(-1)?.hash });

    const by = (type: string) => rec.entries.filter((e) => e.type === type);
    // The contract's text hash is the one the client signed.
    const contract = await app.inject({
      method: 'GET',
      url: `/api/payments/contract/${deal.proposal.id}`,
      headers: deal.client.auth,
    });
    expect(by('contract_signed')[0]).toMatchObject({
      actor_id: deal.client.id,
      data: { text_sha256: contract.json().sha256, amount_cents: 550_00, signed_name: deal.client.fullName },
    });
    expect(by('payment_succeeded')[0].data).toMatchObject({ amount_cents: 550_00, honoured: true });
    // Each deliverable with its file's SHA-256 and signature result; the decision names it.
    expect(by('submission_sent')[1]).toMatchObject({
      actor_id: deal.engineer.id,
      data: {
        submission_id: deal.submissions[1].id,
        file_sha256: deal.submissions[1].file_sha256,
        signature: 'unsigned',
      },
    });
    expect(by('submission_rejected')[0].data).toMatchObject({ comment: 'Add the uplift check.' });
    expect(by('escrow_released')[0].data).toMatchObject({
      engineer_cents: 440_00,
      platform_fee_cents: 110_00,
    });
    expect(by('payout_paid')[0].data).toMatchObject({ amount_cents: 440_00, attempt: 1 });
    expect(by('rating_given').map((e) => e.data.rate)).toEqual([5, 4]);
  });

  it('says each entry in words: who did what, dollars, the deliverable and its seal verdict', async () => {
    const deal = await wholeDeal();
    const rec = await recordOf(deal.projectId);
    const say = (type: string) => rec.entries.filter((e) => e.type === type).map((e) => e.summary);
    const client = deal.client.fullName;
    const engineer = deal.engineer.fullName;
    expect(say('project_posted')).toEqual([
      `${client} posted the project "Carport footing design", needing a PE license, located in Texas, USA.`,
    ]);
    expect(say('proposal_updated')).toEqual([`${engineer} changed their proposal to $550.00.`]);
    expect(say('proposal_rejected')).toEqual([`${client} turned down ${deal.other.fullName}'s proposal.`]);
    expect(say('contract_signed')).toEqual([
      `${client} signed the contract as "${client}", hiring ${engineer} for $550.00.`,
    ]);
    expect(say('submission_sent')[0]).toBe(
      `${engineer} submitted the deliverable "Permit set v1" (file "upload.pdf"); it carries no digital seal.`,
    );
    expect(say('submission_rejected')).toEqual([
      `${client} rejected the deliverable "Permit set v1", saying "Add the uplift check."`,
    ]);
    expect(say('escrow_released')).toEqual([
      `The escrow of $550.00 was released: $440.00 to ${engineer}'s wallet and $110.00 platform fee.`,
    ]);
    expect(say('payout_paid')).toEqual([`$440.00 was paid out to ${engineer}'s payout account.`]);
    expect(rec.entries.find((e) => e.type === 'rating_given')).toMatchObject({
      actor_name: client,
      summary: `${client} rated ${engineer} 5 out of 5, saying "Quick and clear."`,
    });
    for (const e of rec.entries) expect(e.summary).not.toMatch(/null|undefined|_id|_cents|\$\d+\.\d{2}\d/);

    // The PDF says the same words, and dates in words.
    const lines = recordPdfLines(rec, new Date('2026-11-27T13:45:00Z')).map((l) => l.text);
    expect(lines).toContain(say('contract_signed')[0]);
    expect(lines).toContain('Generated Nov 27, 2026, 13:45 UTC');
    expect(lines.join('\n')).not.toMatch(/engineer_id|amount_cents|state null/);
  });

  it('records each edit of a project, field by field', async () => {
    const client = await createUser(app, { role: 'client' });
    const project = await post(client, `/api/projects/${client.id}`, {
      title: 'Shed slab',
      description: 'A slab for a garden shed.',
      specializations: ['structural'],
      license_type: 'PE',
      budget: 800_00,
      country: 'USA',
      state: 'Texas',
    });
    await post(
      client,
      `/api/projects/${project.id}`,
      { title: 'Shed slab and footing', budget: 950_00 },
      'PUT',
    );
    // Saving without a change adds nothing.
    await post(client, `/api/projects/${project.id}`, { title: 'Shed slab and footing' }, 'PUT');
    const rec = await recordOf(project.id);
    expect(rec.entries.map((e) => e.type)).toEqual(['project_posted', 'project_updated']);
    expect(rec.entries[1]).toMatchObject({
      actor_id: client.id,
      data: {
        changes: [
          { field: 'title', from: 'Shed slab', to: 'Shed slab and footing' },
          { field: 'budget', from: 800_00, to: 950_00 },
        ],
      },
      summary: `${client.fullName} edited the project: changed the title from "Shed slab" to "Shed slab and footing" and the budget from $800.00 to $950.00.`,
    });
    expect(rec.verified).toBe(true);
  });

  it('is read by the client, the hired engineer and staff only', async () => {
    const deal = await wholeDeal();
    expect((await record(deal.client, deal.projectId)).statusCode).toBe(200);
    expect((await record(deal.engineer, deal.projectId)).statusCode).toBe(200);
    const loser = await record(deal.other, deal.projectId);
    expect(loser.statusCode).toBe(403);
    expect(loser.json().message).toBe(
      "Only the project's client, its engineer and staff can read its record.",
    );
    expect((await record(await createUser(app, { role: 'client' }), deal.projectId)).statusCode).toBe(403);
    expect((await record(null, deal.projectId)).statusCode).toBe(401);
    expect((await record(admin, crypto.randomUUID())).statusCode).toBe(404);
    expect((await record(admin, 'not-an-id')).statusCode).toBe(400);
  });

  it('downloads as a PDF summary that states the head hash', async () => {
    const deal = await wholeDeal();
    const rec = await recordOf(deal.projectId);
    const res = await app.inject({
      method: 'GET',
      url: `/api/projects/${deal.projectId}/record/pdf`,
      headers: deal.client.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getSubject()).toContain(`head hash ${rec.head_hash}`);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    const outsider = await app.inject({
      method: 'GET',
      url: `/api/projects/${deal.projectId}/record/pdf`,
      headers: deal.other.auth,
    });
    expect(outsider.statusCode).toBe(403);
  });

  it('is append-only in the database, and a row changed behind its back is found at that entry', async () => {
    const deal = await wholeDeal();
    const before = await recordOf(deal.projectId);
    // Drizzle wraps the database's refusal; its cause carries the trigger's message.
    const refusal = (err: unknown) => /append-only/.test(String((err as { cause?: unknown }).cause));
    await expect(
      app.ctx.db.execute(
        sql`update project_record_entries set data = '{}' where project_id = ${deal.projectId}`,
      ),
    ).rejects.toSatisfy(refusal);
    await expect(
      app.ctx.db.execute(sql`delete from project_record_entries where project_id = ${deal.projectId}`),
    ).rejects.toSatisfy(refusal);

    // Someone with the database's keys turns the rule off and lowers the price in entry 7.
    await app.ctx.db.execute(
      sql`alter table project_record_entries disable trigger project_record_entries_append_only`,
    );
    try {
      await app.ctx.db.execute(sql`
        update project_record_entries set data = jsonb_set(data, '{amount_cents}', '100')
        where project_id = ${deal.projectId} and seq = 7`);
    } finally {
      await app.ctx.db.execute(
        sql`alter table project_record_entries enable trigger project_record_entries_append_only`,
      );
    }
    const after = await recordOf(deal.projectId);
    expect(after).toMatchObject({ verified: false, broken_at: 7 });
    expect(after.head_hash).toBe(before.head_hash);
    const check = await verifyAllRecords(app.ctx.db);
    expect(check.broken).toEqual([{ projectId: deal.projectId, seq: 7 }]);
    expect(formatRecordCheck(check)).toContain(`BROKEN: project ${deal.projectId} from entry 7.`);
  });

  it('keeps one unbroken chain when proposals arrive at once', async () => {
    const client = await createUser(app, { role: 'client' });
    const project = await post(client, `/api/projects/${client.id}`, {
      title: 'Mezzanine check',
      description: 'Steel mezzanine; stamped calcs.',
      specializations: ['structural'],
      license_type: 'PE',
      budget: 900_00,
      country: 'USA',
      state: 'Texas',
    });
    const engineers = await Promise.all(Array.from({ length: 6 }, () => eligibleEngineer(app)));
    const answers = await Promise.all(
      engineers.map((e) =>
        app.inject({
          method: 'POST',
          url: `/api/proposals/create/${e.id}`,
          headers: e.auth,
          payload: {
            project_id: project.id,
            description: 'Yes.',
            license_type: 'PE',
            proposed_amount: 900_00,
            delivery_days: 7,
          },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(engineers.map(() => 201));
    const rec = await recordOf(project.id);
    expect(rec.entries).toHaveLength(7);
    expect(rec.verified).toBe(true);
  });
});
