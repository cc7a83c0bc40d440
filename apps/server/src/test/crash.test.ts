// Nothing lost on a crash: the real server process (src/main.ts) is killed with SIGKILL at
// the worst moments and started again on the same data.
// - Between commit and sending mail: after restart the mail is sent, once.
// - During a stream of writes to the embedded database: the folder opens again and every
//   write the server acknowledged is there.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { eventually, freshDatabase } from './harness.ts';
import { startSmtp } from './smtp.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

type Server = { proc: ChildProcess; base: string; exited: Promise<void> };

/** Starts src/main.ts as the product runs it, and waits for its health answer. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      RATE_LIMIT_SCALE: '1000',
      WEB_DIST: path.join(root, 'no-web-build'),
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await exited;
  });
  const base = `http://127.0.0.1:${port}`;
  const up = await eventually(async () => {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
    return fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
  }, 90_000);
  if (!up) throw new Error('the server did not answer its health check');
  return { proc, base, exited };
}

async function stop(server: Server) {
  server.proc.kill('SIGTERM');
  await server.exited;
}

/** Where the server keeps its data: a fresh database on the PostgreSQL server when tests run on one. */
async function dataFor(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stampworks-crash-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const serverUrl = testConfig().databaseUrl;
  if (!serverUrl) return { DATA_DIR: dataDir };
  const database = await freshDatabase(serverUrl);
  cleanups.push(() => database.drop());
  return { DATA_DIR: dataDir, DATABASE_URL: database.url };
}

describe('a server killed with SIGKILL', { timeout: 240_000 }, () => {
  it('sends mail it had committed but not sent, once, after it is started again', async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const env = {
      ...(await dataFor()),
      SMTP_URL: smtp.url,
      SUPPORT_EMAIL: 'desk@stampworks.test',
      // A claim left by the killed process lapses after 2 s instead of 5 minutes.
      MAIL_CLAIM_SECONDS: '2',
    };
    let server = await startServer(env);
    let tries = 0;
    // The first time the server starts to hand mail to SMTP, it dies: after the commit,
    // before any mail is sent.
    smtp.onMailFrom = () => {
      tries += 1;
      if (tries === 1) server.proc.kill('SIGKILL');
      return 421;
    };
    const res = await fetch(`${server.base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Vera Visitor',
        email: 'vera@example.com',
        subject: 'Crash test',
        message: 'Does my message survive?',
      }),
    });
    expect(res.status).toBe(200);
    await server.exited;
    expect(server.proc.signalCode).toBe('SIGKILL');
    expect(smtp.received).toHaveLength(0);

    smtp.onMailFrom = null;
    server = await startServer(env);
    const both = await eventually(async () => smtp.received.length >= 2, 30_000);
    expect(both, 'both mails arrive after the restart').toBe(true);
    // Another claim period and poll later, still one of each.
    await new Promise((r) => setTimeout(r, 8_000));
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['desk@stampworks.test', 'vera@example.com']);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(2);
    await stop(server);
  });

  it('reopens the embedded database with every acknowledged write in it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stampworks-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // The embedded database, whatever the test run uses: this is its crash.
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
    let server = await startServer(env);
    // Each contact message is one committed write (two rows in the outbox) when answered 200.
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const subject = `Write ${sent++}`;
        try {
          const res = await fetch(`${server.base}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ fullName: 'Wes Writer', email: 'wes@example.com', subject, message: 'x' }),
          });
          if (res.status === 200) acknowledged.push(subject);
        } catch {
          // The kill cuts requests in flight: those were never acknowledged.
        }
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    await eventually(async () => acknowledged.length >= 40, 60_000);
    killed = true;
    server.proc.kill('SIGKILL');
    await Promise.all(writers);
    await server.exited;
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    // The folder opens again (server.pid of the dead process is not in the way), and answers.
    server = await startServer(env);
    expect((await fetch(`${server.base}/api/projects`)).status).toBe(200);
    await stop(server);

    const database = await openDatabase(testConfig({ dataDir, databaseUrl: undefined }));
    try {
      const rows = await database.db
        .select({ subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(like(mailOutbox.subject, 'Contact form: Write %'));
      const stored = new Set(rows.map((r) => r.subject.replace(/^Contact form: (Write \d+).*$/, '$1')));
      const missing = acknowledged.filter((s) => !stored.has(s));
      expect(missing, 'acknowledged writes missing after the crash').toEqual([]);
    } finally {
      await database.close();
    }
  });
});
