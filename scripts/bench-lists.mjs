// Explore and the engineer directory as the catalogue grows, for
// `npm run bench`, never part of tests. Needs a PostgreSQL server (DATABASE_URL): two
// databases on it, 100,000 and 1,000,000 projects, are filled once by
// `npm run seed:large -- --projects N` and kept (BENCH_LISTS_DB prefix, default
// stampworks_bench_lists: _100k and _1m; about 0.1 GB and 0.85 GB; 10 s and 70 s to fill
// on the 2-core machine); a later run finds them filled and seed:large only re-checks
// their plans. BENCH_LISTS_DROP=1 drops them at the end.
//
// One server per size runs at once; each call is fetched sequentially, alternating sizes
// in small blocks so both see the same machine load, and reports p50/p99. Beside them, the
// floor: the bare page query (the exact SQL the API runs, captured from the server's own
// function, through the same `pg` driver) and a database-free API round trip
// (GET /api/contact/info).
// Targets per call: p99 at 1M <= 2x p99 at 100k; p50 at 1M <= 3x p50 at 100k and
// <= 3x (bare page query at 1M + database-free round trip).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { root, startServer, stop, waitUp } from './bench-servers.mjs';

const SIZES = [
  { label: '100k', projects: 100_000 },
  { label: '1M', projects: 1_000_000 },
];
const FLOOR_PATH = '/api/contact/info';

/** The calls measured: the API address, and the server function + filters behind it. */
const CALLS = [
  { name: 'explore, default list', path: '/api/projects', list: 'projects', query: {} },
  {
    name: 'explore, full-text search',
    path: '/api/projects?q=retaining%20wall',
    list: 'projects',
    query: { q: 'retaining wall' },
  },
  {
    name: 'explore, filtered (licence SE)',
    path: '/api/projects?license_type=SE',
    list: 'projects',
    query: { license_type: 'SE' },
  },
  { name: 'explore, page 200', path: '/api/projects?page=200', list: 'projects', query: { page: '200' } },
  { name: 'directory, default list', path: '/api/engineer/account', list: 'engineers', query: {} },
  {
    name: 'directory, name search',
    path: '/api/engineer/account?q=Alex',
    list: 'engineers',
    query: { q: 'Alex' },
  },
  {
    name: 'directory, filtered (licence SE)',
    path: '/api/engineer/account?license_type=SE',
    list: 'engineers',
    query: { license_type: 'SE' },
  },
  {
    name: 'directory, page 200',
    path: '/api/engineer/account?page=200',
    list: 'engineers',
    query: { page: '200' },
  },
];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (n) => `${n.toFixed(2)} ms`;

function dbUrl(base, name) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(base, text) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** Creates the database when missing and fills it (seed:large skips a filled one). */
async function prepare(base, name, projects, log) {
  const exists = await adminQuery(base, `select 1 from pg_database where datname = '${name}'`);
  if (!exists.length) await adminQuery(base, `create database ${name}`);
  const start = performance.now();
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/scripts/seed-large.ts', '--projects', String(projects)],
    { cwd: root, env: { ...process.env, DATABASE_URL: dbUrl(base, name) }, stdio: 'ignore' },
  );
  log(
    `${name}: ${exists.length ? 'present, plans checked' : 'filled'} in ${((performance.now() - start) / 1000).toFixed(1)} s`,
  );
}

/** Milliseconds of `n` sequential calls of `fn`. */
async function timeEach(n, fn) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out;
}

async function getOk(url) {
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
}

/**
 * The page statement of each call, captured from the server's own list functions through a
 * Drizzle logger (the statement with ORDER BY and LIMIT that is not the count).
 */
async function pageStatements(databaseUrl) {
  const imp = (p) => tsImport(path.join(root, p), import.meta.url);
  const [{ drizzle }, shared, schema, projectsService, directoryService] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    imp('packages/shared/src/index.ts'),
    imp('apps/server/src/db/schema/index.ts'),
    imp('apps/server/src/modules/projects/projects.service.ts'),
    imp('apps/server/src/modules/accounts/directory.service.ts'),
  ]);
  const captured = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (text, params) => captured.push({ text, params }) },
  });
  const ctx = { db };
  const statements = new Map();
  try {
    for (const call of CALLS) {
      captured.length = 0;
      if (call.list === 'projects')
        await projectsService.listProjects(ctx, shared.projectListQuerySchema.parse(call.query));
      else await directoryService.listEngineers(ctx, shared.engineerDirectoryQuerySchema.parse(call.query));
      const page = captured.find(
        (q) => !/^select count\(/.test(q.text) && / order by .* limit /.test(q.text),
      );
      statements.set(call.name, page);
    }
  } finally {
    await pool.end();
  }
  return statements;
}

