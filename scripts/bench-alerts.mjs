// Posting a project is as fast with 10,000 engineers to alert as with none (docs/ALERTS.md
// 'Durability'), for `npm run bench`, never part of tests. Needs a PostgreSQL server
// (DATABASE_URL): a fresh database gets the product's schema from a server started on it, then
// 10,000 engineers with a verified Texas PE licence in structural engineering and one client
// with a session, written straight in SQL. The client then posts, one after another and
// alternating, projects that match all 10,000 (Texas, PE, structural) and projects that match
// none (Alaska, EE, fire protection); each answer's time is taken over loopback.
// Targets: p50 of a matching post <= 1.5x p50 of a post matching none + 10 ms; every fan-out of
// 10,000 alerts finished within 120 s of the last post.
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDatabase, sleep, startServer, stop, waitUp } from './bench-servers.mjs';

const ENGINEERS = 10_000;
const POSTS_EACH = 8;

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

/** The engineers, the client and its session, in SQL; answers the client's id and bearer token. */
async function fill(client) {
  await client.query(
    `with e as (
       insert into users (full_name, email, password_hash, role, email_verified)
       select 'Bench Engineer ' || i, 'bench-eng-' || i || '@bench.example', 'x', 'engineer', true
       from generate_series(1, $1) i returning id
     ), a as (
       insert into engineer_accounts (user_id, phone_number, ssn_encrypted, ssn_last4, country, state,
         specializations, highest_education, years_of_experience, hours_rate, availability)
       select id, '+15125550100', 'v1:x', '0000', 'USA', 'Texas', '{structural}', 'master', 10, 10000, 'full-time'
       from e returning user_id
     )
     insert into licenses (user_id, license_number, license_type, issue_country, issue_state,
       specializations, expiration_date, verification_status)
     select user_id, 'TX-PE-' || user_id, 'PE', 'USA', 'Texas', '{structural}', '2099-12-31', 'verified' from a`,
    [ENGINEERS],
  );
  const {
    rows: [owner],
  } = await client.query(
    `insert into users (full_name, email, password_hash, role, email_verified)
     values ('Bench Client', 'bench-client@bench.example', 'x', 'client', true) returning id`,
  );
  await client.query(
    `insert into client_accounts (user_id, phone_number, country, state) values ($1, '+15125550101', 'USA', 'Texas')`,
    [owner.id],
  );
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`,
    [owner.id, createHash('sha256').update(token).digest('hex')],
  );
  return { clientId: owner.id, token };
}

const MATCHING = {
  description: 'Beam check for a mezzanine.',
  budget: 250000,
  specializations: ['structural'],
  license_type: 'PE',
  country: 'USA',
  state: 'Texas',
};
const NONE = {
  description: 'Sprinkler layout for a warehouse.',
  budget: 250000,
  specializations: ['fire'],
  license_type: 'EE',
  country: 'USA',
  state: 'Alaska',
};

export async function runAlertsBench({ databaseUrl, port }) {
  if (!databaseUrl)
    return [
      {
        figure: 'posting a project with 10,000 engineers to alert',
        target: 'needs DATABASE_URL',
        measured: 'skipped (DATABASE_URL not set)',
        ok: true,
      },
    ];
  const db = await createDatabase(databaseUrl, 'bench_alerts');
  const server = startServer(port, { DATABASE_URL: db.url, REDIS_URL: '', SEED_DEMO: 'false' });
  const sql = new pg.Client({ connectionString: db.url });
  try {
    await waitUp(port);
    await sql.connect();
    const { clientId, token } = await fill(sql);
    const times = { matching: [], none: [] };
    const matchingIds = [];
    const post = async (kind, i) => {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/projects/${clientId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Bench ${kind} ${i}`, ...(kind === 'matching' ? MATCHING : NONE) }),
      });
      const ms = performance.now() - started;
      if (res.status !== 201) throw new Error(`posting answered ${res.status}: ${await res.text()}`);
      times[kind].push(ms);
      if (kind === 'matching') matchingIds.push((await res.json()).id);
    };
    // One of each first, not measured (the server's first requests compile and warm caches).
    await post('none', 0);
    await post('matching', 0);
    times.none.length = 0;
    times.matching.length = 0;
    for (let i = 1; i <= POSTS_EACH; i++) {
      await post('none', i);
      await post('matching', i);
    }
    const lastPost = performance.now();
    // Every matching post's fan-out runs after its answer: wait for all of them.
    let alerted = 0;
    const expected = matchingIds.length * ENGINEERS;
    while (performance.now() - lastPost < 180_000) {
      const { rows } = await sql.query(
        'select count(*)::int as n from project_alerts where project_id = any($1::uuid[])',
        [matchingIds],
      );
      alerted = rows[0].n;
      if (alerted >= expected) break;
      await sleep(500);
    }
    const fanoutSeconds = (performance.now() - lastPost) / 1000;
    const p50 = { matching: quantile(times.matching, 0.5), none: quantile(times.none, 0.5) };
    const p99 = { matching: quantile(times.matching, 0.99), none: quantile(times.none, 0.99) };
    const limit = 1.5 * p50.none + 10;
    return [
      {
        figure: `posting a project matching ${ENGINEERS.toLocaleString('en-US')} engineers vs none (PostgreSQL, ${POSTS_EACH} each)`,
        target: `p50 <= 1.5x p50 of none + 10 ms`,
        measured: `p50 ${p50.matching.toFixed(1)} ms (none ${p50.none.toFixed(1)} ms), p99 ${p99.matching.toFixed(1)} ms (none ${p99.none.toFixed(1)} ms)`,
        ok: p50.matching <= limit,
      },
      {
        figure: `alerts of those ${matchingIds.length} projects written after the answers (${expected.toLocaleString('en-US')})`,
        target: 'all within 120 s of the last post',
        measured: `${alerted.toLocaleString('en-US')} in ${fanoutSeconds.toFixed(1)} s`,
        ok: alerted >= expected && fanoutSeconds <= 120,
      },
    ];
  } finally {
    await sql.end().catch(() => {});
    await stop(server);
    await db.drop();
  }
}

// Run alone: node scripts/bench-alerts.mjs (prints its rows).
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runAlertsBench({
    databaseUrl: process.env.DATABASE_URL,
    port: Number(process.env.BENCH_PORT ?? 4800) + 50,
  });
  console.table(rows);
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
