// Generated bodies and query strings: whatever arrives at a project or proposal route, the
// answer is never a 500, and a refused request changes nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, proposals } from '../../db/schema/index.ts';
import { eligibleEngineer, insertProject } from '../../test/fixtures/projects.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';

let app: TestApp;
let client: Awaited<ReturnType<typeof createUser>>;
let engineer: Awaited<ReturnType<typeof createUser>>;
let projectId: string;
let proposalId: string;
beforeAll(async () => {
  app = await createTestApp({ rateLimitScale: 10_000 });
  client = await createUser(app, { role: 'client' });
  engineer = await eligibleEngineer(app);
  projectId = await insertProject(app, client.id);
  const [row] = await app.ctx.db
    .insert(proposals)
    .values({ projectId, engineerId: engineer.id, description: 'd', licenseType: 'PE', proposedAmount: 100 })
    .returning();
  proposalId = row.id;
});
afterAll(() => app.dispose());

const fieldNames = [
  'title',
  'description',
  'specializations',
  'license_type',
  'budget',
  'deadline',
  'country',
  'state',
  'attachments',
  'notes',
  'urgency_level',
  'project_id',
  'proposed_amount',
  'delivery_days',
  'proposal_id',
  'new_status',
];
const values = () =>
  fc.oneof(
    fc.anything(),
    fc.string(),
    fc.double(),
    fc.integer(),
    fc.constantFrom(
      'PE',
      'USA',
      'Texas',
      'Victoria',
      'open',
      'rejected',
      'accepted',
      '',
      '2026-02-30',
      'critical',
    ),
    fc.constant(null),
    fc.constant(undefined),
  );
const bodies = () => fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...fieldNames), values()));

const snapshot = async () => ({
  projects: await app.ctx.db.select().from(projects),
  proposals: await app.ctx.db.select().from(proposals),
});

describe('projects and proposals under generated input', () => {
  it('never answers 500 to junk bodies, and a refusal changes nothing', async () => {
    const routes = [
      { method: 'POST' as const, url: `/api/projects/${client.id}`, user: client },
      { method: 'PUT' as const, url: `/api/projects/${projectId}`, user: client },
      { method: 'POST' as const, url: `/api/proposals/create/${engineer.id}`, user: engineer },
      { method: 'PUT' as const, url: `/api/proposals/update/${proposalId}`, user: engineer },
      { method: 'PUT' as const, url: `/api/proposals/status/${client.id}`, user: client },
    ];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(bodies(), async (body) => {
          const before = await snapshot();
          const res = await app.inject({
            method: route.method,
            url: route.url,
            headers: { 'content-type': 'application/json', ...route.user.auth },
            payload: JSON.stringify(body),
          });
          expect(
            res.statusCode,
            `${route.method} ${route.url} ${JSON.stringify(body)} -> ${res.body}`,
          ).toBeLessThan(500);
          expect(typeof res.json().message === 'string' || res.statusCode < 300).toBe(true);
          if (res.statusCode >= 400) expect(await snapshot()).toEqual(before);
        }),
        { numRuns: 40 },
      );
    }
  }, 180_000);

  it('never answers 500 to junk query strings and path ids', async () => {
    const keys = [
      'q',
      'specialization',
      'license_type',
      'country',
      'state',
      'min_budget',
      'max_budget',
      'urgency',
      'status',
      'sort',
      'page',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(...keys),
          fc.oneof(fc.string(), fc.constantFrom('1', '-1', '0', '1e3', 'open', '&', '%', "'")),
        ),
        async (query) => {
          const res = await app.inject({ method: 'GET', url: '/api/projects', query });
          expect(res.statusCode, `${JSON.stringify(query)} -> ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string(), async (id) => {
        for (const url of [
          `/api/projects/id/${encodeURIComponent(id)}`,
          `/api/proposals/project/${encodeURIComponent(id)}/count`,
        ]) {
          const res = await app.inject({ method: 'GET', url });
          expect(res.statusCode).toBeLessThan(500);
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('refuses NUL characters, which PostgreSQL text cannot hold, with a 400', async () => {
    const nul = 'a\u0000b';
    const before = await snapshot();
    type Case = {
      method: 'GET' | 'POST' | 'PUT';
      url: string;
      query?: Record<string, string>;
      user?: { auth: Record<string, string> };
      payload?: Record<string, unknown>;
    };
    const cases: Case[] = [
      { method: 'GET', url: '/api/projects', query: { q: nul } },
      { method: 'GET', url: '/api/projects', query: { state: nul } },
      {
        method: 'POST' as const,
        url: `/api/projects/${client.id}`,
        user: client,
        payload: { title: nul, description: 'd' },
      },
      {
        method: 'POST' as const,
        url: `/api/projects/${client.id}`,
        user: client,
        payload: { title: 't', description: 'd', notes: nul },
      },
      {
        method: 'PUT' as const,
        url: `/api/projects/${projectId}`,
        user: client,
        payload: { description: nul },
      },
      {
        method: 'PUT' as const,
        url: `/api/proposals/update/${proposalId}`,
        user: engineer,
        payload: { description: nul, license_type: 'PE', proposed_amount: 1, delivery_days: 7 },
      },
    ];
    for (const c of cases) {
      const res = await app.inject({
        method: c.method,
        url: c.url,
        query: c.query,
        headers: c.user?.auth,
        payload: c.payload,
      });
      expect(res.statusCode, c.url).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('searches any text without a database error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200, unit: 'binary' }), async (q) => {
        const res = await app.inject({ method: 'GET', url: '/api/projects', query: { q } });
        // Any words search; only the NUL character (which PostgreSQL cannot hold) is refused.
        expect(res.statusCode, `${q} -> ${res.body}`).toBe(q.includes('\u0000') ? 400 : 200);
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
