import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, proposals } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { createSession } from '../modules/access/sessions.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { seedAccounts } from './accounts.ts';
import { seedProjects } from './projects.ts';
import { DEMO_PASSWORD, type SeededUsers, seedUsers } from './users.ts';

let app: TestApp;
let people: SeededUsers;
beforeAll(async () => {
  app = await createTestApp();
  const hash = await hashPassword(DEMO_PASSWORD);
  await app.ctx.transaction(async (tx) => {
    people = await seedUsers(tx, hash);
    await seedAccounts(tx, people, app.ctx.config.encryptionKey);
    await seedProjects(tx, people);
  });
});
afterAll(() => app.dispose());

const auth = async (key: string) => ({
  authorization: `Bearer ${await createSession(app.ctx.db, people[key].id)}`,
});

describe('demo projects', () => {
  it('fills the explore page with every status, both countries and several pages', async () => {
    const all = await app.ctx.db.select().from(projects);
    expect(all.length).toBeGreaterThanOrEqual(38);
    expect(new Set(all.map((p) => p.status))).toEqual(
      new Set(['open', 'assigned', 'inprogress', 'closed', 'completed', 'problem']),
    );
    expect(new Set(all.map((p) => p.country))).toEqual(new Set(['USA', 'Australia']));
    const explore = await app.inject({ method: 'GET', url: '/api/projects' });
    expect(explore.json().total).toBeGreaterThan(20);
  });

  it('gives every project past open, closed aside, exactly one accepted proposal', async () => {
    const all = await app.ctx.db.select().from(projects);
    const props = await app.ctx.db.select().from(proposals);
    for (const p of all) {
      const accepted = props.filter((x) => x.projectId === p.id && x.status === 'accepted');
      expect(accepted.length, p.title).toBe(p.status === 'open' || p.status === 'closed' ? 0 : 1);
      if (p.status !== 'open')
        expect(
          props.filter((x) => x.projectId === p.id && x.status === 'pending'),
          p.title,
        ).toHaveLength(0);
    }
  });

  it('gives the demo client open projects with proposals', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/projects/customer/${people.client.id}?status=open`,
      headers: await auth('client'),
    });
    expect(res.json().length).toBeGreaterThanOrEqual(3);
    expect(res.json().some((p: { proposal_count: number }) => p.proposal_count > 0)).toBe(true);
  });

  it('gives the demo engineer proposals of each status and an open PE project to apply to', async () => {
    const headers = await auth('engineer');
    const mine = await app.inject({
      method: 'GET',
      url: `/api/proposals/engineer/${people.engineer.id}`,
      headers,
    });
    expect(new Set(mine.json().map((p: { status: string }) => p.status))).toEqual(
      new Set(['pending', 'accepted', 'rejected']),
    );
    const open = await app.inject({ method: 'GET', url: '/api/projects?license_type=PE' });
    const applied = new Set(mine.json().map((p: { project_id: string }) => p.project_id));
    const candidates = open.json().items.filter((p: { id: string }) => !applied.has(p.id));
    expect(candidates.length).toBeGreaterThan(0);
    const eligibility = await app.inject({
      method: 'GET',
      url: `/api/proposals/eligibility/${candidates[0].id}`,
      headers,
    });
    expect(eligibility.json()).toEqual({ ok: true });
    const won = await app.inject({
      method: 'GET',
      url: `/api/projects/engineer/${people.engineer.id}`,
      headers,
    });
    expect(won.json().length).toBeGreaterThan(0);
  });

  it('stores amounts as whole cents', async () => {
    const [p] = await app.ctx.db.select().from(proposals).where(eq(proposals.engineerId, people.engineer.id));
    expect(Number.isInteger(p.proposedAmount)).toBe(true);
    expect(p.proposedAmount % 100).toBe(0);
  });
});
