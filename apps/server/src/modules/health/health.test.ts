import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

it('reports the database reachable', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json().status).toBe('ok');
  expect(res.headers['x-request-id']).toBeTruthy();
  expect(res.headers['content-security-policy']).toContain("script-src 'self'");
});

it('gives each answer its own request id, or the one the caller sent when it is a plain token', async () => {
  const ids = await Promise.all(
    Array.from(
      { length: 3 },
      async () => (await app.inject({ method: 'GET', url: '/api/contact/info' })).headers['x-request-id'],
    ),
  );
  expect(new Set(ids).size).toBe(3);
  for (const id of ids) expect(id).toMatch(/^[\w-]{8,64}$/);
  const given = await app.inject({
    method: 'GET',
    url: '/api/contact/info',
    headers: { 'x-request-id': 'edge-42' },
  });
  expect(given.headers['x-request-id']).toBe('edge-42');
  const hostile = await app.inject({
    method: 'GET',
    url: '/api/contact/info',
    headers: { 'x-request-id': '../\u202Eid' },
  });
  expect(hostile.headers['x-request-id']).not.toContain('..');
});

it('sends the API reference its inline-style allowance, and no other page', async () => {
  const docs = await app.inject({ method: 'GET', url: '/api/docs' });
  expect(docs.statusCode).toBe(200);
  expect(docs.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
  const api = await app.inject({ method: 'GET', url: '/api/contact/info' });
  expect(api.headers['content-security-policy']).toContain("style-src 'self';");
});

it('answers 503 when the database is gone', async () => {
  const broken = await createTestApp();
  await broken.ctx.database.close();
  const res = await broken.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ message: 'The database is not reachable.', code: 'UNAVAILABLE' });
  await broken.dispose().catch(() => {});
  // On a PostgreSQL server, its test database is gone with it.
  const url = broken.ctx.config.databaseUrl;
  if (url) {
    const name = new URL(url).pathname.slice(1);
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const left = await client.query('select 1 from pg_database where datname = $1', [name]);
      expect(left.rowCount, `${name} left behind`).toBe(0);
    } finally {
      await client.end();
    }
  }
});

it('answers unknown API addresses and malformed bodies with a JSON error', async () => {
  const missing = await app.inject({ method: 'GET', url: '/api/nowhere' });
  expect(missing.statusCode).toBe(404);
  expect(missing.json().message).toContain('/api/nowhere');
  const bad = await app.inject({
    method: 'PATCH',
    url: '/api/notification/read/00000000-0000-0000-0000-000000000000',
    headers: { 'content-type': 'application/json' },
    payload: '{',
  });
  expect(bad.statusCode).toBe(400);
});

it('documents every API route in the OpenAPI document', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const documented = new Set<string>();
  for (const [path, methods] of Object.entries(res.json().paths as Record<string, object>)) {
    for (const method of Object.keys(methods)) documented.add(`${method.toUpperCase()} ${path}`);
  }
  // OpenAPI writes path parameters as {id}; Fastify as :id.
  const routes = app.routeList
    .filter((r) => !r.hidden && r.route.includes(' /api/'))
    .map((r) => r.route.replace(/:(\w+)/g, '{$1}'));
  expect(routes.length).toBeGreaterThan(40);
  expect(routes.filter((r) => !documented.has(r))).toEqual([]);
});

it('treats an empty JSON body as no body and refuses NUL characters in any input', async () => {
  const empty = await app.inject({
    method: 'GET',
    url: '/api/health',
    headers: { 'content-type': 'application/json' },
    payload: '',
  });
  expect(empty.statusCode).toBe(200);
  const nul = await app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email: 'a\u0000@example.com' },
  });
  expect(nul.statusCode).toBe(400);
  expect(nul.json().message).toBe('The text contains characters that are not allowed.');
});

it('answers readiness until the process is told to stop, then 503 while it drains', async () => {
  const ready = await app.inject({ method: 'GET', url: '/api/ready' });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({ status: 'ready' });
  app.lifecycle.draining = true;
  try {
    const draining = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ message: 'This instance is stopping.', code: 'UNAVAILABLE' });
    // Liveness is another question: it still serves.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  } finally {
    app.lifecycle.draining = false;
  }
});
