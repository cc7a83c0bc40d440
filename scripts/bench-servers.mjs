// Server instances and databases for the bench parts that run their own servers
// (bench.mjs, bench-lists.mjs, bench-chat.mjs, bench-load.mjs): each server is `node --import tsx apps/server/src/main.ts`
// in a process group of its own, stopped by group; every group still running is killed
// when the bench exits, however it exits (error, Ctrl-C).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { io } from 'socket.io-client';

export const root = path.resolve(import.meta.dirname, '..');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** CPU time (user + system, ms) the process has used so far: load-independent cost. */
export const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/** Resident memory of a process, in MB. */
export const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const running = new Set();
/** Databases made by createDatabase and not dropped yet: dropped on Ctrl-C too. */
const drops = new Set();
process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    for (const child of running) killGroup(child, 'SIGKILL');
    const limit = sleep(10_000);
    await Promise.race([Promise.allSettled([...drops].map((drop) => drop())), limit]);
    process.exit(130);
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {}
}

/** Starts a server on 127.0.0.1:`port`; `env` is added to (and overrides) the bench defaults. */
export function startServer(port, env) {
  // BENCH_NODE_ARGS: extra Node options for the servers, e.g. '--cpu-prof' to see where time goes.
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      // Every request of a bench comes from 127.0.0.1, one address: unscaled, the general limit
      // (600 a minute) would answer 429 within the first second. Scaled by 1,000 it still did
      // at 35,000 requests a second, after 17 s, and the API overhead rounds after that
      // measured 429 answers (docs/PERFORMANCE.md). The limit is still counted on every request.
      RATE_LIMIT_SCALE: '100000',
      ...env,
    },
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

const healthOverHttp = async (port) => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;

/**
 * Waits for the server's health answer, up to 2 minutes (demo data on a busy machine is slow).
 * `isUp(port)` asks it (plain HTTP by default; bench-web.mjs asks over TLS).
 */
export async function waitUp(port, isUp = healthOverHttp) {
  for (let i = 0; i < 240; i++) {
    try {
      if (await isUp(port)) return;
    } catch {}
    await sleep(500);
  }
  throw new Error(`server on ${port} did not start`);
}

/** Stops a server's process group: SIGTERM, then SIGKILL after 10 s. */
export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Creates a fresh database named `<prefix>_<random>` on the server of `serverUrl` and
 * answers its URL and a function that drops it (closing whatever is still connected).
 */
export async function createDatabase(serverUrl, prefix) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const run = async (sql) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    drops.delete(drop);
    await run(`drop database if exists ${name} with (force)`);
  };
  drops.add(drop);
  return { name, url: url.toString(), drop };
}

/** A Socket.IO client signed in with `token`, connected (no reconnection: a drop is an error). */
export function connect(url, token) {
  return new Promise((resolve, reject) => {
    const s = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/** Emits `event` and answers its acknowledgement (rejects after 20 s without one). */
export const ack = (s, event, payload) =>
  new Promise((resolve, reject) =>
    s.timeout(20_000).emit(event, payload, (err, res) => (err ? reject(err) : resolve(res))),
  );
