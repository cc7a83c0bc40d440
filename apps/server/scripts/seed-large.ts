// npm run seed:large [-- --projects 1000000]
// Fills the configured database (DATABASE_URL, or the embedded one in DATA_DIR) with
// 100,000 projects (or --projects N), a client per 50 projects and an engineer per 10 (user,
// engineer account and one licence each) in a few set-based statements, projects in batches
// of 100,000 with their secondary indexes dropped and rebuilt once at the end (a bulk build is
// several times faster than updating twelve indexes row by row), then VACUUM ANALYZE, then
// runs the default
// explore query and the default engineer-directory query exactly as the server builds them,
// prints their EXPLAIN ANALYZE and fails when any of them reads projects, users,
// engineer_accounts or licenses with a sequential scan. Running it again skips the inserts
// and only measures. The targets it serves are in docs/PERFORMANCE.md#lists-stay-flat.
import { performance } from 'node:perf_hooks';
import {
  AU_STATES,
  engineerDirectoryQuerySchema,
  LICENSE_TYPES,
  projectListQuerySchema,
  SPECIALIZATIONS,
  US_STATES,
} from '@app/shared';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import type { Db } from '../src/db/client.ts';
import { migrationsFolder } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { encrypt } from '../src/lib/crypto.ts';
import { DataDirBusyError, lockDataDir, usesEmbeddedFolder } from '../src/lib/pidfile.ts';
import { listEngineers } from '../src/modules/accounts/directory.service.ts';
import { listProjects } from '../src/modules/projects/projects.service.ts';

/** `--projects N` (or `--projects=N`): the size of the data set; 100,000 when not given. */
function projectsOption(argv: readonly string[]): number {
  const at = argv.findIndex((a) => a === '--projects' || a.startsWith('--projects='));
  if (at < 0) return 100_000;
  const raw = argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1];
  const n = Number(String(raw).replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 50 || n > 10_000_000)
    throw new Error(`--projects takes a whole number from 50 to 10,000,000 (got ${raw}).`);
  return n;
}

const PROJECTS = projectsOption(process.argv.slice(2));
const ENGINEERS = Math.max(1, Math.round(PROJECTS / 10));
const CLIENTS = Math.max(1, Math.round(PROJECTS / 50));
const PROJECT_BATCH = 100_000;
const WATCHED_TABLES = ['projects', 'users', 'engineer_accounts', 'licenses'];

type Captured = { query: string; params: unknown[] };
const captured: Captured[] = [];
const logger: Logger = { logQuery: (query, params) => captured.push({ query, params }) };

const config = loadConfig();
const sqlArray = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

