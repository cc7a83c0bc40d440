// The world the generated-input suite (hostile-input.test.ts) sends its requests into: a
// completed deal (client, engineer with a verified licence, payment, submission, chat room,
// notifications), an open project with pending proposals, a support ticket with a reply, a
// dispute, uploads and an admin, so that valid ids reach the handlers. And two ways to tell
// that a refused request changed nothing: a row-change counter kept by triggers (cheap, read
// around every request) and an md5 digest of every table's rows (read around each route).
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createSession } from '../modules/access/sessions.ts';
import { uploaded } from './fixtures/files.ts';
import { checkout, openDeal, paidDeal } from './fixtures/payments.ts';
import { providerAccount } from './fixtures/payouts.ts';
import { completedDeal } from './fixtures/submissions.ts';
import { createUser, type TestApp } from './harness.ts';

export const ACTORS = ['visitor', 'client', 'engineer', 'admin'] as const;
export type ActorName = (typeof ACTORS)[number];

/**
 * Tables a refused request may change on purpose, left out of both checks:
 * - sign_in_pins: a wrong PIN is refused (401) and counts a try; five void the PIN.
 * - sessions: the actors' sessions are issued anew before each route (a generated
 *   sign-out or password change may end them), and a session slides on use.
 */
export const LEGITIMATELY_CHANGED = ['sign_in_pins', 'sessions'];

/**
 * Refusals that record themselves on purpose, by status: a declined test card (402) is kept
 * as its checkout session's last error, as Stripe keeps a session's last payment error.
 */
export const RECORDED_WHEN_REFUSED: Record<number, string[]> = {
  // A wrong password is counted for its account and source (modules/auth/attempts.ts).
  401: ['auth_counters'],
  402: ['test_checkout_sessions'],
};

type Person = Awaited<ReturnType<typeof createUser>>;

export type World = Awaited<ReturnType<typeof buildWorld>>;

export async function buildWorld(app: TestApp) {
  const deal = await completedDeal(app);
  const open = await openDeal(app, [300_00, 310_00]);
  const admin = await createUser(app, { role: 'admin' });
  // The engineers' payout accounts exist at the (test) provider too, as after onboarding.
  for (const engineer of [deal.engineer, ...open.offers.map((o) => o.engineer)])
    await providerAccount(app, engineer.id, true);
  const people: Record<Exclude<ActorName, 'visitor'>, Person> = {
    client: deal.client,
    engineer: deal.engineer,
    admin,
  };
  const ticket = await app.inject({
    method: 'POST',
    url: '/api/support',
    headers: deal.client.auth,
    payload: { subject: 'Invoice question', message: 'Where is my invoice?', priority: 'low' },
  });
  expect(ticket.statusCode, ticket.body).toBe(201);
  const reply = await app.inject({
    method: 'POST',
    url: `/api/support/${ticket.json().id}/replies`,
    headers: admin.auth,
    payload: { message: 'Attached to your payment.' },
  });
  expect(reply.statusCode, reply.body).toBeLessThan(300);
  // A second, paid deal with a problem reported on it: a dispute and its ticket.
  const disputed = await paidDeal(app, [200_00]);
  const problem = await app.inject({
    method: 'POST',
    url: `/api/projects/${disputed.projectId}/problem`,
    headers: disputed.client.auth,
    payload: { description: 'The drawings miss the foundation plan.' },
  });
  expect(problem.statusCode, problem.body).toBeLessThan(300);
  // A payout account halfway through onboarding and a checkout waiting for its card: the
  // test-mode pages behind their links.
  const onboarding = await createUser(app, { role: 'engineer' });
  const link = await app.inject({
    method: 'POST',
    url: '/api/stripe/connect',
    headers: onboarding.auth,
    payload: { email: onboarding.email, country: 'US' },
  });
  expect(link.statusCode, link.body).toBe(200);
  const waiting = await openDeal(app, [150_00]);
  const pay = await checkout(app, waiting.client, {
    projectId: waiting.projectId,
    proposalId: waiting.offers[0].proposalId,
    amount: 150_00,
  });
  expect(pay.statusCode, pay.body).toBe(200);
  await uploaded(app, 'avatar', deal.client.auth);
  await uploaded(app, 'license_proof', deal.engineer.auth);
  await uploaded(app, 'project_attachment', deal.client.auth);

  await installChangeCounter(app);
  const ids = await collectIds(app);
  ids.link_tokens = [new URL(link.json().onboardingUrl).searchParams.get('token') as string];
  return { deal, open, people, ids };
}

