// The deployment test (npm run test:deploy; docs/DEPLOY.md): on loopback, nginx as the TLS
// proxy (the shipped deploy/nginx/stampworks.conf) in front of two instances started at the
// same moment on an empty database, with S3-compatible object storage (s3rver), the machine's
// PostgreSQL (a database of its own, dropped after) and Redis (keys under a prefix of its own,
// deleted after). Everything it checks goes through the proxy; the instances' logs, the
// proxy's access log, the database and the object store are read only to see what happened.
// It stops on its own: a watchdog ends it after 170 s, and every process it started is killed
// however it ends.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PDFDocument } from 'pdf-lib';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import * as schema from '../src/db/schema/index.ts';
import { openDealRoom } from '../src/modules/chat/index.ts';
import { featureJobs as jobs } from '../src/modules/index.ts';
import { startSmtp, type TestSmtp } from '../src/test/smtp.ts';
import {
  type Answer,
  certificate,
  createDatabase,
  dropRedisKeys,
  freePort,
  killAll,
  nginxSite,
  readLog,
  reloadNginx,
  request,
  root,
  sleep,
  spawnGroup,
  startNginx,
  stopGroup,
  waitFor,
  workdir,
} from './stack.ts';

const LIMIT_MS = 170_000;
const BUCKET = 'stampworks';
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

const watchdog = setTimeout(() => {
  console.error(`deployment test: still running after ${LIMIT_MS / 1000} s; stopping everything`);
  killAll();
  process.exit(1);
}, LIMIT_MS);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

let passed = 0;
let failed = 0;
/** Figures of the run, printed at the end for docs/DEPLOY.md. */
const figures: Array<[string, string]> = [];

function check(name: string, ok: boolean, detail = '') {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
  if (!ok) throw new Error(`failed: ${name}`);
}

const dir = workdir();
const tls = certificate(dir);
const [httpsPort, httpPort, s3Port, portA, portB] = await Promise.all(
  Array.from({ length: 5 }, () => freePort()),
);
const proxy = { port: httpsPort, ca: tls.pem };
const ports = { a: portA, b: portB } as const;
type Name = keyof typeof ports;
const redisPrefix = `deploy-${randomBytes(4).toString('hex')}`;
const encryptionKey = randomBytes(32).toString('hex');
const down = new Set<number>();
const site = () =>
  nginxSite({
    httpsPort,
    httpPort,
    cert: tls.cert,
    key: tls.key,
    accessLog: dir.file('access.log'),
    instances: [portA, portB],
    down,
  });

let smtp: TestSmtp | undefined;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let pool: pg.Pool | undefined;
const sockets: Socket[] = [];

const instanceLog = (name: Name, generation: number) => dir.file(`instance-${name}-${generation}.log`);
const generations: Record<Name, number> = { a: 0, b: 0 };

function startInstance(name: Name) {
  generations[name] += 1;
  return spawnGroup(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    log: instanceLog(name, generations[name]),
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(ports[name]),
      PUBLIC_URL: `https://127.0.0.1:${httpsPort}`,
      DATA_DIR: dir.file(`data-${name}`),
      DATABASE_URL: database!.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SMTP_URL: smtp!.url,
      ENCRYPTION_KEY: encryptionKey,
      TRUST_PROXY: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      // Jobs every 2 s instead of hourly and weekly, so the run sees several occurrences.
      JOBS_SCHEDULE: '*/2 * * * * *',
      // As docs/DEPLOY.md advises behind nginx: connections nginx accepted just before a reload
      // may still bring a request or two after the instance was told to stop.
      SHUTDOWN_DRAIN_SECONDS: '2',
      // Every request of the run comes from one address, far above a person's rate.
      RATE_LIMIT_SCALE: '50',
      STRIPE_SECRET_KEY: '',
      E2E_TEST_HOOKS: '',
    },
  });
}

const ready = async (port: number) => (await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200;

/** JSON lines of an instance's log (pino), the others left out. */
function logLines(file: string): Array<Record<string, unknown>> {
  return readLog(file)
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        return {};
      }
    });
}

