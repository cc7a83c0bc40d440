import { randomBytes } from 'node:crypto';
import { PROJECT_MESSAGES } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAccounts, notifications, projects, proposals } from '../../db/schema/index.ts';
import { uploaded } from '../../test/fixtures/files.ts';
import { eligibleEngineer, insertProject } from '../../test/fixtures/projects.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Deck structural review',
  description: 'Need stamped drawings for a backyard deck.',
  specializations: ['structural'],
  license_type: 'PE',
  budget: 150000,
  deadline: '2099-12-01',
  country: 'USA',
  state: 'Texas',
  urgency_level: 'high',
  notes: 'Permit office wants wet stamp.',
  ...over,
});

async function post(user: { id: string; auth: Record<string, string> }, payload: unknown, asId = user.id) {
  return app.inject({
    method: 'POST',
    url: `/api/projects/${asId}`,
    headers: user.auth,
    payload: payload as object,
  });
}
const countProjects = async () => (await app.ctx.db.select({ id: projects.id }).from(projects)).length;

describe('posting a project', () => {
  it('lets a client post as themselves and answers the product’s message', async () => {
    const client = await createUser(app, { role: 'client' });
    const res = await post(client, body());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Project created successfully!',
      customer_id: client.id,
      status: 'open',
      budget: 150000,
      deadline: '2099-12-01',
      state: 'Texas',
      specializations: ['structural'],
      urgency_level: 'high',
    });
  });

  it('refuses a project without the fields the form marks required, with the form’s messages', async () => {
    const client = await createUser(app, { role: 'client' });
    const before = await countProjects();
    const bare = await post(client, { title: 'Fire sprinkler layout', description: 'Warehouse' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toEqual({
      specializations: PROJECT_MESSAGES.specializationRequired,
      license_type: PROJECT_MESSAGES.licenseTypeRequired,
      budget: PROJECT_MESSAGES.budgetRequired,
      country: PROJECT_MESSAGES.countryRequired,
    });
    for (const [over, field, message] of [
      [{ specializations: [] }, 'specializations', PROJECT_MESSAGES.specializationRequired],
      [{ license_type: '' }, 'license_type', PROJECT_MESSAGES.licenseTypeRequired],
      [{ budget: 0 }, 'budget', PROJECT_MESSAGES.budgetRequired],
      [{ budget: null }, 'budget', PROJECT_MESSAGES.budgetRequired],
      [{ country: null, state: null }, 'country', PROJECT_MESSAGES.countryRequired],
      [{ state: '' }, 'state', PROJECT_MESSAGES.stateRequired],
    ] as const) {
      const res = await post(client, body(over));
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ message, fields: { [field]: message } });
    }
    expect(await countProjects()).toBe(before);
  });

  it('still shows a project saved before the rule without those fields', async () => {
    const client = await createUser(app, { role: 'client' });
    const id = await insertProject(app, client.id, { licenseType: null, title: 'Old carport' });
    const res = await app.inject({ method: 'GET', url: `/api/projects/id/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      budget: null,
      country: null,
      state: null,
      license_type: null,
      specializations: [],
    });
    // Its owner may edit other fields without filling them in, but cannot blank one that is set.
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/projects/${id}`,
      headers: client.auth,
      payload: { title: 'Old carport, stamped' },
    });
    expect(edited.statusCode).toBe(200);
    const filled = await app.inject({
      method: 'PUT',
      url: `/api/projects/${id}`,
      headers: client.auth,
      payload: { country: 'USA' },
    });
    expect(filled.json()).toMatchObject({ message: PROJECT_MESSAGES.stateRequired });
  });

  it('refuses engineers, admins, visitors and posting as someone else, changing nothing', async () => {
    const client = await createUser(app, { role: 'client' });
    const engineer = await createUser(app, { role: 'engineer' });
    const admin = await createUser(app, { role: 'admin' });
    const before = await countProjects();
    expect((await post(engineer, body())).statusCode).toBe(403);
    expect((await post(admin, body())).statusCode).toBe(403);
    expect((await post(engineer, body(), client.id)).statusCode).toBe(403);
    const other = await createUser(app, { role: 'client' });
    expect((await post(other, body(), client.id)).statusCode).toBe(403);
    const anon = await app.inject({ method: 'POST', url: `/api/projects/${client.id}`, payload: body() });
    expect(anon.statusCode).toBe(401);
    expect(await countProjects()).toBe(before);
  });

  it('answers the product’s message for a missing title or description', async () => {
    const client = await createUser(app, { role: 'client' });
    const noDesc = await post(client, body({ description: '   ' }));
    expect(noDesc.statusCode).toBe(400);
    expect(noDesc.json()).toMatchObject({ message: 'Description is required.' });
    const noTitle = await post(client, body({ title: undefined }));
    expect(noTitle.json()).toMatchObject({
      message: 'Title is required.',
      fields: { title: 'Title is required.' },
    });
  });

  it('validates optional fields when present', async () => {
    const client = await createUser(app, { role: 'client' });
    const before = await countProjects();
    for (const bad of [
      { budget: 10.5 },
      { budget: -100 },
      { budget: '100' },
      { deadline: '2026-02-30' },
      { deadline: 'soon' },
      { country: 'Canada', state: null },
      { country: 'USA', state: 'Victoria' },
      { country: null, state: 'Texas' },
      { license_type: 'XX' },
      { urgency_level: 'whenever' },
      { specializations: ['plumbing'] },
      { attachments: 'https://evil.example/file.pdf' },
      { attachments: 'javascript:alert(1)' },
    ]) {
      const res = await post(client, body(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await countProjects()).toBe(before);
    const au = await post(client, body({ country: 'Australia', state: 'Queensland', budget: 1 }));
    expect(au.statusCode).toBe(201);
  });

  it('refuses a deadline in the past and budgets that are not whole cents, changing nothing', async () => {
    const client = await createUser(app, { role: 'client' });
    const before = await countProjects();
    const past = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const late = await post(client, body({ deadline: past }));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ fields: { deadline: 'Deadline cannot be in the past.' } });
    // 1234.567 dollars arrives as 123456.7 cents.
    expect((await post(client, body({ budget: 123456.7 }))).statusCode).toBe(400);
    expect(await countProjects()).toBe(before);
    const today = new Date().toISOString().slice(0, 10);
    expect((await post(client, body({ deadline: today }))).statusCode).toBe(201);
  });

  it('accepts an attachment only from this site’s file storage', async () => {
    const client = await createUser(app, { role: 'client' });
    const own = await uploaded(app, 'project_attachment', client.auth);
    const res = await post(client, body({ attachments: own }));
    expect(res.statusCode).toBe(201);
    expect(res.json().attachments).toBe(own);
    const traversal = await post(client, body({ attachments: '/files/../secret.pdf' }));
    expect(traversal.statusCode).toBe(400);
  });
});

