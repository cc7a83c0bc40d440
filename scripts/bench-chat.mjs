// Chat delivery latency for `npm run bench`, never part of tests: ROOMS deal rooms
// (1,000) with both members connected (2,000 sockets), each socket in its room; messages are
// sent at a steady RATE from random members, and the time from send_message to the other
// member's receive_message is recorded. Also the server's memory per connected socket.
//  - one instance on the embedded database: p99 <= 50 ms;
//  - two instances on one PostgreSQL and Redis (when DATABASE_URL and REDIS_URL are set; a
//    fresh database is created there and dropped after), the client's socket on one and the
//    engineer's on the other, so every message crosses instances: p99 <= 75 ms.
// Everything runs over loopback for a bounded time.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

const ROOMS = Number(process.env.BENCH_CHAT_ROOMS ?? 1000);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 100);
const TARGETS = { single: 50, cluster: 75 };

function fixture(env) {
  const dir = mkdtempSync(path.join(tmpdir(), 'stampworks-chat-fixture-'));
  const file = path.join(dir, 'rooms.json');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/scripts/chat-bench-fixture.ts', file, String(ROOMS)],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const { rooms } = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  return rooms;
}

/** Connects both members of every room (client on urlA, engineer on urlB) and joins them. */
async function connectAll(rooms, urlA, urlB) {
  const pairs = [];
  const BATCH = 50;
  for (let i = 0; i < rooms.length; i += BATCH) {
    const part = rooms.slice(i, i + BATCH);
    const got = await Promise.all(
      part.map(async (room) => {
        const [client, engineer] = await Promise.all([
          connect(urlA, room.client.token),
          connect(urlB, room.engineer.token),
        ]);
        for (const s of [client, engineer]) {
          const res = await ack(s, 'join_room', { room_id: room.id });
          if (!res.ok) throw new Error(`join_room refused: ${res.message}`);
        }
        return { room, client, engineer };
      }),
    );
    pairs.push(...got);
  }
  return pairs;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Sends RATE messages a second for `seconds` and answers the delivery latencies (ms). */
async function measure(pairs, seconds) {
  const sentAt = new Map();
  const latencies = [];
  let failures = 0;
  for (const { client, engineer } of pairs) {
    for (const [s, other] of [
      [client, engineer],
      [engineer, client],
    ]) {
      s.on('receive_message', (m) => {
        // The receiver's copy: the sender's own socket gets one too.
        if (m.sender_id === other.userId) {
          const t = sentAt.get(m.message);
          if (t !== undefined) {
            latencies.push(performance.now() - t);
            sentAt.delete(m.message);
          }
        }
      });
    }
  }
  const total = Math.round(RATE * seconds);
  const interval = 1000 / RATE;
  const start = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const pair = pairs[Math.floor(Math.random() * pairs.length)];
    const sender = Math.random() < 0.5 ? pair.client : pair.engineer;
    const text = `bench ${i} ${randomBytes(4).toString('hex')}`;
    sentAt.set(text, performance.now());
    pending.push(
      ack(sender, 'send_message', { room_id: pair.room.id, message: text }).then(
        (res) => {
          if (!res.ok) failures++;
        },
        () => failures++,
      ),
    );
  }
  await Promise.all(pending);
  // Let the last deliveries arrive.
  for (let i = 0; i < 40 && sentAt.size > failures; i++) await sleep(50);
  const lost = sentAt.size - failures;
  for (const { client, engineer } of pairs) {
    client.off('receive_message');
    engineer.off('receive_message');
  }
  return { latencies: latencies.sort((a, b) => a - b), failures, lost, total };
}

async function scenario(name, { rooms, servers, urlA, urlB, seconds, target }) {
  const before = servers.map((s) => rssMb(s.pid));
  const pairs = await connectAll(rooms, urlA, urlB);
  for (const p of pairs) {
    p.client.userId = p.room.client.id;
    p.engineer.userId = p.room.engineer.id;
  }
  await sleep(1000);
  const after = servers.map((s) => rssMb(s.pid));
  const sockets = pairs.length * 2;
  const perSocketKb =
    ((after.reduce((a, b) => a + b, 0) - before.reduce((a, b) => a + b, 0)) * 1024) / sockets;
  // A short warm-up, then the measured run.
  await measure(pairs, 1);
  const cpuBefore = servers.reduce((sum, s) => sum + cpuMs(s.pid), 0);
  const r = await measure(pairs, seconds);
  const cpuPerMessage = (servers.reduce((sum, s) => sum + cpuMs(s.pid), 0) - cpuBefore) / r.total;
  for (const p of pairs) {
    p.client.disconnect();
    p.engineer.disconnect();
  }
  const p50 = percentile(r.latencies, 50);
  const p99 = percentile(r.latencies, 99);
  const ok = r.latencies.length > 0 && p99 <= target && r.failures === 0 && r.lost === 0;
  return {
    name,
    sockets,
    'msg/s': RATE,
    delivered: `${r.latencies.length}/${r.total}`,
    'p50 ms': p50?.toFixed(1),
    'p99 ms': p99?.toFixed(1),
    'KB/socket': Math.round(perSocketKb),
    'server CPU ms/msg': cpuPerMessage.toFixed(2),
    target: `p99 <= ${target} ms, none lost`,
    result: ok ? 'ok' : 'MISSED',
    ok,
  };
}

/** Runs the chat scenarios on ports from `basePort`; answers the result rows. */
export async function runChatBench({ basePort, seconds }) {
  const rows = [];

  // One instance, embedded database.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stampworks-bench-chat-'));
  let servers = [];
  try {
    const rooms = fixture({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
    servers = [startServer(basePort, { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' })];
    await waitUp(basePort);
    const url = `http://127.0.0.1:${basePort}`;
    rows.push(
      await scenario('chat, one instance (embedded)', {
        rooms,
        servers,
        urlA: url,
        urlB: url,
        seconds,
        target: TARGETS.single,
      }),
    );
  } finally {
    await Promise.all(servers.map(stop));
    rmSync(dataDir, { recursive: true, force: true });
  }

  // Two instances on one PostgreSQL and Redis.
  const { DATABASE_URL, REDIS_URL } = process.env;
  if (!DATABASE_URL || !REDIS_URL) {
    rows.push({ name: 'chat, two instances', result: 'skipped (set DATABASE_URL and REDIS_URL)', ok: true });
    return rows;
  }
  const database = await createDatabase(DATABASE_URL, 'bench_chat');
  const clusterDir = mkdtempSync(path.join(tmpdir(), 'stampworks-bench-cluster-'));
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    DATA_DIR: clusterDir,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  servers = [];
  try {
    const rooms = fixture(env);
    servers = [startServer(basePort + 1, env), startServer(basePort + 2, env)];
    await Promise.all([waitUp(basePort + 1), waitUp(basePort + 2)]);
    rows.push(
      await scenario('chat, two instances (PostgreSQL + Redis)', {
        rooms,
        servers,
        urlA: `http://127.0.0.1:${basePort + 1}`,
        urlB: `http://127.0.0.1:${basePort + 2}`,
        seconds,
        target: TARGETS.cluster,
      }),
    );
  } finally {
    await Promise.all(servers.map(stop));
    await database.drop();
    rmSync(clusterDir, { recursive: true, force: true });
  }
  return rows;
}

// `node scripts/bench-chat.mjs` runs the chat part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runChatBench({
    basePort: Number(process.env.BENCH_PORT ?? 4800) + 10,
    seconds: Number(process.env.BENCH_SECONDS ?? 8),
  });
  console.table(rows.map(({ ok, ...r }) => r));
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