const json = (answer: Answer) => JSON.parse(answer.body.toString('utf8'));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
async function api(method: string, url: string, body?: unknown, token?: string) {
  return request(proxy, method, url, {
    headers: {
      ...(token ? bearer(token) : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function signUpAndIn(role: 'client' | 'engineer') {
  const email = `${role}-${randomBytes(4).toString('hex')}@deploy.stampworks.test`;
  const password = `Blueprint-${randomBytes(6).toString('hex')}`;
  const fullName = role === 'client' ? 'Deploy Client' : 'Deploy Engineer';
  const up = await api('POST', '/api/auth/signup', { email, password, fullName, role });
  if (up.status !== 201) throw new Error(`signup ${up.status}: ${up.body}`);
  const seen = smtp!.received.length;
  const signin = await api('POST', '/api/auth/signin', { email, password });
  if (signin.status !== 200) throw new Error(`signin ${signin.status}: ${signin.body}`);
  const first = json(signin);
  if (!first.pinRequired) return { id: first.user.id as string, token: first.token as string, email };
  let pin = '';
  await waitFor(
    `the sign-in PIN mail to ${email}`,
    () => {
      const mail = smtp!.received.slice(seen).find((m) => m.to.includes(email));
      const text = mail?.raw.replace(/=\r?\n/g, '') ?? '';
      pin = /sign-in PIN is (\d{6})/.exec(text)?.[1] ?? '';
      return pin !== '';
    },
    20_000,
  );
  const verified = await api('POST', '/api/auth/verify-pin', { email, pin, challenge: first.challenge });
  if (verified.status !== 200) throw new Error(`verify-pin ${verified.status}: ${verified.body}`);
  const body = json(verified);
  return { id: body.user.id as string, token: body.token as string, email };
}

async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 12 });
  return Buffer.from(await doc.save());
}

async function upload(token: string, kind: string, bytes: Buffer, filename: string): Promise<string> {
  const boundary = `----deploy${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await request(proxy, 'POST', `/api/files?kind=${kind}`, {
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`upload ${kind}: ${answer.status} ${answer.body}`);
  const answered = json(answer);
  return answered.secure_url as string;
}

/** The proxy's access log, one record per request. */
type Logged = { request: string; status: number; upstream: string; sticky: string; line: string };
function accessLog(): Logged[] {
  return readLog(dir.file('access.log'))
    .split('\n')
    .filter(Boolean)
    .map((line) => ({
      line,
      request: /"([^"]*)"/.exec(line)?.[1] ?? '',
      status: Number(/" (\d{3}) /.exec(line)?.[1] ?? 0),
      upstream: /upstream=(\S+)/.exec(line)?.[1] ?? '',
      sticky: /sticky=(\S+)/.exec(line)?.[1] ?? '',
    }));
}

/** Which instance (port) answered the Socket.IO requests made under this sticky key. */
function instanceOfKey(key: string): number | null {
  const hit = accessLog().find(
    (l) => l.sticky === key && l.status === 200 && l.request.includes('/socket.io/'),
  );
  const port = hit ? Number(hit.upstream.split(':').pop()) : Number.NaN;
  return Number.isFinite(port) ? port : null;
}

type ChatUser = {
  name: string;
  id: string;
  token: string;
  socket: Socket;
  key: string;
  received: Set<string>;
  reconnects: number;
  /** Messages first seen by reading the room after a reconnection, not live. */
  caughtUp: number;
};

/** Reads the room's history back to what `into` already has; answers how many were new. */
async function readRoom(token: string, roomId: string, into: Set<string>): Promise<number> {
  let before: string | null = null;
  let added = 0;
  for (let page = 0; page < 30; page++) {
    const answer = await api(
      'GET',
      `/api/chat/messages/${roomId}?limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`,
      undefined,
      token,
    );
    if (answer.status !== 200) throw new Error(`catch-up read ${answer.status}`);
    const { messages, next_cursor } = json(answer) as {
      messages: Array<{ message: string }>;
      next_cursor: string | null;
    };
    const fresh = messages.filter((m) => !into.has(m.message));
    for (const m of fresh) into.add(m.message);
    added += fresh.length;
    // Pages go back in time: once a whole page was known, everything older is too.
    if (fresh.length === 0 || !next_cursor) return added;
    before = next_cursor;
  }
  return added;
}

function connectChat(
  name: string,
  user: { id: string; token: string },
  transports: string[],
  key: string,
  roomId: string,
): Promise<ChatUser> {
  const socket = io(`https://127.0.0.1:${httpsPort}`, {
    path: '/socket.io',
    transports,
    auth: { token: user.token },
    ca: tls.pem,
    extraHeaders: { cookie: `sw_node=${key}` },
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
  } as Parameters<typeof io>[1]);
  sockets.push(socket);
  const chat: ChatUser = {
    name,
    id: user.id,
    token: user.token,
    socket,
    key,
    received: new Set(),
    reconnects: 0,
    caughtUp: 0,
  };
  socket.on('receive_message', (m: { message: string }) => chat.received.add(m.message));
  return new Promise((resolve, reject) => {
    let first = true;
    socket.on('connect', () => {
      socket.emit('join_room', { room_id: roomId }, () => {
        if (first) {
          first = false;
          resolve(chat);
        } else {
          // As the web app does after a reconnection (docs/CHAT.md): read what was missed.
          chat.reconnects += 1;
          readRoom(user.token, roomId, chat.received).then(
            (n) => {
              chat.caughtUp += n;
            },
            () => {},
          );
        }
      });
    });
    socket.once('connect_error', (err) => {
      if (first) reject(err);
    });
  });
}