type Runner = {
  kind: 'postgres' | 'pglite';
  db: Db;
  run(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

async function open(): Promise<Runner> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
    const db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      run: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (usesEmbeddedFolder(config)) lockDataDir(config.dataDir);
  const client = config.dataDir === ':memory:' ? new PGlite() : new PGlite(`${config.dataDir}/db`);
  await client.waitReady;
  const db = drizzlePglite({ client, schema, logger }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    run: async (text, params) =>
      (await client.query<Record<string, unknown>>(text, params as unknown[])).rows,
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await fn();
  console.log(`${label.padEnd(44)} ${((performance.now() - start) / 1000).toFixed(2)} s`);
  return result;
}

async function fill(r: Runner) {
  const specs = sqlArray(SPECIALIZATIONS);
  const us = sqlArray(US_STATES);
  const au = sqlArray(AU_STATES);
  const first = sqlArray([
    'Alex',
    'Sam',
    'Jordan',
    'Taylor',
    'Morgan',
    'Casey',
    'Riley',
    'Jamie',
    'Avery',
    'Quinn',
  ]);
  const last = sqlArray([
    'Smith',
    'Nguyen',
    'Garcia',
    'Brown',
    'Patel',
    'Kim',
    'Walker',
    'Lopez',
    'Chen',
    'Jones',
  ]);
  // One ciphertext for every bulk engineer: the SSN column is never read in bulk.
  const ssn = encrypt('900000000', config.encryptionKey);

  await timed(`users: ${CLIENTS} clients + ${ENGINEERS} engineers`, () =>
    r.run(`
      insert into users (full_name, email, password_hash, role, email_verified, created_at, updated_at)
      select (${first})[1 + g % 10] || ' ' || (${last})[1 + (g / 10) % 10] || ' ' || g,
             case when g <= ${CLIENTS} then 'bulk-client-' || g else 'bulk-engineer-' || (g - ${CLIENTS}) end
               || '@seed.stampworks.dev',
             'x', case when g <= ${CLIENTS} then 'client' else 'engineer' end, true,
             now() - g * interval '7 minutes', now()
      from generate_series(1, ${CLIENTS + ENGINEERS}) g`),
  );

  await timed('engineer_accounts', () =>
    r.run(
      `
      insert into engineer_accounts (user_id, phone_number, ssn_encrypted, ssn_last4, country, state, specializations,
        highest_education, years_of_experience, hours_rate, availability, created_at, updated_at)
      select u.id, (5550000000 + u.n)::text, $1, '0000',
             case when u.n % 5 = 0 then 'Australia' else 'USA' end,
             case when u.n % 5 = 0 then (${au})[1 + u.n % 8] else (${us})[1 + u.n % 50] end,
             case when u.n % 8 = (u.n / 8) % 8 then array[(${specs})[1 + u.n % 8]]
                  else array[(${specs})[1 + u.n % 8], (${specs})[1 + (u.n / 8) % 8]] end,
             (array['bachelor','master','phd'])[1 + u.n % 3], 1 + u.n % 35, 5000 + (u.n * 37) % 20000,
             case when u.n % 3 = 0 then 'part-time' else 'full-time' end, u.created_at, now()
      from (select id, created_at, split_part(split_part(email, '@', 1), '-', 3)::int as n
            from users where email like 'bulk-engineer-%') u`,
      [ssn],
    ),
  );

  await timed('licenses (one per engineer)', () =>
    r.run(`
      insert into licenses (user_id, license_number, license_type, issue_country, issue_state, specializations,
        expiration_date, verification_status, created_at, updated_at)
      select a.user_id, 'BULK-' || a.n, case when a.country = 'Australia' then 'CPE'
               else (${sqlArray(LICENSE_TYPES.filter((t) => t !== 'CPE'))})[1 + a.n % 4] end,
             a.country, a.state, a.specializations,
             case when a.n % 10 = 0 then null when a.n % 10 = 1 then current_date - 30
                  else current_date + (30 + a.n % 1000) end,
             case when a.n % 20 = 0 then 'pending' when a.n % 20 = 1 then 'rejected' else 'verified' end,
             a.created_at, now()
      from (select e.*, split_part(split_part(u.email, '@', 1), '-', 3)::int as n
            from engineer_accounts e join users u on u.id = e.user_id
            where u.email like 'bulk-engineer-%') a`),
  );

  const kinds = sqlArray([
    'Deck framing plan',
    'Retaining wall design',
    'Roof truss review',
    'Foundation repair',
    'Fire sprinkler layout',
    'HVAC replacement',
    'Solar array letter',
    'Stormwater report',
    'Seismic retrofit',
    'Steel mezzanine',
    'Electrical service upgrade',
    'Site drainage plan',
    'Slope stability study',
    'Carport certificate',
    'Balcony remediation',
    'Load-bearing wall removal',
  ]);
  const words = sqlArray([
    'stamped drawings for permit',
    'calculations and details',
    'site visit required',
    'existing conditions survey',
    'city plan check comments',
    'wind and snow loads',
    'reactive clay soils',
    'heritage listed building',
    'tight turnaround',
    'owner builder',
  ]);
  // Secondary indexes (not the primary key) are dropped for the bulk insert and rebuilt
  // from their own definitions, so the script never repeats the schema.
  const indexes = await r.run(`
    select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename = 'projects'
      and indexname not in (select conname from pg_constraint)`);
  await timed(`drop ${indexes.length} project indexes`, async () => {
    for (const ix of indexes) await r.run(`drop index "${ix.indexname}"`);
  });
  const clients = `(select array_agg(id order by created_at) ids, count(*)::int n from users where email like 'bulk-client-%') c`;
  for (let from = 1; from <= PROJECTS; from += PROJECT_BATCH) {
    const to = Math.min(PROJECTS, from + PROJECT_BATCH - 1);
    await timed(
      `projects ${from.toLocaleString('en-US')}..${to.toLocaleString('en-US')} (search vector)`,
      () =>
        r.run(`
        insert into projects (customer_id, title, description, specializations, license_type, budget, deadline,
          country, state, urgency_level, status, created_at, updated_at)
        select c.ids[1 + g % c.n], (${kinds})[1 + g % 16] || ' #' || g,
               'Need ' || (${words})[1 + g % 10] || ', ' || (${words})[1 + (g / 10) % 10] || '.',
               array[(${specs})[1 + g % 8]],
               case when g % 9 = 0 then null when g % 5 = 0 then 'CPE' else (array['PE','PE','SE','ME','EE'])[1 + g % 5] end,
               case when g % 10 = 0 then null else (300 + (g::bigint * 7919) % 60000) * 100 end,
               case when g % 4 = 0 then null else current_date + (g % 120) end,
               case when g % 5 = 0 then 'Australia' else 'USA' end,
               case when g % 5 = 0 then (${au})[1 + g % 8] else (${us})[1 + g % 50] end,
               (array['low','medium','high','critical'])[1 + g % 4],
               case when g % 100 < 60 then 'open' when g % 100 < 70 then 'assigned' when g % 100 < 78 then 'inprogress'
                    when g % 100 < 90 then 'completed' when g % 100 < 96 then 'closed' else 'problem' end,
               now() - g * interval '40 seconds', now()
        from generate_series(${from}, ${to}) g, ${clients}`),
    );
  }
  for (const ix of indexes) await timed(`index ${ix.indexname}`, () => r.run(String(ix.indexdef)));
}

async function main() {
  let r: Runner;
  try {
    r = await open();
  } catch (err) {
    if (err instanceof DataDirBusyError) {
      console.error(`${err.message}\nStop the server, run npm run seed:large, then start the server again.`);
      process.exit(1);
    }
    throw err;
  }
  const where =
    r.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  console.log(`Large data set in ${where}\n`);
  const total = performance.now();
  await timed('migrations', () => r.migrate());
  const [{ n: present }] = await r.run(
    `select count(*)::int as n from users where email like 'bulk-engineer-%'`,
  );
  if (Number(present) > 0) console.log(`Bulk data already present (${present} engineers): measuring only.`);
  else await fill(r);
  await timed('VACUUM ANALYZE', () => r.run('vacuum analyze'));
  const [counts] = await r.run(
    `select (select count(*) from projects)::int as projects, (select count(*) from users)::int as users,
            (select count(*) from engineer_accounts)::int as engineer_accounts, (select count(*) from licenses)::int as licenses`,
  );
  console.log(`\nRows: ${JSON.stringify(counts)}`);
  console.log(`Fill total ${((performance.now() - total) / 1000).toFixed(2)} s`);

  // The default calls, run by the server's own functions so the SQL is exactly theirs.
  const ctx = { db: r.db } as AppContext;
  const cases: Array<{ name: string; call: () => Promise<unknown> }> = [
    {
      name: 'GET /api/projects (explore default)',
      call: () => listProjects(ctx, projectListQuerySchema.parse({})),
    },
    {
      name: 'GET /api/projects?q=retaining wall (full-text search)',
      call: () => listProjects(ctx, projectListQuerySchema.parse({ q: 'retaining wall' })),
    },
    {
      name: 'GET /api/projects?sort=budget_desc&page=3',
      call: () => listProjects(ctx, projectListQuerySchema.parse({ sort: 'budget_desc', page: '3' })),
    },
    {
      name: 'GET /api/engineer/account (directory default)',
      call: () => listEngineers(ctx, engineerDirectoryQuerySchema.parse({})),
    },
  ];
  const seqScans: string[] = [];
  for (const c of cases) {
    await c.call(); // warm
    captured.length = 0;
    const start = performance.now();
    await c.call();
    const ms = performance.now() - start;
    const queries = [...captured];
    console.log(`\n=== ${c.name}: ${ms.toFixed(1)} ms for ${queries.length} queries`);
    for (const q of queries) {
      const plan = await r.run(`explain (analyze, buffers) ${q.query}`, q.params);
      const text = plan.map((row) => String(Object.values(row)[0])).join('\n');
      console.log(`\n${q.query}\n${text}`);
      for (const line of text.split('\n')) {
        const m = line.match(/Seq Scan on (\w+)/);
        if (m && WATCHED_TABLES.includes(m[1])) seqScans.push(`${c.name}: ${line.trim()}`);
      }
    }
  }
  await r.close();
  if (seqScans.length) {
    console.error(`\nFAIL: sequential scans on large tables:\n${seqScans.join('\n')}`);
    process.exit(1);
  }
  console.log(`\nOK: no sequential scan on ${WATCHED_TABLES.join(', ')}.`);
  process.exit(0);
}

await main();
