// The mixed load run of `npm run bench`, never part of tests. Needs
// DATABASE_URL and REDIS_URL: a fresh database is created on that server (dropped after),
// two server instances share it, the Redis and one files folder, and BENCH_LOAD_USERS
// virtual users (200) run for BENCH_LOAD_SECONDS (60) over loopback, each bound to one
// instance (even users to the first, odd to the second). Every user is a loop of calls with
// a random think time (BENCH_LOAD_THINK_MS, 500-2500 ms) between them:
//  - visitors (55%): explore with a search word, filters, sorts and later pages, a project's
//    page, the engineer directory with filters and pages, an engineer's profile;
//  - members (15%): a visit is a sign-in (password + trusted device: argon2id runs, no PIN),
//    their tickets and notifications, now and then a new support ticket, a look at explore,
//    sign-out;
//  - dealers (30%): each drives one client and one engineer through whole deals — the client
//    posts a Texas project, the engineer checks eligibility and proposes, the client reads
//    the contract, starts the checkout and pays on the test-mode checkout page (the 303 to the
//    success page), the project turns 'assigned', both join the deal's chat room and trade
//    messages (the client's socket on one instance, the engineer's on the other, so every
//    message crosses through Redis), the engineer uploads a PDF and submits it, the client
//    accepts it (the escrow is released 80/20) — and now and then the client opens a ticket.
// Any network error, 5xx, 429 or other unexpected 4xx is an error (target: none), as is a
// chat message not delivered to the other side. Afterwards `npm run ledger:check` runs on the
// bench database and must pass.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  ack,
  connect,
  cpuMs,
  createDatabase,
  root,
  rssMb,
  sleep,
  startServer,
  stop,
  waitUp,
} from './bench-servers.mjs';

const [THINK_MIN, THINK_MAX] = (process.env.BENCH_LOAD_THINK_MS ?? '500-2500').split('-').map(Number);
const SHARES = { visitor: 0.55, member: 0.15 }; // dealers: the rest

const think = () => sleep(THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const chance = (p) => Math.random() < p;
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : undefined;

const WORDS = [
  'structural',
  'foundation',
  'retaining wall',
  'drainage',
  'roof',
  'hvac',
  'permit',
  'steel',
  'solar',
];
const SPECIALIZATIONS = ['civil', 'structural', 'mechanical', 'electrical', 'geotechnical', 'environmental'];
const STATES = ['Texas', 'California', 'New York', 'Florida', 'Washington'];
const SORTS = ['newest', 'budget_asc', 'budget_desc'];
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Latencies and errors per call type, and the first errors seen (to print). */
class Stats {
  calls = new Map();
  samples = [];
  errors = 0;
  requests = 0;
  /** A call that took `ms` (null: a failure that is no call, e.g. a message never delivered). */
  record(name, ms, error) {
    if (!this.calls.has(name)) this.calls.set(name, { latencies: [], errors: 0 });
    const c = this.calls.get(name);
    if (ms !== null) c.latencies.push(ms);
    if (error) {
      c.errors++;
      this.errors++;
      if (this.samples.length < 10) this.samples.push(`${name}: ${error}`);
    }
  }
}

/** The API of one instance, as the users call it, with every call recorded in `stats`. */
function client(base, stats) {
  /** Calls the API; any answer outside `ok` statuses (2xx by default) counts as an error. */
  return async function call(name, method, url, { token, json, form, body, ok } = {}) {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let payload = body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(json);
    } else if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(form).toString();
    }
    stats.requests++;
    const start = performance.now();
    let res;
    let text;
    try {
      res = await fetch(base + url, { method, headers, body: payload, redirect: 'manual' });
      text = await res.text();
    } catch (err) {
      stats.record(name, performance.now() - start, `network error ${err.cause?.code ?? err.message}`);
      return null;
    }
    const good = ok ? ok.includes(res.status) : res.status >= 200 && res.status < 300;
    stats.record(name, performance.now() - start, good ? null : `${res.status} ${text.slice(0, 160)}`);
    if (!good) return null;
    try {
      return text && res.headers.get('content-type')?.includes('json')
        ? JSON.parse(text)
        : { status: res.status };
    } catch {
      return { status: res.status };
    }
  };
}