/** Fresh sessions for the actors (a generated sign-out or password change may have ended theirs). */
export async function freshTokens(app: TestApp, world: World): Promise<Record<ActorName, string | null>> {
  const tokens: Record<ActorName, string | null> = {
    visitor: null,
    client: null,
    engineer: null,
    admin: null,
  };
  for (const [name, person] of Object.entries(world.people))
    tokens[name as ActorName] = await createSession(app.ctx.db, person.id);
  return tokens;
}

/** Known values by what they are: ids per table, file names, e-mails, checkout sessions. */
export type IdPool = Record<string, string[]>;

async function collectIds(app: TestApp): Promise<IdPool> {
  const pool: IdPool = {};
  const tables = await rows<{ table_name: string }>(
    app,
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'id' order by table_name`,
  );
  for (const { table_name } of tables) {
    const ids = await rows<{ id: string }>(
      app,
      sql.raw(`select id::text as id from "${table_name}" order by 1 limit 12`),
    );
    if (ids.length > 0) pool[table_name] = ids.map((r) => r.id);
  }
  pool.file_names = (await rows<{ name: string }>(app, sql`select name from files`)).map((r) => r.name);
  pool.emails = (await rows<{ email: string }>(app, sql`select email from users`)).map((r) => r.email);
  pool.checkout_sessions = (
    await rows<{ id: string }>(
      app,
      sql`select checkout_session_id as id from payments where checkout_session_id is not null`,
    )
  ).map((r) => r.id);
  return pool;
}

export async function rows<T>(app: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await app.ctx.db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

async function userTables(app: TestApp): Promise<string[]> {
  const tables = await rows<{ tablename: string }>(
    app,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  return tables
    .map((t) => t.tablename)
    .filter((t) => !LEGITIMATELY_CHANGED.includes(t) && t !== 'hostile_changes');
}

/**
 * Row-level triggers on every user table count committed row changes per table in
 * `hostile_changes` (a rolled-back change rolls its count back too). Test database only.
 */
async function installChangeCounter(app: TestApp) {
  await app.ctx.db.execute(sql`create table hostile_changes (tbl text primary key, n bigint not null)`);
  await app.ctx.db.execute(sql`
    create function hostile_count() returns trigger language plpgsql as $$
    begin
      insert into hostile_changes values (TG_TABLE_NAME, 1)
        on conflict (tbl) do update set n = hostile_changes.n + 1;
      return null;
    end $$`);
  for (const table of await userTables(app)) {
    await app.ctx.db.execute(
      sql.raw(`create trigger hostile_count after insert or update or delete on "${table}"
               for each row execute function hostile_count()`),
    );
    await app.ctx.db.execute(
      sql.raw(`create trigger hostile_count_truncate after truncate on "${table}"
               for each statement execute function hostile_count()`),
    );
  }
}

/** Committed row changes so far, per table ('table:count' joined, stable order). */
export async function changeCount(app: TestApp): Promise<string> {
  const counts = await rows<{ tbl: string; n: string }>(
    app,
    sql`select tbl, n::text as n from hostile_changes order by tbl`,
  );
  return counts.map((c) => `${c.tbl}:${c.n}`).join(' ');
}

/** Which tables changed between two change counts. */
export function changedTables(before: string, after: string): string[] {
  const was = new Map(
    before
      .split(' ')
      .filter(Boolean)
      .map((e) => e.split(':') as [string, string]),
  );
  return after
    .split(' ')
    .filter(Boolean)
    .map((e) => e.split(':') as [string, string])
    .filter(([t, n]) => was.get(t) !== n)
    .map(([t]) => t);
}

/** md5 of every user table's rows (minus LEGITIMATELY_CHANGED), one entry per table. */
export async function digest(app: TestApp): Promise<Record<string, string>> {
  const tables = await userTables(app);
  const query = tables
    .map(
      (t) =>
        `select '${t}' as tbl, coalesce(md5(string_agg(r::text, '|' order by r::text)), '-') as md5 from "${t}" r`,
    )
    .join(' union all ');
  const result = await rows<{ tbl: string; md5: string }>(app, sql.raw(query));
  return Object.fromEntries(result.map((r) => [r.tbl, r.md5]));
}