/**
 * 1,000 samples per call and size: of 200, the p99 was the second-slowest call, so one garbage
 * collection or scheduler stall on a shared machine decided a row (docs/PERFORMANCE.md).
 * @param {{ databaseUrl: string, basePort: number, samples?: number, log?: (line: string) => void }} options
 * @returns {Promise<Array<{ figure: string, target: string, measured: string, ok: boolean }>>}
 */
export async function runListsBench({ databaseUrl, basePort, samples = 1000, log = console.log }) {
  const prefix = process.env.BENCH_LISTS_DB ?? 'stampworks_bench_lists';
  const sizes = SIZES.map((s, i) => ({ ...s, db: `${prefix}_${s.label.toLowerCase()}`, port: basePort + i }));
  for (const s of sizes) await prepare(databaseUrl, s.db, s.projects, log);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'stampworks-bench-lists-'));
  const servers = sizes.map((s) =>
    startServer(s.port, { DATABASE_URL: dbUrl(databaseUrl, s.db), REDIS_URL: '', DATA_DIR: dataDir }),
  );
  const rows = [];
  try {
    await Promise.all(sizes.map((s) => waitUp(s.port)));
    const statements = await pageStatements(dbUrl(databaseUrl, sizes[1].db));
    const pools = sizes.map((s) => new pg.Pool({ connectionString: dbUrl(databaseUrl, s.db), max: 1 }));
    const BLOCK = 20;
    const measure = async (fnFor) => {
      const got = sizes.map(() => []);
      for (let i = 0; i < 5; i++) for (const [k] of sizes.entries()) await fnFor(k)(); // warm
      for (let done = 0; done < samples; done += BLOCK)
        for (const [k] of sizes.entries()) got[k].push(...(await timeEach(BLOCK, fnFor(k))));
      return got.map((t) => ({ p50: percentile(t, 50), p99: percentile(t, 99) }));
    };
    try {
      const floor = await measure((k) => () => getOk(`http://127.0.0.1:${sizes[k].port}${FLOOR_PATH}`));
      rows.push({
        figure: `lists: database-free API round trip (${FLOOR_PATH}), p50`,
        target: 'floor, no target',
        measured: sizes.map((s, k) => `${s.label} ${ms(floor[k].p50)}`).join(', '),
        ok: true,
      });
      for (const call of CALLS) {
        const api = await measure((k) => () => getOk(`http://127.0.0.1:${sizes[k].port}${call.path}`));
        const stmt = statements.get(call.name);
        const bare = await measure((k) => () => pools[k].query(stmt.text, stmt.params));
        const [small, large] = api;
        const floor1m = bare[1].p50 + floor[1].p50;
        const p99ok = large.p99 <= 2 * small.p99;
        const p50ok = large.p50 <= 3 * small.p50 && large.p50 <= 3 * floor1m;
        rows.push({
          figure: `${call.name} (GET ${call.path}): p99 at 1M`,
          target: `<= 2x p99 at 100k (${ms(2 * small.p99)})`,
          measured: `${ms(large.p99)} (100k: ${ms(small.p99)}, ${(large.p99 / small.p99).toFixed(2)}x)`,
          ok: p99ok,
        });
        rows.push({
          figure: `${call.name}: p50 at 1M`,
          target: `<= 3x p50 at 100k (${ms(3 * small.p50)}) and <= 3x (page query ${ms(bare[1].p50)} + floor ${ms(floor[1].p50)}) = ${ms(3 * floor1m)}`,
          measured: `${ms(large.p50)} (100k: ${ms(small.p50)}; page query 100k ${ms(bare[0].p50)})`,
          ok: p50ok,
        });
      }
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  } finally {
    await Promise.all(servers.map(stop));
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_LISTS_DROP === '1')
      for (const s of sizes) await adminQuery(databaseUrl, `drop database if exists ${s.db} with (force)`);
  }
  return rows;
}

// `node scripts/bench-lists.mjs` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.env.DATABASE_URL) {
    console.error('Set DATABASE_URL to a PostgreSQL server (a database on it is enough to connect).');
    process.exit(2);
  }
  const rows = await runListsBench({
    databaseUrl: process.env.DATABASE_URL,
    basePort: Number(process.env.BENCH_PORT ?? 4800) + 30,
  });
  console.table(rows);
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