function exploreQuery() {
  const q = new URLSearchParams();
  if (chance(0.4)) q.set('q', pick(WORDS));
  if (chance(0.3)) q.set('specialization', pick(SPECIALIZATIONS));
  if (chance(0.3)) {
    q.set('country', 'USA');
    q.set('state', pick(STATES));
  }
  if (chance(0.2)) q.set('license_type', 'PE');
  if (chance(0.3)) q.set('sort', pick(SORTS));
  if (chance(0.3)) q.set('page', String(1 + Math.floor(Math.random() * 3)));
  return `/api/projects?${q}`;
}

function directoryQuery() {
  const q = new URLSearchParams();
  if (chance(0.3)) q.set('q', pick(['e', 'an', 'Load', 'Priya', 'structural']));
  if (chance(0.3)) q.set('specialization', pick(SPECIALIZATIONS));
  if (chance(0.2)) q.set('verified', 'true');
  if (chance(0.2)) {
    q.set('licensed_country', 'USA');
    q.set('licensed_state', pick(STATES));
  }
  if (chance(0.3)) q.set('page', String(1 + Math.floor(Math.random() * 3)));
  return `/api/engineer/account?${q}`;
}

async function visitor(call, running) {
  while (running()) {
    const list = await call('explore', 'GET', exploreQuery());
    await think();
    const project = list?.items?.length ? pick(list.items) : null;
    if (project && running()) {
      await call('project page', 'GET', `/api/projects/id/${project.id}`);
      await call('proposal count', 'GET', `/api/proposals/project/${project.id}/count`);
      await think();
    }
    if (!running()) break;
    const dir = await call('engineer directory', 'GET', directoryQuery());
    await think();
    const engineer = dir?.items?.length ? pick(dir.items) : null;
    if (engineer && running()) {
      await call('engineer profile', 'GET', `/api/engineer/account/id/${engineer.user_id}`);
      await think();
    }
  }
}

async function member(call, running, account, password) {
  while (running()) {
    const signed = await call('sign in', 'POST', '/api/auth/signin', {
      json: { email: account.email, password, deviceToken: account.deviceToken },
    });
    if (!signed?.token) {
      await think();
      continue;
    }
    const { token } = signed;
    await think();
    for (let i = 0; i < 4 && running(); i++) {
      await call('my tickets', 'GET', '/api/support/my-tickets', { token });
      await call('notifications', 'GET', `/api/notification/${account.id}`, { token });
      await think();
      if (chance(0.3)) {
        await call('open ticket', 'POST', '/api/support', {
          token,
          json: {
            subject: `Invoice question ${randomBytes(3).toString('hex')}`,
            message: 'Where do I find the receipt of my last payment?',
            priority: pick(['low', 'medium', 'high']),
          },
        });
        await think();
      }
      await call('explore', 'GET', exploreQuery(), { token });
      await think();
    }
    await call('sign out', 'POST', '/api/auth/signout', { token });
    await think();
  }
}

/** Runs one socket event as a call: an error acknowledgement or a timeout is an error. */
async function emit(stats, name, socket, event, payload) {
  const start = performance.now();
  try {
    const res = await ack(socket, event, payload);
    stats.record(name, performance.now() - start, res?.ok ? null : `refused: ${res?.message}`);
    return res?.ok ? res : null;
  } catch (err) {
    stats.record(name, performance.now() - start, `no acknowledgement: ${err.message}`);
    return null;
  }
}