describe('changing and deleting a project', () => {
  it('lets only the owner change an open project', async () => {
    const owner = await createUser(app, { role: 'client' });
    const other = await createUser(app, { role: 'client' });
    const engineer = await createUser(app, { role: 'engineer' });
    const admin = await createUser(app, { role: 'admin' });
    const id = (await post(owner, body())).json().id;
    for (const user of [other, engineer, admin]) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/projects/${id}`,
        headers: user.auth,
        payload: { title: 'Hijacked' },
      });
      expect(res.statusCode).toBe(403);
    }
    expect(
      (await app.inject({ method: 'PUT', url: `/api/projects/${id}`, payload: { title: 'x' } })).statusCode,
    ).toBe(401);
    const ok = await app.inject({
      method: 'PUT',
      url: `/api/projects/${id}`,
      headers: owner.auth,
      payload: { title: 'Deck review v2', budget: 90000, state: 'Ohio', urgency_level: null },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      title: 'Deck review v2',
      budget: 90000,
      state: 'Ohio',
      country: 'USA',
      urgency_level: null,
    });
  });

  it('checks the state against the country after merging', async () => {
    const owner = await createUser(app, { role: 'client' });
    const id = (await post(owner, body())).json().id;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/projects/${id}`,
      headers: owner.auth,
      payload: { country: 'Australia' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose a state of the selected country.');
    const both = await app.inject({
      method: 'PUT',
      url: `/api/projects/${id}`,
      headers: owner.auth,
      payload: { country: 'Australia', state: 'Tasmania' },
    });
    expect(both.statusCode).toBe(200);
  });

  it('refuses a new deadline in the past but keeps one that has passed since', async () => {
    const owner = await createUser(app, { role: 'client' });
    const id = (await post(owner, body())).json().id;
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: `/api/projects/${id}`, headers: owner.auth, payload });
    const res = await put({ deadline: '2020-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Deadline cannot be in the past.');
    await app.ctx.db.update(projects).set({ deadline: '2020-01-01' }).where(eq(projects.id, id));
    expect((await put({ deadline: '2020-01-01', title: 'Still the same deadline' })).statusCode).toBe(200);
  });

  it('refuses changes and deletion once the project is no longer open', async () => {
    const owner = await createUser(app, { role: 'client' });
    for (const status of ['assigned', 'inprogress', 'completed', 'closed', 'problem'] as const) {
      const id = await insertProject(app, owner.id, { status, title: 'Old title' });
      const put = await app.inject({
        method: 'PUT',
        url: `/api/projects/${id}`,
        headers: owner.auth,
        payload: { title: 'New' },
      });
      expect(put.statusCode).toBe(409);
      const del = await app.inject({ method: 'DELETE', url: `/api/projects/${id}`, headers: owner.auth });
      expect(del.statusCode).toBe(409);
      const [row] = await app.ctx.db.select().from(projects).where(eq(projects.id, id));
      expect(row).toMatchObject({ title: 'Old title', status });
    }
  });

  it('lets only the owner delete; pending proposers are told', async () => {
    const owner = await createUser(app, { role: 'client' });
    const other = await createUser(app, { role: 'client' });
    const engineer = await eligibleEngineer(app);
    const id = (await post(owner, body({ title: 'To be withdrawn' }))).json().id;
    const applied = await app.inject({
      method: 'POST',
      url: `/api/proposals/create/${engineer.id}`,
      headers: engineer.auth,
      payload: {
        project_id: id,
        description: 'I can',
        license_type: 'PE',
        proposed_amount: 1000,
        delivery_days: 5,
      },
    });
    expect(applied.statusCode).toBe(201);
    for (const user of [other, engineer]) {
      expect(
        (await app.inject({ method: 'DELETE', url: `/api/projects/${id}`, headers: user.auth })).statusCode,
      ).toBe(403);
    }
    expect((await app.inject({ method: 'DELETE', url: `/api/projects/${id}` })).statusCode).toBe(401);
    const del = await app.inject({ method: 'DELETE', url: `/api/projects/${id}`, headers: owner.auth });
    expect(del.statusCode).toBe(200);
    expect(await app.ctx.db.select().from(proposals).where(eq(proposals.projectId, id))).toHaveLength(0);
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, engineer.id));
    expect(told.map((n) => n.message)).toContain(
      'The project "To be withdrawn" was withdrawn by its client.',
    );
    expect((await app.inject({ method: 'GET', url: `/api/projects/id/${id}` })).statusCode).toBe(404);
  });
});

