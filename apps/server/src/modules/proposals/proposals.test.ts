import { PROPOSAL_MESSAGES } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, projectInvitations, projects, proposals } from '../../db/schema/index.ts';
import {
  addLicense,
  addPayoutAccount,
  eligibleEngineer,
  insertProject,
} from '../../test/fixtures/projects.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

type User = Awaited<ReturnType<typeof createUser>>;
const proposal = (projectId: string, over: Record<string, unknown> = {}) => ({
  project_id: projectId,
  description: 'I have stamped dozens of these.',
  license_type: 'PE',
  proposed_amount: 125050,
  delivery_days: 10,
  ...over,
});
const apply = (user: User, payload: unknown, asId = user.id) =>
  app.inject({
    method: 'POST',
    url: `/api/proposals/create/${asId}`,
    headers: user.auth,
    payload: payload as object,
  });
const eligibility = async (user: User, projectId: string) =>
  (
    await app.inject({ method: 'GET', url: `/api/proposals/eligibility/${projectId}`, headers: user.auth })
  ).json();
const proposalsOf = (projectId: string) =>
  app.ctx.db.select().from(proposals).where(eq(proposals.projectId, projectId));

async function setup() {
  const owner = await createUser(app, { role: 'client', fullName: 'Olive Owner' });
  const projectId = await insertProject(app, owner.id, { title: 'Warehouse mezzanine' });
  const engineer = await eligibleEngineer(app);
  return { owner, projectId, engineer };
}

describe("the new engineer's checklist", () => {
  const setupOf = async (user: User) =>
    app.inject({ method: 'GET', url: '/api/proposals/setup', headers: user.auth });

  it('walks from nothing done to done, naming a licence waiting for review', async () => {
    const engineer = await createUser(app, { role: 'engineer' });
    const fresh = (await setupOf(engineer)).json();
    expect(fresh.done).toBe(false);
    expect(fresh.steps.map((s: { done: boolean }) => s.done)).toEqual([false, false, false, false]);

    await addLicense(app, engineer.id, { status: 'pending' });
    const waiting = (await setupOf(engineer)).json();
    expect(waiting.steps[1].done).toBe(true);
    expect(waiting.steps[2]).toMatchObject({
      step: 'verification',
      done: false,
      detail: 'Your Texas PE licence is waiting for review.',
    });

    await addLicense(app, engineer.id);
    await addPayoutAccount(app, engineer.id);
    const ready = (await setupOf(engineer)).json();
    expect(ready.steps.map((s: { done: boolean }) => s.done)).toEqual([false, true, true, true]);
  });

  it('is for engineers only', async () => {
    const client = await createUser(app, { role: 'client' });
    expect((await setupOf(client)).statusCode).toBe(403);
  });
});