/** A dealer: one client (on instance `c`) and one engineer (on instance `e`) making deals. */
async function dealer(stats, running, pair, c, e, counters) {
  const { client: cl, engineer: en } = pair;
  let sockets;
  try {
    sockets = await Promise.all([connect(c.base, cl.token), connect(e.base, en.token)]);
  } catch (err) {
    stats.record('chat connect', null, `connect failed: ${err.message}`);
    return;
  }
  const [clientSocket, engineerSocket] = sockets;
  // Delivery time of a message from one side to the other, matched by its unique text.
  const sentAt = new Map();
  for (const [s, other] of [
    [clientSocket, en],
    [engineerSocket, cl],
  ]) {
    s.on('receive_message', (m) => {
      const t = m.sender_id === other.id ? sentAt.get(m.message) : undefined;
      if (t === undefined) return;
      sentAt.delete(m.message);
      stats.record('chat delivery (cross-instance)', performance.now() - t, null);
      counters.delivered++;
    });
  }
  /** One deal from posting to acceptance; a failed step ends it (the error is counted). */
  /** Thinks; answers whether the run goes on (a deal stops at the deadline). */
  const pause = async () => {
    await think();
    return running();
  };

  async function deal() {
    const title = `Load deal ${randomBytes(4).toString('hex')}: ${pick(WORDS)} for a Texas house`;
    const project = await c.call('post project', 'POST', `/api/projects/${cl.id}`, {
      token: cl.token,
      json: {
        title,
        description: 'Foundation and framing plans, stamped for the permit office.',
        specializations: ['structural'],
        license_type: 'PE',
        budget: 150000,
        country: 'USA',
        state: 'Texas',
        urgency_level: pick(['low', 'medium', 'high']),
      },
    });
    if (!project) return;
    if (!(await pause())) return;
    await e.call('explore', 'GET', '/api/projects?country=USA&state=Texas&license_type=PE', {
      token: en.token,
    });
    const eligible = await e.call('eligibility', 'GET', `/api/proposals/eligibility/${project.id}`, {
      token: en.token,
    });
    if (eligible && !eligible.ok) stats.record('eligibility', null, `not eligible: ${eligible.message}`);
    if (!(await pause())) return;
    const proposal = await e.call('propose', 'POST', `/api/proposals/create/${en.id}`, {
      token: en.token,
      json: {
        project_id: project.id,
        description: 'Sealed set in a week.',
        license_type: 'PE',
        proposed_amount: 50_000 + Math.floor(Math.random() * 100_000),
        delivery_days: 7,
      },
    });
    if (!proposal) return;
    if (!(await pause())) return;
    await c.call('proposals of project', 'GET', `/api/proposals/project/${project.id}`, { token: cl.token });
    const contract = await c.call('contract', 'GET', `/api/payments/contract/${proposal.id}`, {
      token: cl.token,
    });
    if (!contract) return;
    if (!(await pause())) return;
    const checkout = await c.call('checkout session', 'POST', '/api/payments/checkout-session', {
      token: cl.token,
      json: {
        project_id: project.id,
        proposal_id: proposal.id,
        amount: contract.amount,
        currency: 'usd',
        email: cl.email,
        signed_name: cl.full_name,
        contract_sha256: contract.sha256,
        agreed: true,
      },
    });
    if (!checkout?.url) return;
    // The test-mode checkout page is on the instance named in the link; the browser
    // posts the card to the same path.
    const payPath = new URL(checkout.url).pathname;
    await c.call('checkout page', 'GET', payPath, { ok: [200] });
    if (!(await pause())) return;
    const paid = await c.call('pay (test card)', 'POST', payPath, {
      form: { name: 'Card Holder', number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
      ok: [303],
    });
    if (!paid) return;
    let status = null;
    for (let i = 0; i < 20 && status !== 'assigned'; i++) {
      if (i > 0) await sleep(250);
      status = (await c.call('project page', 'GET', `/api/projects/id/${project.id}`, { token: cl.token }))
        ?.status;
    }
    if (status !== 'assigned') {
      stats.record('deal made', null, `project still ${status} after payment`);
      return;
    }
    counters.paid++;
    const room = await c.call('find chat room', 'POST', '/api/chat/rooms/find', {
      token: cl.token,
      json: { engineer_id: en.id, client_id: cl.id, project_id: project.id },
    });
    if (!room) return;
    const joined = await Promise.all([
      emit(stats, 'chat join', clientSocket, 'join_room', { room_id: room.id }),
      emit(stats, 'chat join', engineerSocket, 'join_room', { room_id: room.id }),
    ]);
    if (!joined.every(Boolean)) return;
    for (let i = 0; i < 4 && running(); i++) {
      const [socket, who] = i % 2 ? [engineerSocket, 'engineer'] : [clientSocket, 'client'];
      const text = `${who} ${i} ${randomBytes(6).toString('hex')}`;
      sentAt.set(text, performance.now());
      counters.sent++;
      await emit(stats, 'chat send', socket, 'send_message', { room_id: room.id, message: text });
      if (!(await pause())) return;
    }
    if (!running()) return;
    await e.call('chat history', 'GET', `/api/chat/messages/${room.id}`, { token: en.token });
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'permit-set.pdf');
    const upload = await e.call('upload deliverable', 'POST', '/api/files?kind=deliverable', {
      token: en.token,
      body: form,
    });
    if (!upload) return;
    const submission = await e.call('submit deliverable', 'POST', '/api/submissions', {
      token: en.token,
      json: {
        project_id: project.id,
        engineer_id: en.id,
        title: 'Permit set',
        description: 'Sealed drawings.',
        attachments: upload.secure_url,
      },
    });
    if (!submission) return;
    if (!(await pause())) return;
    await c.call('submissions of project', 'GET', `/api/submissions/project/${project.id}`, {
      token: cl.token,
    });
    const accepted = await c.call(
      'accept deliverable',
      'PATCH',
      `/api/submissions/${submission.id}/approve`,
      {
        token: cl.token,
        json: { client_acceptance: true },
      },
    );
    if (!accepted) return;
    counters.completed++;
    if (chance(0.2)) {
      await c.call('open ticket', 'POST', '/api/support', {
        token: cl.token,
        json: { subject: `About ${title}`, message: 'How do I download the sealed set?', priority: 'low' },
      });
    }
  }

  try {
    while (running()) {
      await deal();
      await think();
    }
  } finally {
    // Let the last messages arrive before counting what never did.
    for (let i = 0; i < 40 && sentAt.size > 0; i++) await sleep(50);
    counters.lost += sentAt.size;
    for (const t of sentAt.keys())
      stats.record('chat delivery (cross-instance)', null, `never delivered: ${t}`);
    clientSocket.disconnect();
    engineerSocket.disconnect();
  }
}