describe('reading projects', () => {
  it('shows the project page publicly with the client block', async () => {
    const owner = await createUser(app, { role: 'client', fullName: 'Dana Builder' });
    await app.ctx.db.insert(clientAccounts).values({
      userId: owner.id,
      phoneNumber: '5125550100',
      companyName: 'Builder & Co',
      country: 'USA',
      state: 'Texas',
    });
    const id = (await post(owner, body())).json().id;
    const res = await app.inject({ method: 'GET', url: `/api/projects/id/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      company_name: 'Builder & Co',
      client_name: 'Dana Builder',
      avg_rating: 0,
      rating_count: 0,
      budget: 150000,
    });
    expect(Date.parse(res.json().member_since)).not.toBeNaN();
    expect(res.json()).not.toHaveProperty('search');
    expect(
      (await app.inject({ method: 'GET', url: `/api/projects/id/${crypto.randomUUID()}` })).json(),
    ).toMatchObject({
      message: 'Project not found',
    });
    expect((await app.inject({ method: 'GET', url: '/api/projects/id/not-a-uuid' })).statusCode).toBe(400);
  });

  it('tells each caller what they may do with the project (abilities), from the policy', async () => {
    const owner = await createUser(app, { role: 'client' });
    const other = await createUser(app, { role: 'client' });
    const engineer = await createUser(app, { role: 'engineer' });
    const admin = await createUser(app, { role: 'admin' });
    const id = (await post(owner, body())).json().id;
    const abilities = async (headers?: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: `/api/projects/id/${id}`, headers })).json().abilities;
    const none = {
      update: false,
      delete: false,
      list_proposals: false,
      apply: false,
      read_record: false,
      read_deal: false,
    };
    expect(await abilities(owner.auth)).toEqual({
      update: true,
      delete: true,
      list_proposals: true,
      apply: false,
      read_record: true,
      read_deal: true,
    });
    expect(await abilities(engineer.auth)).toEqual({ ...none, apply: true });
    expect(await abilities(other.auth)).toEqual(none);
    // Staff read the record; they neither edit nor decide.
    expect(await abilities(admin.auth)).toEqual({ ...none, read_record: true, read_deal: true });
    expect(await abilities()).toEqual(none);
    // A stale token reads like a visitor: the page is public.
    expect(await abilities({ authorization: 'Bearer not-a-session' })).toEqual(none);
    // Once the project is under way nobody edits it or applies; the owner still decides.
    // The hired engineer reads the record; other engineers do not.
    const hired = await createUser(app, { role: 'engineer' });
    await app.ctx.db.insert(proposals).values({
      projectId: id,
      engineerId: hired.id,
      description: 'Stamped deck drawings.',
      licenseType: 'PE',
      proposedAmount: 140000,
      status: 'accepted',
    });
    await app.ctx.db.update(projects).set({ status: 'assigned' }).where(eq(projects.id, id));
    expect(await abilities(owner.auth)).toEqual({
      ...none,
      list_proposals: true,
      read_record: true,
      read_deal: true,
    });
    // The deal itself comes with the payment (modules/deals): the hired engineer reads the record.
    expect(await abilities(hired.auth)).toEqual({ ...none, read_record: true });
    expect(await abilities(engineer.auth)).toEqual(none);
  });

  it('lists a client’s projects only to that client, with status filter and proposal counts', async () => {
    const owner = await createUser(app, { role: 'client' });
    const other = await createUser(app, { role: 'client' });
    const admin = await createUser(app, { role: 'admin' });
    const openId = await insertProject(app, owner.id);
    await insertProject(app, owner.id, { status: 'completed' });
    await insertProject(app, other.id);
    const engineer = await eligibleEngineer(app);
    await app.ctx.db.insert(proposals).values({
      projectId: openId,
      engineerId: engineer.id,
      description: 'x',
      licenseType: 'PE',
      proposedAmount: 5,
    });
    const all = await app.inject({
      method: 'GET',
      url: `/api/projects/customer/${owner.id}`,
      headers: owner.auth,
    });
    expect(all.json()).toHaveLength(2);
    const open = await app.inject({
      method: 'GET',
      url: `/api/projects/customer/${owner.id}?status=open`,
      headers: owner.auth,
    });
    expect(open.json()).toEqual([expect.objectContaining({ id: openId, proposal_count: 1 })]);
    for (const user of [other, admin, engineer]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/projects/customer/${owner.id}`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: `/api/projects/customer/${owner.id}` })).statusCode).toBe(
      401,
    );
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/projects/customer/${owner.id}?status=bogus`,
          headers: owner.auth,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lists an engineer’s won projects only to that engineer', async () => {
    const owner = await createUser(app, { role: 'client' });
    const engineer = await eligibleEngineer(app);
    const other = await eligibleEngineer(app);
    const won = await insertProject(app, owner.id, { status: 'assigned', title: 'Won' });
    const lost = await insertProject(app, owner.id, { status: 'assigned', title: 'Lost' });
    const done = await insertProject(app, owner.id, { status: 'completed', title: 'Done' });
    await app.ctx.db.insert(proposals).values([
      {
        projectId: won,
        engineerId: engineer.id,
        description: 'a',
        licenseType: 'PE',
        proposedAmount: 100,
        status: 'accepted',
      },
      {
        projectId: lost,
        engineerId: engineer.id,
        description: 'b',
        licenseType: 'PE',
        proposedAmount: 100,
        status: 'rejected',
      },
      {
        projectId: done,
        engineerId: engineer.id,
        description: 'c',
        licenseType: 'PE',
        proposedAmount: 250,
        status: 'accepted',
      },
    ]);
    const res = await app.inject({
      method: 'GET',
      url: `/api/projects/engineer/${engineer.id}`,
      headers: engineer.auth,
    });
    expect(
      res
        .json()
        .map((p: { title: string }) => p.title)
        .sort(),
    ).toEqual(['Done', 'Won']);
    const completed = await app.inject({
      method: 'GET',
      url: `/api/projects/engineer/${engineer.id}?status=completed`,
      headers: engineer.auth,
    });
    expect(completed.json()).toEqual([expect.objectContaining({ title: 'Done', proposed_amount: 250 })]);
    for (const user of [other, owner]) {
      const r = await app.inject({
        method: 'GET',
        url: `/api/projects/engineer/${engineer.id}`,
        headers: user.auth,
      });
      expect(r.statusCode).toBe(403);
    }
  });
});

describe('explore: search, filters, sort and pages', () => {
  const tag = `zq${randomBytes(4).toString('hex')}`;
  let owner: Awaited<ReturnType<typeof createUser>>;
  const list = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/projects?q=${tag}&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: Array<Record<string, unknown>>;
      total: number;
      totalIsCapped: boolean;
      page: number;
      pageSize: number;
    };
  };

  beforeAll(async () => {
    owner = await createUser(app, { role: 'client' });
    const rows = Array.from({ length: 25 }, (_, i) => ({
      customerId: owner.id,
      title: `${tag} project ${i}`,
      description: i % 5 === 0 ? 'Foundation design for a seismic retrofit' : 'Ordinary drawings',
      specializations: i % 2 === 0 ? ['structural', 'civil'] : ['fire'],
      licenseType: (i % 3 === 0 ? 'SE' : 'PE') as 'SE' | 'PE',
      budget: i === 24 ? null : (i + 1) * 1000,
      country: i % 4 === 0 ? 'Australia' : 'USA',
      state: i % 4 === 0 ? 'Victoria' : 'Texas',
      urgencyLevel: (i % 2 === 0 ? 'critical' : 'low') as 'critical' | 'low',
      status: (i === 23 ? 'closed' : 'open') as 'closed' | 'open',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    await app.ctx.db.insert(projects).values(rows);
  });

  it('finds by words of title and description, open ones by default', async () => {
    const all = await list('');
    expect(all.total).toBe(24);
    expect(all.totalIsCapped).toBe(false);
    expect(all.pageSize).toBe(20);
    expect(all.items).toHaveLength(20);
    const seismic = await app.inject({
      method: 'GET',
      url: `/api/projects?q=${encodeURIComponent(`${tag} seismic`)}`,
    });
    expect(seismic.json().total).toBe(5);
    const quoted = await app.inject({
      method: 'GET',
      url: `/api/projects?q=${encodeURIComponent(`${tag} -seismic`)}`,
    });
    expect(quoted.json().total).toBe(19);
  });

  it('lists other states than open only to their parties and admins, never to a visitor', async () => {
    const url = `/api/projects?q=${tag}&status=closed`;
    const visitor = await app.inject({ method: 'GET', url });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().message).toBe(PROJECT_MESSAGES.onlyOpenPublic);
    const titles = async (headers: Record<string, string>) =>
      (
        (await app.inject({ method: 'GET', url, headers })).json() as { items: Array<{ title: string }> }
      ).items.map((p) => p.title);
    expect(await titles(owner.auth)).toEqual([`${tag} project 23`]);
    expect(await titles((await createUser(app, { role: 'admin' })).auth)).toEqual([`${tag} project 23`]);
    expect(await titles((await createUser(app, { role: 'client' })).auth)).toEqual([]);
    expect(await titles((await createUser(app, { role: 'engineer' })).auth)).toEqual([]);
  });

  it('filters by specialization, licence type, place, urgency and budget', async () => {
    expect((await list('specialization=fire')).total).toBe(11); // odd ones but the closed 23
    expect((await list('license_type=SE')).total).toBe(9); // 0, 3, ..., 24
    expect((await list('country=Australia&state=Victoria')).total).toBe(7); // 0, 4, ..., 24
    expect((await list('urgency=critical')).total).toBe(13);
    const range = await list('min_budget=5000&max_budget=8000');
    expect(range.items.map((p) => p.budget).sort()).toEqual([5000, 6000, 7000, 8000]);
    const res = await app.inject({ method: 'GET', url: '/api/projects?min_budget=9000&max_budget=100' });
    expect(res.statusCode).toBe(400);
  });

  it('sorts newest first or by budget with absent budgets last, and pages without overlap', async () => {
    const first = await list('');
    expect(first.items[0].title).toBe(`${tag} project 24`);
    const second = await list('page=2');
    expect(second.items).toHaveLength(4);
    const ids = new Set([...first.items, ...second.items].map((p) => p.id));
    expect(ids.size).toBe(24);
    const asc = await list('sort=budget_asc&page=2');
    expect(asc.items.map((p) => p.budget)).toEqual([21000, 22000, 23000, null]);
    const desc = await list('sort=budget_desc');
    expect(desc.items.slice(0, 3).map((p) => p.budget)).toEqual([23000, 22000, 21000]);
    const descLast = await list('sort=budget_desc&page=2');
    expect(descLast.items.at(-1)?.budget).toBeNull();
    expect((await list('page=9')).items).toEqual([]);
  });

  it('refuses junk filters with 400', async () => {
    for (const q of [
      'page=0',
      'page=abc',
      'min_budget=-5',
      'min_budget=1.5',
      'sort=random',
      'status=deleted',
      'urgency=soon',
      'license_type=XX',
    ]) {
      const res = await app.inject({ method: 'GET', url: `/api/projects?${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('explore: a total counted up to 1,000 past the page, and deep pages', () => {
  const tag = `zc${randomBytes(4).toString('hex')}`;
  const MATCHES = 1250;
  const list = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/projects?q=${tag}&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: Array<{ id: string; title: string }>;
      total: number;
      totalIsCapped: boolean;
      page: number;
    };
  };

  beforeAll(async () => {
    const owner = await createUser(app, { role: 'client' });
    await app.ctx.db.insert(projects).values(
      Array.from({ length: MATCHES }, (_, i) => ({
        customerId: owner.id,
        title: `${tag} bulk ${i}`,
        description: 'Retaining wall calculations',
        urgencyLevel: (i % 2 === 0 ? 'critical' : 'low') as 'critical' | 'low',
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
      })),
    );
  });

  it('says "at least" once the matches run past the window, and counts exactly below it', async () => {
    expect(await list('')).toMatchObject({ total: 1000, totalIsCapped: true, page: 1 });
    // Page 10 starts at row 181: counted up to 1,180.
    expect(await list('page=10')).toMatchObject({ total: 1180, totalIsCapped: true });
    // Page 15 starts at row 281: the window reaches past the last match, so the total is exact.
    expect(await list('page=15')).toMatchObject({ total: MATCHES, totalIsCapped: false });
    expect(await list('urgency=critical')).toMatchObject({ total: MATCHES / 2, totalIsCapped: false });
  });

  it('serves deep pages in order without overlap, up to the last one', async () => {
    const p62 = await list('page=62');
    const p63 = await list('page=63');
    expect(p62.items.map((p) => p.title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `${tag} bulk ${MATCHES - 1 - 61 * 20 - i}`),
    );
    expect(p63.items.map((p) => p.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${tag} bulk ${9 - i}`),
    );
    expect(p63).toMatchObject({ total: MATCHES, totalIsCapped: false });
    expect((await list('page=64')).items).toEqual([]);
  });

  it('keeps exact totals current: a new match counts at once', async () => {
    const owner = await createUser(app, { role: 'client' });
    await app.ctx.db
      .insert(projects)
      .values({ customerId: owner.id, title: `${tag} one more`, description: 'x' });
    expect(await list('page=15')).toMatchObject({ total: MATCHES + 1, totalIsCapped: false });
  });
});

describe('the lists name the deal', () => {
  it("gives the client the contract price once a deal is made, and the engineer the client's name", async () => {
    const owner = await createUser(app, { role: 'client', fullName: 'Dana Dealmaker' });
    const openId = await insertProject(app, owner.id, { title: 'Still open', budget: 900_00 });
    const takenId = await insertProject(app, owner.id, {
      title: 'Taken',
      budget: 900_00,
      status: 'assigned',
    });
    const engineer = await eligibleEngineer(app);
    for (const [projectId, status, amount] of [
      [openId, 'pending', 800_00],
      [takenId, 'accepted', 750_00],
    ] as const)
      await app.ctx.db.insert(proposals).values({
        projectId,
        engineerId: engineer.id,
        description: 'x',
        licenseType: 'PE',
        proposedAmount: amount,
        status,
      });
    const mine = (
      await app.inject({ method: 'GET', url: `/api/projects/customer/${owner.id}`, headers: owner.auth })
    ).json() as Array<{ id: string; budget: number; contract_price: number | null }>;
    expect(mine.find((p) => p.id === openId)).toMatchObject({ budget: 900_00, contract_price: null });
    expect(mine.find((p) => p.id === takenId)).toMatchObject({ budget: 900_00, contract_price: 750_00 });

    const won = (
      await app.inject({
        method: 'GET',
        url: `/api/projects/engineer/${engineer.id}`,
        headers: engineer.auth,
      })
    ).json() as Array<{ id: string; client_name: string }>;
    expect(won).toMatchObject([{ id: takenId, client_name: 'Dana Dealmaker' }]);
  });
});