describe('applying: eligibility with the product’s messages', () => {
  it('says each message in turn, and refuses the proposal with it', async () => {
    const { owner, projectId } = await setup();
    const cases: Array<[string, (u: User) => Promise<void>]> = [
      ['You have no licenses on file.', async () => {}],
      ['Your license(s) are expired.', (u) => addLicense(app, u.id, { expires: '2020-01-01' })],
      [
        'You do not have a verified license matching the required type.',
        (u) => addLicense(app, u.id, { type: 'SE' }),
      ],
      ['Your Texas PE licence is waiting for review.', (u) => addLicense(app, u.id, { status: 'pending' })],
      [
        'You must set up your Stripe account before you can submit a proposal.',
        (u) => addLicense(app, u.id, { expires: null }),
      ],
      [
        'You must set up your Stripe account before you can submit a proposal.',
        async (u) => {
          await addLicense(app, u.id);
          await addPayoutAccount(app, u.id, false);
        },
      ],
    ];
    for (const [message, prepare] of cases) {
      const engineer = await createUser(app, { role: 'engineer' });
      await prepare(engineer);
      expect(await eligibility(engineer, projectId)).toEqual({ ok: false, message });
      const res = await apply(engineer, proposal(projectId));
      expect(res.statusCode, message).toBe(403);
      expect(res.json().message).toBe(message);
    }
    expect(await proposalsOf(projectId)).toHaveLength(0);

    expect(await eligibility(owner, projectId)).toEqual({ ok: false, message: 'This is Your Project' });
    const own = await apply(owner, proposal(projectId));
    expect(own.json()).toMatchObject({ message: 'This is Your Project' });
  });

  it('lets an eligible engineer apply once; the second time is Already Applied', async () => {
    const { owner, projectId, engineer } = await setup();
    expect(await eligibility(engineer, projectId)).toEqual({ ok: true });
    const res = await apply(engineer, proposal(projectId));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      project_id: projectId,
      engineer_id: engineer.id,
      proposed_amount: 125050,
      delivery_days: 10,
      status: 'pending',
    });
    expect(await eligibility(engineer, projectId)).toEqual({ ok: false, message: 'Already Applied' });
    const again = await apply(engineer, proposal(projectId));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Already Applied');
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ notificationLink: `/project_details/${projectId}` });
    expect(told[0].message).toContain('Warehouse mezzanine');
  });

  it('creates exactly one proposal when the same engineer applies twice at once', async () => {
    const { projectId, engineer } = await setup();
    const results = await Promise.all(Array.from({ length: 4 }, () => apply(engineer, proposal(projectId))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(
      results.filter((r) => r.statusCode === 409).every((r) => r.json().message === 'Already Applied'),
    ).toBe(true);
    expect(await proposalsOf(projectId)).toHaveLength(1);
  });

  it('refuses clients, admins, visitors and applying as someone else', async () => {
    const { projectId, engineer } = await setup();
    const client = await createUser(app, { role: 'client' });
    const admin = await createUser(app, { role: 'admin' });
    expect((await apply(client, proposal(projectId))).json().message).toBe(
      'Only engineers can submit proposals.',
    );
    expect((await apply(admin, proposal(projectId))).statusCode).toBe(403);
    const other = await eligibleEngineer(app);
    expect((await apply(other, proposal(projectId), engineer.id)).statusCode).toBe(403);
    const anon = await app.inject({
      method: 'POST',
      url: `/api/proposals/create/${engineer.id}`,
      payload: proposal(projectId),
    });
    expect(anon.statusCode).toBe(401);
    expect(await proposalsOf(projectId)).toHaveLength(0);
  });

  it('takes proposals only on open projects', async () => {
    const owner = await createUser(app, { role: 'client' });
    const engineer = await eligibleEngineer(app);
    for (const status of ['assigned', 'closed', 'completed'] as const) {
      const id = await insertProject(app, owner.id, { status });
      const res = await apply(engineer, proposal(id));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This project is no longer open for proposals.');
    }
    const missing = await apply(engineer, proposal(crypto.randomUUID()));
    expect(missing.statusCode).toBe(404);
  });

  it('requires the project’s licence type and one the engineer holds', async () => {
    const { projectId, engineer } = await setup();
    const wrong = await apply(engineer, proposal(projectId, { license_type: 'SE' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('This project requires a PE license.');
    const owner = await createUser(app, { role: 'client' });
    const anyType = await insertProject(app, owner.id, { licenseType: null });
    const notHeld = await apply(engineer, proposal(anyType, { license_type: 'EE' }));
    expect(notHeld.json().message).toBe('You do not have a verified license matching the required type.');
    expect((await apply(engineer, proposal(anyType))).statusCode).toBe(201);
  });

  it('requires a licence issued for the project’s jurisdiction (docs/PRODUCT.md), on the check and on the call', async () => {
    const owner = await createUser(app, { role: 'client' });
    const texan = await eligibleEngineer(app);
    const inCalifornia = await insertProject(app, owner.id, { country: 'USA', state: 'California' });
    const message = 'Your verified licences do not cover projects in California.';
    expect(await eligibility(texan, inCalifornia)).toEqual({ ok: false, message });
    const refused = await apply(texan, proposal(inCalifornia));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(message);
    expect(await proposalsOf(inCalifornia)).toHaveLength(0);

    const inTexas = await insertProject(app, owner.id, { country: 'USA', state: 'Texas' });
    expect(await eligibility(texan, inTexas)).toEqual({ ok: true });
    expect((await apply(texan, proposal(inTexas))).statusCode).toBe(201);

    // A country with no state named takes any licence of that country, and no other.
    const inAustralia = await insertProject(app, owner.id, { country: 'Australia', state: null });
    expect((await eligibility(texan, inAustralia)).message).toBe(
      'Your verified licences do not cover projects in Australia.',
    );

    // A California licence gained later opens California; a pending one does not, and says so.
    await addLicense(app, texan.id, { state: 'California', status: 'pending' });
    expect((await eligibility(texan, inCalifornia)).message).toBe(
      'Your California PE licence is waiting for review.',
    );
    await addLicense(app, texan.id, { state: 'California' });
    expect(await eligibility(texan, inCalifornia)).toEqual({ ok: true });
    expect((await apply(texan, proposal(inCalifornia))).statusCode).toBe(201);
  });

  it('refuses to move a proposal’s licence to one that does not cover the place', async () => {
    const owner = await createUser(app, { role: 'client' });
    const engineer = await eligibleEngineer(app);
    await addLicense(app, engineer.id, { type: 'SE', state: 'Oregon' });
    const anyType = await insertProject(app, owner.id, { licenseType: null, country: 'USA', state: 'Texas' });
    const res = await apply(engineer, proposal(anyType, { license_type: 'SE' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You do not have a verified license matching the required type.');
    expect((await apply(engineer, proposal(anyType, { license_type: 'PE' }))).statusCode).toBe(201);
  });

  it('takes the amount only as whole cents from 0, with the product’s messages', async () => {
    const { projectId, engineer } = await setup();
    for (const amount of [10.5, -1, '100', null, 1e10]) {
      const res = await apply(engineer, proposal(projectId, { proposed_amount: amount }));
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().message).toBe('Valid amount is required.');
    }
    const noDesc = await apply(engineer, proposal(projectId, { description: ' ' }));
    expect(noDesc.json().message).toBe('Description is required.');
    const noType = await apply(engineer, proposal(projectId, { license_type: undefined }));
    expect(noType.json().message).toBe('License type is required.');
    expect(await proposalsOf(projectId)).toHaveLength(0);
    const zero = await apply(engineer, proposal(projectId, { proposed_amount: 0 }));
    expect(zero.statusCode).toBe(201);
  });

  it('states its delivery time in whole days, and answers it', async () => {
    const { projectId, engineer } = await setup();
    for (const days of [undefined, null, 0, 366, 2.5, '7']) {
      const res = await apply(engineer, proposal(projectId, { delivery_days: days }));
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json()).toMatchObject({
        message: PROPOSAL_MESSAGES.deliveryDays,
        fields: { delivery_days: PROPOSAL_MESSAGES.deliveryDays },
      });
    }
    expect(await proposalsOf(projectId)).toHaveLength(0);
    const sent = await apply(engineer, proposal(projectId, { delivery_days: 12 }));
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ delivery_days: 12 });
    const [row] = await proposalsOf(projectId);
    expect(row.deliveryDays).toBe(12);
  });
});

describe('reading proposals', () => {
  let owner: User;
  let engineer: User;
  let projectId: string;
  let proposalId: string;
  beforeAll(async () => {
    ({ owner, projectId, engineer } = await setup());
    proposalId = (await apply(engineer, proposal(projectId))).json().id;
  });

  it('shows one proposal to its engineer and the project owner only', async () => {
    const url = `/api/proposals/${proposalId}`;
    for (const user of [engineer, owner]) {
      const res = await app.inject({ method: 'GET', url, headers: user.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(proposalId);
    }
    const others = [
      await eligibleEngineer(app),
      await createUser(app, { role: 'client' }),
      await createUser(app, { role: 'admin' }),
    ];
    for (const user of others)
      expect((await app.inject({ method: 'GET', url, headers: user.auth })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('lists a project’s proposals to its owner with the engineer’s name', async () => {
    const url = `/api/proposals/project/${projectId}`;
    const res = await app.inject({ method: 'GET', url, headers: owner.auth });
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: proposalId,
        full_name: engineer.fullName,
        profile_picture: null,
        licensed_in: ['Texas, USA'],
      }),
    ]);
    expect((await app.inject({ method: 'GET', url, headers: engineer.auth })).statusCode).toBe(403);
  });

  it('names where each proposing engineer is licensed for the project’s place', async () => {
    const client = await createUser(app, { role: 'client' });
    const inTexas = await insertProject(app, client.id, { country: 'USA', state: 'Texas' });
    const twoStates = await eligibleEngineer(app);
    await addLicense(app, twoStates.id, { state: 'Oklahoma' });
    const created = await apply(twoStates, proposal(inTexas));
    expect(created.statusCode).toBe(201);
    const res = await app.inject({
      method: 'GET',
      url: `/api/proposals/project/${inTexas}`,
      headers: client.auth,
    });
    // Only the licence that fits this project's state is named.
    expect(res.json()[0].licensed_in).toEqual(['Texas, USA']);
  });

  it('lists an engineer’s proposals to that engineer with project title and status', async () => {
    const url = `/api/proposals/engineer/${engineer.id}`;
    const res = await app.inject({ method: 'GET', url, headers: engineer.auth });
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: proposalId,
        project_title: 'Warehouse mezzanine',
        project_status: 'open',
      }),
    ]);
    const rejected = await app.inject({
      method: 'GET',
      url: `${url}?status=rejected`,
      headers: engineer.auth,
    });
    expect(rejected.json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url, headers: owner.auth })).statusCode).toBe(403);
  });

  it('counts proposals publicly', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/proposals/project/${projectId}/count` });
    expect(res.json()).toEqual({ count: 1 });
    expect(
      (await app.inject({ method: 'GET', url: `/api/proposals/project/${crypto.randomUUID()}/count` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('changing, withdrawing and deciding', () => {
  const update = (user: User, id: string, payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/api/proposals/update/${id}`,
      headers: user.auth,
      payload: payload as object,
    });
  const withdraw = (user: User, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/proposals/withdraw/${id}`, headers: user.auth });
  const decide = (user: User, id: string, new_status: string, asId = user.id) =>
    app.inject({
      method: 'PUT',
      url: `/api/proposals/status/${asId}`,
      headers: user.auth,
      payload: { proposal_id: id, new_status },
    });

  async function pending() {
    const { owner, projectId, engineer } = await setup();
    const id = (await apply(engineer, proposal(projectId))).json().id as string;
    return { owner, projectId, engineer, id };
  }

  it('lets only its engineer change a pending proposal', async () => {
    const { owner, projectId, engineer, id } = await pending();
    const other = await eligibleEngineer(app);
    const body = proposal(projectId, { description: 'Revised', proposed_amount: 99900, delivery_days: 21 });
    expect((await update(other, id, body)).statusCode).toBe(403);
    expect((await update(owner, id, body)).statusCode).toBe(403);
    const ok = await update(engineer, id, body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      description: 'Revised',
      proposed_amount: 99900,
      delivery_days: 21,
      status: 'pending',
    });
    const moved = await update(engineer, id, proposal(await insertProject(app, owner.id)));
    expect(moved.statusCode).toBe(400);
    expect((await update(engineer, id, { ...body, proposed_amount: 1.5 })).json().message).toBe(
      'Valid amount is required.',
    );
  });

  it('lets the owner reject; then nothing else changes it', async () => {
    const { owner, projectId, engineer, id } = await pending();
    const stranger = await createUser(app, { role: 'client' });
    expect((await decide(stranger, id, 'rejected')).statusCode).toBe(403);
    expect((await decide(engineer, id, 'rejected')).statusCode).toBe(403);
    expect((await decide(stranger, id, 'rejected', owner.id)).statusCode).toBe(403);
    const accept = await decide(owner, id, 'accepted');
    expect(accept.statusCode).toBe(400);
    expect(accept.json().message).toMatch(/checkout/);
    const res = await decide(owner, id, 'rejected');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'rejected' });
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, engineer.id));
    expect(told).toEqual([
      expect.objectContaining({
        message: 'Your proposal for "Warehouse mezzanine" was rejected.',
        notificationLink: `/project_details/${projectId}`,
      }),
    ]);
    expect((await decide(owner, id, 'rejected')).statusCode).toBe(409);
    expect((await update(engineer, id, proposal(projectId))).statusCode).toBe(409);
    expect((await withdraw(engineer, id)).statusCode).toBe(409);
    expect((await proposalsOf(projectId))[0]).toMatchObject({
      status: 'rejected',
      description: proposal('').description,
    });
  });

  it('lets only its engineer withdraw a pending proposal', async () => {
    const { owner, projectId, engineer, id } = await pending();
    expect((await withdraw(owner, id)).statusCode).toBe(403);
    expect((await withdraw(await eligibleEngineer(app), id)).statusCode).toBe(403);
    expect((await withdraw(engineer, id)).statusCode).toBe(200);
    expect(await proposalsOf(projectId)).toHaveLength(0);
    expect((await withdraw(engineer, id)).statusCode).toBe(404);
    // Withdrawn, the engineer may apply again.
    expect((await apply(engineer, proposal(projectId))).statusCode).toBe(201);
  });

  it('keeps one outcome when a withdrawal races a rejection', async () => {
    for (let i = 0; i < 3; i++) {
      const { owner, projectId, engineer, id } = await pending();
      const [w, r] = await Promise.all([withdraw(engineer, id), decide(owner, id, 'rejected')]);
      const rows = await proposalsOf(projectId);
      if (w.statusCode === 200) {
        expect(r.statusCode === 404 || r.statusCode === 409).toBe(true);
        expect(rows).toHaveLength(0);
      } else {
        expect(w.statusCode).toBe(409);
        expect(r.statusCode).toBe(200);
        expect(rows).toEqual([expect.objectContaining({ status: 'rejected' })]);
      }
    }
  });

  it('keeps one outcome when an update races a rejection', async () => {
    for (let i = 0; i < 3; i++) {
      const { owner, projectId, engineer, id } = await pending();
      const [u, r] = await Promise.all([
        update(engineer, id, proposal(projectId, { proposed_amount: 7 })),
        decide(owner, id, 'rejected'),
      ]);
      expect(r.statusCode).toBe(200);
      const [row] = await proposalsOf(projectId);
      expect(row.status).toBe('rejected');
      // Either the update landed before the rejection or it was refused.
      if (u.statusCode === 200) expect(row.proposedAmount).toBe(7);
      else {
        expect(u.statusCode).toBe(409);
        expect(row.proposedAmount).toBe(125050);
      }
    }
  });

  it('refuses to change an accepted proposal', async () => {
    const { projectId, engineer, id } = await pending();
    await app.ctx.db.update(proposals).set({ status: 'accepted' }).where(eq(proposals.id, id));
    await app.ctx.db.update(projects).set({ status: 'assigned' }).where(eq(projects.id, projectId));
    expect((await update(engineer, id, proposal(projectId))).statusCode).toBe(409);
    expect((await withdraw(engineer, id)).statusCode).toBe(409);
    expect((await proposalsOf(projectId))[0].status).toBe('accepted');
  });
});

describe('invitations', () => {
  const invite = (user: User | null, projectId: string, engineerId: string) =>
    app.inject({
      method: 'POST',
      url: `/api/proposals/send_invitation/${projectId}/${engineerId}`,
      headers: user?.auth,
    });

  it('lets the owner invite an engineer once: notified and e-mailed with the project link', async () => {
    const owner = await createUser(app, { role: 'client', fullName: 'Ivy Inviter' });
    const projectId = await insertProject(app, owner.id, { title: 'Bridge deck' });
    const engineer = await eligibleEngineer(app);
    const res = await invite(owner, projectId, engineer.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Invitation sent successfully!',
      project_id: projectId,
      engineer_id: engineer.id,
    });
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, engineer.id));
    expect(told).toEqual([
      expect.objectContaining({
        message: 'Ivy Inviter invited you to the project "Bridge deck".',
        notificationLink: `/project_details/${projectId}`,
      }),
    ]);
    await expect
      .poll(
        async () =>
          (await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, engineer.email))).length,
      )
      .toBe(1);
    const [mail] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, engineer.email));
    expect(mail.text).toContain(`${app.ctx.config.publicUrl}/#/project_details/${projectId}`);
    expect(mail.text).toContain('Bridge deck');

    const again = await invite(owner, projectId, engineer.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already invited this engineer to this project.');
    expect(
      await app.ctx.db.select().from(notifications).where(eq(notifications.userId, engineer.id)),
    ).toHaveLength(1);
  });

  it('refuses everyone but the owning client, closed projects and non-engineers', async () => {
    const owner = await createUser(app, { role: 'client' });
    const projectId = await insertProject(app, owner.id);
    const engineer = await createUser(app, { role: 'engineer' });
    const otherClient = await createUser(app, { role: 'client' });
    const admin = await createUser(app, { role: 'admin' });
    expect((await invite(otherClient, projectId, engineer.id)).statusCode).toBe(403);
    expect((await invite(engineer, projectId, engineer.id)).json().message).toBe(
      'Only clients can send invitations.',
    );
    expect((await invite(admin, projectId, engineer.id)).statusCode).toBe(403);
    expect((await invite(null, projectId, engineer.id)).statusCode).toBe(401);
    const toClient = await invite(owner, projectId, otherClient.id);
    expect(toClient.statusCode).toBe(400);
    expect(toClient.json().message).toBe('Invitations can only be sent to engineers.');
    expect((await invite(owner, projectId, crypto.randomUUID())).statusCode).toBe(404);
    expect((await invite(owner, crypto.randomUUID(), engineer.id)).statusCode).toBe(404);
    const closed = await insertProject(app, owner.id, { status: 'assigned' });
    const res = await invite(owner, closed, engineer.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only open projects can be offered in invitations.');
    const rows = await app.ctx.db
      .select()
      .from(projectInvitations)
      .where(and(eq(projectInvitations.engineerId, engineer.id)));
    expect(rows).toHaveLength(0);
  });

  it('refuses an engineer whose licences do not fit the project, saying which licence is missing', async () => {
    const owner = await createUser(app, { role: 'client' });
    const texan = await eligibleEngineer(app);
    const inCalifornia = await insertProject(app, owner.id, { country: 'USA', state: 'California' });
    const res = await invite(owner, inCalifornia, texan.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This engineer holds no verified PE license for projects in California.');
    const seNeeded = await insertProject(app, owner.id, { licenseType: 'SE' });
    expect((await invite(owner, seNeeded, texan.id)).json().message).toBe(
      'This engineer holds no verified SE license.',
    );
    const unlicensed = await createUser(app, { role: 'engineer' });
    expect((await invite(owner, await insertProject(app, owner.id), unlicensed.id)).statusCode).toBe(400);
    expect(
      await app.ctx.db
        .select()
        .from(projectInvitations)
        .where(eq(projectInvitations.projectId, inCalifornia)),
    ).toHaveLength(0);
    expect(
      await app.ctx.db.select().from(notifications).where(eq(notifications.userId, texan.id)),
    ).toHaveLength(0);
    // A Texas project takes the Texan.
    const inTexas = await insertProject(app, owner.id, { country: 'USA', state: 'Texas' });
    expect((await invite(owner, inTexas, texan.id)).statusCode).toBe(201);
  });
});
