// Builds the real app against a real database for API tests: an in-memory PGlite by
// default, or — when DATABASE_URL is set — a fresh database created on that server
// for this test file and dropped afterwards, so files never see each other's rows.
import { randomBytes } from 'node:crypto';
import type { Role } from '@app/shared';
import pg from 'pg';
import { type App, buildApp } from '../app.ts';
import { type Config, testConfig } from '../config.ts';
import { users } from '../db/schema/index.ts';
import { createSession } from '../modules/access/sessions.ts';
import { checkLedger, formatLedgerReport } from '../modules/ledger/ledger.check.ts';

export type TestApp = App & { dispose(): Promise<void> };

/** A fresh database on the DATABASE_URL server, for one test file; dropped by `drop`. */
export async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A fresh app on a fresh database. When the test is done, `dispose` checks every ledger
 * invariant on what the test left (`npm run ledger:check`'s checks) and fails the test file if
 * one does not hold; a test that breaks the money on purpose passes `{ ledger: 'broken' }`.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  opts: { ledger?: 'checked' | 'broken' } = {},
): Promise<TestApp> {
  const base = testConfig(overrides);
  const database = base.databaseUrl ? await freshDatabase(base.databaseUrl) : null;
  const app = (await buildApp({ ...base, databaseUrl: database?.url })) as TestApp;
  app.dispose = async () => {
    // The database goes even when closing fails (a test that closed the connection itself).
    try {
      if (opts.ledger !== 'broken') {
        const report = await checkLedger(app.ctx.db).catch(() => null);
        if (report && !report.ok) throw new Error(`the ledger does not hold:\n${formatLedgerReport(report)}`);
      }
    } finally {
      try {
        await app.close();
      } finally {
        await database?.drop();
      }
    }
  };
  return app;
}

/**
 * Several instances of the product on one fresh PostgreSQL database and one Redis, as
 * deployed behind a load balancer: they share the database, the Socket.IO adapter's
 * channels and presence. Needs DATABASE_URL and REDIS_URL.
 */
export async function createTestInstances(
  count: number,
  overrides: Partial<Config> = {},
): Promise<{ apps: App[]; dispose(): Promise<void> }> {
  const base = testConfig(overrides);
  if (!base.databaseUrl || !base.redisUrl)
    throw new Error('createTestInstances needs DATABASE_URL and REDIS_URL');
  const database = await freshDatabase(base.databaseUrl);
  const apps: App[] = [];
  // One after another: the first applies the migrations, the others find them applied.
  for (let i = 0; i < count; i++) apps.push(await buildApp({ ...base, databaseUrl: database.url }));
  return {
    apps,
    dispose: async () => {
      for (const app of apps) await app.close();
      await database.drop();
    },
  };
}

let counter = 0;
/** A user straight in the database with a session, for tests of features beyond sign-in. */
export async function createUser(
  app: App,
  opts: { role?: Role; fullName?: string; email?: string; passwordHash?: string } = {},
): Promise<{
  id: string;
  email: string;
  fullName: string;
  role: Role;
  token: string;
  auth: { authorization: string };
}> {
  counter += 1;
  const role = opts.role ?? 'client';
  const [row] = await app.ctx.db
    .insert(users)
    .values({
      fullName: opts.fullName ?? `Test ${role} ${counter}`,
      email: opts.email ?? `${role}${counter}-${randomBytes(3).toString('hex')}@test.example`,
      role,
      // Not a valid argon2 hash: such a user cannot sign in with a password.
      passwordHash: opts.passwordHash ?? 'x',
      emailVerified: true,
    })
    .returning();
  const token = await createSession(app.ctx.db, row.id);
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}

/**
 * Polls `check` until it answers a truthy value and returns it, or gives up after
 * `timeoutMs` (returning the last answer, so the test's own assertion says what is missing).
 * For effects that run after commit (mail, pushes): they land a moment after the response,
 * and much later on a loaded machine.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value || Date.now() >= until) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}