const ack = <T>(socket: Socket, event: string, payload: unknown, ms = 15_000) =>
  new Promise<T>((resolve, reject) =>
    socket
      .timeout(ms)
      .emit(event, payload, (err: Error | null, res: T) => (err ? reject(err) : resolve(res))),
  );

async function main() {
  // ---- the stack ----------------------------------------------------------------------
  smtp = await startSmtp();
  database = await createDatabase(serverUrl);
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const s3 = spawnGroup(
    process.execPath,
    [
      path.join(root, 'node_modules/s3rver/bin/s3rver.js'),
      ...['--directory', dir.file('s3'), '--address', '127.0.0.1', '--port', String(s3Port)],
      ...['--configure-bucket', BUCKET, '--silent'],
    ],
    { log: dir.file('s3rver.log') },
  );
  const nginx = startNginx(dir, site());
  await waitFor('the object store', async () => (await fetch(`http://127.0.0.1:${s3Port}/`)).ok, 20_000);
  await waitFor('nginx', async () => !!(await request(proxy, 'GET', '/', { timeoutMs: 2000 })), 10_000);
  void s3;

  // ---- two instances at the same moment on an empty database ------------------------
  const instances = { a: startInstance('a'), b: startInstance('b') };
  const startedAt = Date.now();
  await Promise.all(
    Object.values(ports).map((port) => waitFor(`instance on ${port}`, () => ready(port), 90_000)),
  );
  figures.push([
    'both instances started at once on an empty database, ready after',
    `${Date.now() - startedAt} ms`,
  ]);
  // nginx's own probe above met no instance and set both aside for fail_timeout (5 s); on a
  // fast start they are ready within it, so wait until the proxy routes to them again.
  await waitFor(
    'nginx to reach the instances',
    async () =>
      (await request(proxy, 'GET', '/api/ready', { timeoutMs: 2000 }).catch(() => null))?.status === 200,
    20_000,
  );

  const journal = JSON.parse(readFileSync(path.join(root, 'apps/server/drizzle/meta/_journal.json'), 'utf8'));
  const total = journal.entries.length as number;
  const applied = (['a', 'b'] as const).map((name) => {
    const line = logLines(instanceLog(name, 1)).find((l) => typeof l.applied === 'number');
    return line ? (line.applied as number) : -1;
  });
  check(
    'migrations ran once: one instance applied all of them, the other none',
    applied.sort((x, y) => x - y).join(',') === `0,${total}`,
    `applied per instance: ${applied.join(' and ')} of ${total}`,
  );
  const recorded = await pool.query(
    'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations',
  );
  check(
    'each migration recorded once',
    recorded.rows[0].n === total && recorded.rows[0].d === total,
    `${recorded.rows[0].n} rows`,
  );

  // ---- sign-in, licence proof and deliverable through the proxy ----------------------
  const client = await signUpAndIn('client');
  const engineer = await signUpAndIn('engineer');
  const me = await api('GET', `/api/auth/${engineer.id}`, undefined, engineer.token);
  check(
    'sign-up and sign-in with the mailed PIN through the proxy',
    me.status === 200,
    `GET /api/auth/{id} ${me.status}`,
  );

  const proofBytes = await pdf('Licence proof, deployment test');
  const proof = await upload(engineer.token, 'license_proof', proofBytes, 'proof.pdf');
  const licence = await api(
    'POST',
    `/api/engineer/license/${engineer.id}`,
    {
      license_number: `PE-${randomBytes(3).toString('hex')}`,
      license_type: 'PE',
      issue_country: 'USA',
      issue_state: 'Texas',
      specializations: ['civil'],
      expiration_date: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
      proof_url: proof,
    },
    engineer.token,
  );
  check(
    'a licence with its uploaded proof is added',
    licence.status === 201 || licence.status === 200,
    `${licence.status}`,
  );
  const deliverableBytes = await pdf('Stamped drawing, deployment test');
  const deliverable = await upload(engineer.token, 'deliverable', deliverableBytes, 'stamped.pdf');
  for (const [what, link, bytes] of [
    ['licence proof', proof, proofBytes],
    ['deliverable', deliverable, deliverableBytes],
  ] as const) {
    const own = await request(proxy, 'GET', link, { headers: bearer(engineer.token) });
    check(
      `the ${what} downloads through the proxy, byte for byte`,
      own.status === 200 && own.body.equals(bytes),
      `${own.status}`,
    );
    const anonymous = await request(proxy, 'GET', link);
    const stranger = await request(proxy, 'GET', link, { headers: bearer(client.token) });
    check(
      `the ${what} is private`,
      anonymous.status === 401 && stranger.status === 404,
      `no token ${anonymous.status}, another user ${stranger.status}`,
    );
  }
  const store = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${s3Port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const listed = await store.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  const keys = (listed.Contents ?? []).map((o) => o.Key);
  const proofKey = proof.split('/').pop()!;
  const stored = keys.includes(proofKey)
    ? Buffer.from(
        await (
          await store.send(new GetObjectCommand({ Bucket: BUCKET, Key: proofKey }))
        ).Body!.transformToByteArray(),
      )
    : Buffer.alloc(0);
  const localFiles = (['a', 'b'] as const).flatMap((name) => {
    try {
      return readdirSync(path.join(dir.file(`data-${name}`), 'files'));
    } catch {
      return [];
    }
  });
  check(
    'both files are in the object store and nowhere on the instances’ disks',
    keys.includes(proofKey) &&
      keys.includes(deliverable.split('/').pop()) &&
      stored.equals(proofBytes) &&
      localFiles.length === 0,
    `${keys.length} objects in the bucket, ${localFiles.length} local files`,
  );
  const direct = await request(proxy, 'GET', `/${BUCKET}/${proofKey}`);
  check(
    'the proxy does not reach the object store',
    direct.status === 404,
    `GET /${BUCKET}/<key> ${direct.status}`,
  );
  store.destroy();

  // ---- scheduled jobs: once across instances -------------------------------------------
  const jobsSeen = () => {
    const runs = new Map<string, Array<{ instance: string; outcome: string }>>();
    for (const name of ['a', 'b'] as const) {
      for (const l of logLines(instanceLog(name, 1))) {
        if (l.msg !== 'scheduled job') continue;
        const id = `${l.job} ${l.slot}`;
        runs.set(id, [...(runs.get(id) ?? []), { instance: name, outcome: String(l.outcome) }]);
      }
    }
    // Occurrences both instances fired, and how many of the two ran each. None (both skipped:
    // the previous occurrence still ran somewhere) is allowed; two never.
    const both = [...runs.entries()].filter(([, r]) => new Set(r.map((x) => x.instance)).size === 2);
    const ran = (r: Array<{ outcome: string }>) =>
      r.filter((x) => x.outcome === 'ran' || x.outcome === 'failed').length;
    const perJob = new Map(jobs.map((job) => [job.name, 0]));
    for (const [id, r] of both) {
      const job = id.split(' ')[0];
      if (ran(r) === 1) perJob.set(job, (perJob.get(job) ?? 0) + 1);
    }
    const failedRuns = [...runs.values()].flat().filter((x) => x.outcome === 'failed').length;
    return {
      both: both.length,
      perJob,
      ranOnce: both.filter(([, r]) => ran(r) === 1).length,
      ranTwice: both.filter(([, r]) => ran(r) > 1).length,
      failedRuns,
    };
  };
  // Every job fires every 2 s on both instances (JOBS_SCHEDULE): wait until each had two
  // occurrences that both instances fired and one ran.
  await waitFor(
    'two occurrences of every job',
    () => [...jobsSeen().perJob.values()].every((n) => n >= 2),
    30_000,
  ).catch(() => {});
  const seen = jobsSeen();
  check(
    'every job occurrence both instances fired ran on one of them, never on both',
    [...seen.perJob.values()].every((n) => n >= 2) && seen.ranTwice === 0 && seen.failedRuns === 0,
    `${jobs.length} jobs (${jobs.map((j) => j.name).join(', ')}), ${seen.both} occurrences fired on both, ${seen.ranOnce} ran once, ${seen.ranTwice} twice, ${seen.failedRuns} failed`,
  );
  figures.push([
    'job occurrences fired by both instances / run by exactly one',
    `${seen.both} / ${seen.ranOnce}`,
  ]);

  // ---- chat across instances: long-polling and WebSocket -------------------------------
  const db = drizzle({ client: pool, schema });
  const [project] = await db
    .insert(schema.projects)
    .values({
      customerId: client.id,
      title: 'Deployment test',
      description: 'Two instances',
      status: 'assigned',
    })
    .returning({ id: schema.projects.id });
  await db.insert(schema.proposals).values({
    projectId: project.id,
    engineerId: engineer.id,
    description: 'Beam sizing',
    licenseType: 'PE',
    proposedAmount: 90000,
    status: 'accepted',
  });
  const room = await openDealRoom(db as never, {
    projectId: project.id,
    clientId: client.id,
    engineerId: engineer.id,
    title: 'Deployment test',
  });
  const placed = async (name: string, user: typeof client, transports: string[], avoid: number | null) => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const key = randomBytes(8).toString('hex');
      const chat = await connectChat(name, user, transports, key, room.id);
      const port = instanceOfKey(key);
      if (port !== null && port !== avoid) return { chat, port };
      chat.socket.disconnect();
    }
    throw new Error(`could not place ${name} on the other instance`);
  };
  const polling = await placed('client (long-polling)', client, ['polling'], null);
  const ws = await placed('engineer (WebSocket)', engineer, ['polling', 'websocket'], polling.port);
  await waitFor(
    'the WebSocket upgrade',
    () => ws.chat.socket.io.engine.transport.name === 'websocket',
    10_000,
  );
  check(
    'the two users’ sockets are on different instances, one long-polling, one on a WebSocket',
    polling.port !== ws.port && polling.chat.socket.io.engine.transport.name === 'polling',
    `client on ${polling.port} (${polling.chat.socket.io.engine.transport.name}), engineer on ${ws.port} (${ws.chat.socket.io.engine.transport.name})`,
  );
  const hello = `hello across instances ${randomBytes(3).toString('hex')}`;
  const reply = `reply across instances ${randomBytes(3).toString('hex')}`;
  const sent1 = await ack<{ ok: boolean }>(polling.chat.socket, 'send_message', {
    room_id: room.id,
    message: hello,
  });
  const sent2 = await ack<{ ok: boolean }>(ws.chat.socket, 'send_message', {
    room_id: room.id,
    message: reply,
  });
  await waitFor(
    'both messages to arrive',
    () => ws.chat.received.has(hello) && polling.chat.received.has(reply),
    10_000,
  ).catch(() => {});
  check(
    'chat crosses instances both ways, live',
    sent1.ok && sent2.ok && ws.chat.received.has(hello) && polling.chat.received.has(reply),
  );
  const stickyBroken = [polling.chat.key, ws.chat.key].filter(
    (key) =>
      new Set(
        accessLog()
          .filter((l) => l.sticky === key && l.request.includes('/socket.io/'))
          .map((l) => l.upstream),
      ).size !== 1,
  );
  check('every Socket.IO request of a session reached the same instance', stickyBroken.length === 0);

  // A browser comes without the cookie: its first request gets it from nginx, and the
  // session's next requests carry it. Engine.IO by hand: the handshake, the client's CONNECT
  // (a POST) and the poll that answers it; on the wrong instance the POST is refused
  // ('Session ID unknown').
  const browserSessions: string[] = [];
  const homes = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const handshake = await request(proxy, 'GET', '/socket.io/?EIO=4&transport=polling');
    const setCookie = String(handshake.headers['set-cookie'] ?? '');
    const cookie = /sw_node=([^;]+)/.exec(setCookie)?.[1];
    const sid = /"sid":"([^"]+)"/.exec(handshake.body.toString())?.[1];
    if (!cookie || !sid) {
      browserSessions.push(`handshake ${handshake.status}, cookie ${setCookie || 'none'}`);
      continue;
    }
    const headers = { cookie: `sw_node=${cookie}`, 'content-type': 'text/plain;charset=UTF-8' };
    const path = `/socket.io/?EIO=4&transport=polling&sid=${encodeURIComponent(sid)}`;
    const connect = await request(proxy, 'POST', path, { headers, body: '40' });
    const poll = await request(proxy, 'GET', path, { headers });
    const again = /sw_node=/.test(String(poll.headers['set-cookie'] ?? ''));
    // Engine.IO's close packet: the session ends here rather than by timing out.
    await request(proxy, 'POST', path, { headers, body: '1' });
    const upstreams = new Set(
      accessLog()
        .filter((l) => l.sticky === cookie)
        .map((l) => l.upstream),
    );
    homes.add([...upstreams].join());
    browserSessions.push(
      connect.status === 200 &&
        poll.status === 200 &&
        poll.body.toString().startsWith('40') &&
        !again &&
        upstreams.size === 1
        ? 'ok'
        : `CONNECT ${connect.status}, poll ${poll.status} ${poll.body.toString().slice(0, 60)}, instances ${[...upstreams].join(' ')}`,
    );
  }
  check(
    'a browser’s first Socket.IO request gets the sticky cookie, and its session stays on one instance',
    browserSessions.every((r) => r === 'ok'),
    `${browserSessions.filter((r) => r === 'ok').length} of 6 sessions, on ${homes.size} instance(s)${browserSessions.find((r) => r !== 'ok') ? `: ${browserSessions.find((r) => r !== 'ok')}` : ''}`,
  );

  // ---- a rolling restart of both instances under traffic --------------------------------
  const logBefore = accessLog().length;
  let trafficOn = true;
  const http = { count: 0, failures: [] as string[] };
  const worker = async (n: number) => {
    const calls: Array<() => Promise<Answer>> = [
      () => api('GET', '/api/health'),
      () => api('GET', `/api/chat/unread_messages/${client.id}`, undefined, client.token),
      () =>
        api(
          'POST',
          '/api/chat/rooms/find',
          { engineer_id: engineer.id, client_id: client.id, project_id: project.id },
          engineer.token,
        ),
      () => api('GET', `/api/chat/messages/${room.id}?limit=5`, undefined, client.token),
    ];
    for (let i = n; trafficOn; i++) {
      const call = calls[i % calls.length];
      try {
        const answer = await call();
        http.count += 1;
        if (answer.status !== 200)
          http.failures.push(`${answer.status} ${answer.body.toString().slice(0, 120)}`);
      } catch (err) {
        http.count += 1;
        http.failures.push((err as Error).message);
      }
      await sleep(20);
    }
  };
  const chat = { sent: new Map<string, ChatUser>(), unanswered: [] as string[], refused: [] as string[] };
  const sender = async (from: ChatUser, to: ChatUser) => {
    for (let i = 0; trafficOn; i++) {
      if (!from.socket.connected) {
        await sleep(50);
        continue;
      }
      const text = `${from.name} #${i} ${randomBytes(2).toString('hex')}`;
      try {
        const answer = await ack<{ ok: boolean; message?: string }>(from.socket, 'send_message', {
          room_id: room.id,
          message: text,
        });
        if (answer.ok) chat.sent.set(text, to);
        else chat.refused.push(answer.message ?? '');
      } catch {
        // No answer (the socket dropped first): the server may or may not have it; see below.
        chat.unanswered.push(text);
      }
      // 20 messages per 10 s is a user's limit (docs/CHAT.md).
      await sleep(600);
    }
  };
  const traffic = [
    ...Array.from({ length: 4 }, (_, n) => worker(n)),
    sender(polling.chat, ws.chat),
    sender(ws.chat, polling.chat),
  ];
  const restarts: string[] = [];
  const restart = async (name: Name) => {
    const port = ports[name];
    // The documented rolling restart (docs/DEPLOY.md): out of the proxy's rotation, stop
    // (the instance drains), start, wait for readiness on the instance itself, back in.
    down.add(port);
    await reloadNginx(dir, nginx, site());
    const drained = await stopGroup(instances[name]);
    const starting = Date.now();
    instances[name] = startInstance(name);
    await waitFor(`instance ${name} to be ready again`, () => ready(port), 60_000);
    const readyAfter = Date.now() - starting;
    down.delete(port);
    await reloadNginx(dir, nginx, site());
    restarts.push(`${name}: stopped in ${drained} ms, ready ${readyAfter} ms after its start`);
  };
  await sleep(2000);
  await restart(polling.port === portA ? 'a' : 'b');
  await sleep(2000);
  await restart(polling.port === portA ? 'b' : 'a');
  await sleep(2000);
  trafficOn = false;
  await Promise.all(traffic);
  // Whatever a reconnection had not caught up yet arrives by reading the room once more,
  // as the web app does on its next reconnection or page load.
  await sleep(1000);
  let finalRead = 0;
  for (const user of [polling.chat, ws.chat]) finalRead += await readRoom(user.token, room.id, user.received);
  // Lost: answered as sent, or stored without an answer, and not received by the other user.
  const storedRows = await pool.query<{ message: string; sender_id: string }>(
    'select message, sender_id from chat_messages where room_id = $1',
    [room.id],
  );
  const receiverOf = (senderId: string) => (senderId === client.id ? ws.chat : polling.chat);
  const storedTexts = new Set(storedRows.rows.map((r) => r.message));
  const lost = [
    ...[...chat.sent].filter(([text, to]) => !to.received.has(text)).map(([text]) => text),
    ...storedRows.rows.filter((r) => !receiverOf(r.sender_id).received.has(r.message)).map((r) => r.message),
  ];
  const answeredNotStored = [...chat.sent.keys()].filter((text) => !storedTexts.has(text));
  const unansweredStored = chat.unanswered.filter((text) => storedTexts.has(text));
  const caughtUp = polling.chat.caughtUp + ws.chat.caughtUp;
  const counted = await pool.query(
    'select message, count(*)::int as n from chat_messages where room_id = $1 group by message having count(*) > 1',
    [room.id],
  );
  const proxyErrors = accessLog()
    .slice(logBefore)
    .filter((l) => l.status >= 500);
  check(
    'rolling restart of both instances under traffic: 0 failed HTTP requests',
    http.failures.length === 0 && proxyErrors.length === 0,
    `${http.count} requests, ${http.failures.length} failed${http.failures.length ? `: ${http.failures.slice(0, 3).join(' | ')}` : ''}; ${proxyErrors.length} 5xx answers in the proxy's log`,
  );
  check(
    'no chat message lost or stored twice',
    lost.length === 0 &&
      answeredNotStored.length === 0 &&
      counted.rowCount === 0 &&
      chat.refused.length === 0 &&
      unansweredStored.length === 0,
    `${chat.sent.size} sent and answered, ${lost.length} lost, ${caughtUp} caught up after reconnecting, ${finalRead} only by the final read, ${chat.unanswered.length} unanswered (${unansweredStored.length} of them stored), ${chat.refused.length} refused, ${counted.rowCount} stored twice; reconnections: client ${polling.chat.reconnects}, engineer ${ws.chat.reconnects}`,
  );
  figures.push([
    'HTTP requests during the rolling restart / failed',
    `${http.count} / ${http.failures.length}`,
  ]);
  figures.push([
    'chat messages during the rolling restart: answered / lost / caught up after reconnecting / unanswered (none stored)',
    `${chat.sent.size} / ${lost.length} / ${caughtUp} / ${chat.unanswered.length}`,
  ]);
  figures.push(['restarts', restarts.join('; ')]);
  for (const socket of sockets) socket.disconnect();
  await Promise.all((['a', 'b'] as const).map((name) => stopGroup(instances[name])));
}

let error: unknown;
try {
  await main();
} catch (err) {
  error = err;
} finally {
  for (const socket of sockets) socket.disconnect();
  killAll();
  await pool?.end().catch(() => {});
  await database?.drop().catch((err) => console.error('could not drop the test database:', err.message));
  await dropRedisKeys(redisUrl, redisPrefix).catch(() => {});
  await smtp?.close().catch(() => {});
}
if (error) {
  console.error(error);
  for (const file of readdirSync(dir.dir).filter((f) => f.endsWith('.log') || f.endsWith('.out'))) {
    const text = readLog(dir.file(file));
    console.error(`---- ${file} (last lines)\n${text.split('\n').slice(-15).join('\n')}`);
  }
  if (!failed) failed = 1;
}
dir.remove();
figures.push(['whole run', elapsed()]);
console.log('\n| figure | measured |\n| --- | --- |');
for (const [what, value] of figures) console.log(`| ${what} | ${value} |`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