function fixture(env, pairs, members) {
  const dir = mkdtempSync(path.join(tmpdir(), 'stampworks-load-fixture-'));
  const file = path.join(dir, 'accounts.json');
  try {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/scripts/load-bench-fixture.ts', file, String(pairs), String(members)],
      { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    return JSON.parse(readFileSync(file, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm run ledger:check` on the bench database: answers whether it passed, and its report. */
function ledgerCheck(env) {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'ledger:check'],
      { cwd: root, env: { ...process.env, ...env } },
      (err, out, errOut) => resolve({ ok: !err, report: `${out}${errOut}`.trim() }),
    );
  });
}

const mb = (n) => `${Math.round(n)} MB`;

/**
 * Runs the load on two instances on ports `basePort` and `basePort + 1` for `seconds`
 * (BENCH_LOAD_SECONDS, 60) with `users` virtual users (BENCH_LOAD_USERS, 200); answers rows
 * `{ figure, target, measured, ok }`.
 */
export async function runLoadBench({
  basePort,
  seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60),
  users = Number(process.env.BENCH_LOAD_USERS ?? 200),
}) {
  const { DATABASE_URL, REDIS_URL } = process.env;
  if (!DATABASE_URL || !REDIS_URL)
    return [
      {
        figure: 'load: 200 users on two instances',
        target: 'runs',
        measured: 'skipped (set DATABASE_URL and REDIS_URL)',
        ok: true,
      },
    ];
  const visitors = Math.round(users * SHARES.visitor);
  const members = Math.round(users * SHARES.member);
  const dealers = users - visitors - members;

  const database = await createDatabase(DATABASE_URL, 'bench_load');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stampworks-bench-load-'));
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    DATA_DIR: dataDir,
    // One key for both: either instance reads what the other sealed.
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    // High enough that no per-address limit answers 429: every user shares 127.0.0.1.
    RATE_LIMIT_SCALE: '100000',
  };
  const ports = [basePort, basePort + 1];
  const servers = [];
  try {
    // The first instance migrates and loads the demo data (explore and the directory have
    // something to show); the second starts on the finished database.
    servers.push(
      startServer(ports[0], { ...env, SEED_DEMO: 'true', PUBLIC_URL: `http://127.0.0.1:${ports[0]}` }),
    );
    await waitUp(ports[0]);
    const accounts = fixture(env, dealers, members);
    servers.push(startServer(ports[1], { ...env, PUBLIC_URL: `http://127.0.0.1:${ports[1]}` }));
    await waitUp(ports[1]);

    const stats = new Stats();
    const instances = ports.map((port) => {
      const base = `http://127.0.0.1:${port}`;
      return { base, call: client(base, stats) };
    });
    const counters = { paid: 0, completed: 0, sent: 0, delivered: 0, lost: 0 };
    const rssBefore = servers.map((s) => rssMb(s.pid));
    const cpuBefore = servers.map((s) => cpuMs(s.pid));
    const loadBefore = loadavg()[0];
    const generatorBefore = process.cpuUsage();
    const started = performance.now();
    const deadline = started + seconds * 1000;
    const running = () => performance.now() < deadline;
    const loops = [];
    for (let i = 0; i < users; i++) {
      const own = instances[i % 2];
      const other = instances[(i + 1) % 2];
      // Users start spread over the first think time, not all in the same millisecond.
      const start = sleep(Math.random() * THINK_MAX);
      if (i < visitors) loops.push(start.then(() => visitor(own.call, running)));
      else if (i < visitors + members)
        loops.push(
          start.then(() => member(own.call, running, accounts.members[i - visitors], accounts.password)),
        );
      else
        loops.push(
          start.then(() =>
            dealer(stats, running, accounts.pairs[i - visitors - members], own, other, counters),
          ),
        );
    }
    await Promise.all(loops);
    // Users finish the step they are in after the deadline: rates count the whole time.
    const elapsed = (performance.now() - started) / 1000;
    const rssAfter = servers.map((s) => rssMb(s.pid));
    const cpuSeconds = servers.map((s, i) => (cpuMs(s.pid) - cpuBefore[i]) / 1000);
    const loadAfter = loadavg()[0];
    const generator = process.cpuUsage(generatorBefore);
    const generatorSeconds = (generator.user + generator.system) / 1e6;
    await Promise.all(servers.map(stop));
    const ledger = await ledgerCheck(env);

    const { requests } = stats;
    const rows = [
      {
        figure: `load: ${users} users (${visitors} visitors, ${members} members, ${dealers} dealers) on two instances, ${seconds} s`,
        target: '0 errors (5xx, 429, other 4xx, network, undelivered chat)',
        measured: `${stats.errors} errors`,
        ok: stats.errors === 0,
      },
      {
        figure: 'load: HTTP requests',
        target: 'reported',
        measured: `${requests} (${Math.round(requests / elapsed)} req/s)`,
        ok: true,
      },
      {
        figure: 'load: deals paid in test mode / completed',
        target: '>= 1 completed',
        measured: `${counters.paid} / ${counters.completed}`,
        ok: counters.completed >= 1,
      },
      {
        figure: 'load: chat messages across instances delivered',
        target: 'all',
        measured: `${counters.delivered} of ${counters.sent}`,
        ok: counters.sent > 0 && counters.lost === 0,
      },
    ];
    for (const [name, c] of [...stats.calls.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = c.latencies.sort((a, b) => a - b);
      const counts = [`${sorted.length} calls`, ...(c.errors ? [`${c.errors} errors`] : [])].join(', ');
      const times = sorted.length
        ? `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} ms `
        : '';
      rows.push({
        figure: `load: ${name} p50 / p99`,
        target: 'reported; 0 errors',
        measured: `${times}(${counts})`,
        ok: c.errors === 0,
      });
    }
    servers.forEach((_, i) => {
      rows.push({
        figure: `load: instance ${i + 1} RSS before / after`,
        target: 'reported',
        measured: `${mb(rssBefore[i])} / ${mb(rssAfter[i])}`,
        ok: true,
      });
      rows.push({
        figure: `load: instance ${i + 1} CPU during the run`,
        target: 'reported',
        measured: `${cpuSeconds[i].toFixed(1)} s in ${elapsed.toFixed(1)} s (${Math.round((100 * cpuSeconds[i]) / elapsed)}% of a core)`,
        ok: true,
      });
    });
    rows.push({
      figure: 'load: the virtual users (this process) CPU during the run',
      target: 'reported',
      measured: `${generatorSeconds.toFixed(1)} s in ${elapsed.toFixed(1)} s (${Math.round((100 * generatorSeconds) / elapsed)}% of a core)`,
      ok: true,
    });
    rows.push({
      figure: 'load: machine load average (1 min) at start / end',
      target: 'reported',
      measured: `${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)} on ${availableParallelism()} cores`,
      ok: true,
    });
    rows.push({
      figure: 'load: npm run ledger:check afterwards',
      target: 'passes',
      measured: `${ledger.ok ? 'passes' : 'FAILS'}: ${/^\d+ transactions.*$/m.exec(ledger.report)?.[0] ?? ledger.report}`,
      ok: ledger.ok,
    });
    if (stats.samples.length) console.error(`load: first errors:\n  ${stats.samples.join('\n  ')}`);
    if (!ledger.ok) console.error(ledger.report);
    return rows;
  } finally {
    await Promise.all(servers.map(stop));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node scripts/bench-load.mjs` runs the load part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runLoadBench({ basePort: Number(process.env.BENCH_PORT ?? 4800) + 20 });
  console.table(rows.map(({ ok, ...r }) => ({ ...r, result: ok ? 'ok' : 'MISSED' })));
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
