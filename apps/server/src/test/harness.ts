// Builds the real app against a real database for API tests: an in-memory PGlite by
// default, or — when DATABASE_URL is set — a fresh database created on that server
// for this test file and dropped afterwards, so files never see each other's rows.
import { randomBytes } from 'node:crypto';
import type { Role } from '@app/shared';
import pg from 'pg';
import { type App, buildApp } from '../app.ts';
import { type Config, testConfig } from '../config.ts';
import { users } from '../db/schema/index.ts';
import { createSession } from '../modules/auth/sessions.ts';

export type TestApp = App & { dispose(): Promise<void> };

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const base = testConfig(overrides);
  let dropDatabase = async () => {};
  let databaseUrl = base.databaseUrl;
  if (databaseUrl) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base.databaseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const app = (await buildApp({ ...base, databaseUrl })) as TestApp;
  app.dispose = async () => {
    await app.close();
    await dropDatabase();
  };
  return app;
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
