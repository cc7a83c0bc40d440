#!/usr/bin/env node
// npm run bench: starts the product on a fresh embedded database with demo data (or on
// DATABASE_URL), then drives the main public reads with autocannon over loopback for a
// bounded time each, and checks the targets below; then measures chat delivery latency
// with 2,000 sockets (scripts/bench-chat.mjs: one instance, and two on PostgreSQL and Redis
// when DATABASE_URL and REDIS_URL are set). The web figures (first-visit script bytes,
// Lighthouse) come from scripts/bench-web.mjs. Prints tables; exits 1 if a target is missed.
// Never part of `npm test`: timings belong here, not in tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { runChatBench } from './bench-chat.mjs';
import { runLoadBench } from './bench-load.mjs';
import { runWebBench } from './bench-web.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4800);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const base = `http://127.0.0.1:${PORT}`;

// Targets for a 2-core machine with the embedded database.
const targets = [
  { name: 'health', path: '/api/health', minRps: 1500, maxP99: 100 },
  { name: 'explore (default query)', path: '/api/projects', minRps: 150, maxP99: 400 },
  { name: 'explore (full-text search)', path: '/api/projects?q=structural', minRps: 150, maxP99: 400 },
  { name: 'engineer directory', path: '/api/engineer/account', minRps: 150, maxP99: 400 },
  { name: 'landing page (static)', path: '/', minRps: 1000, maxP99: 100 },
];
// The embedded PGlite keeps PostgreSQL's shared buffers and catalog in a WASM heap: the
// process idles near 430 MB and must stay under this after the load above.
const MAX_RSS_MB = 768;

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'stampworks-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'error',
    RATE_LIMIT_SCALE: '1000',
  },
});

async function waitUp() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

let failed = false;
try {
  await waitUp();
  // Web figures (scripts/bench-web.mjs): script on the wire of a first visit, Lighthouse.
  const webRows = await runWebBench({ base });
  if (webRows.some((r) => !r.ok)) failed = true;
  console.table(webRows);
  const rows = [];
  for (const t of targets) {
    const probe = await fetch(base + t.path);
    if (!probe.ok) {
      rows.push({ name: t.name, result: `skipped (${probe.status})` });
      continue;
    }
    const r = await autocannon({ url: base + t.path, connections: 20, duration: DURATION });
    const ok =
      r.requests.average >= t.minRps && r.latency.p99 <= t.maxP99 && r.non2xx === 0 && r.errors === 0;
    if (!ok) failed = true;
    rows.push({
      name: t.name,
      'req/s': Math.round(r.requests.average),
      'p99 ms': r.latency.p99,
      non2xx: r.non2xx,
      target: `>= ${t.minRps} req/s, p99 <= ${t.maxP99} ms`,
      result: ok ? 'ok' : 'MISSED',
    });
  }
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024;
  rows.push({
    name: 'server memory after load',
    'req/s': '',
    'p99 ms': '',
    target: `RSS <= ${MAX_RSS_MB} MB`,
    result: `${Math.round(rss)} MB ${rss <= MAX_RSS_MB ? 'ok' : 'MISSED'}`,
  });
  if (rss > MAX_RSS_MB) failed = true;
  console.table(rows);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

// Chat runs on servers of its own, once the one above has stopped.
const chatRows = await runChatBench({ basePort: PORT + 10, seconds: DURATION });
if (chatRows.some((r) => !r.ok)) failed = true;
console.table(chatRows.map(({ ok: _, ...r }) => r));
const loadRows = await runLoadBench({ basePort: PORT + 20 });
if (loadRows.some((r) => !r.ok)) failed = true;
console.table(loadRows.map(({ ok: _, ...r }) => r));
process.exit(failed ? 1 : 0);
