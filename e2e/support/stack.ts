// The stack the browser tests run against, started by Playwright's webServer:
// - a real SMTP server (smtp-server) on loopback that keeps what it receives, with a
//   small HTTP API the tests read mail from;
// - the product itself (apps/server, serving the built web app), on a fresh embedded
//   database with demo data — or, when DATABASE_URL is set, on a fresh database
//   created on that PostgreSQL server and dropped on exit.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { APP_PORT, MAILBOX_PORT, SMTP_PORT } from './ports.ts';
import { STAFF } from './staff.ts';

type Received = {
  to: string[];
  from: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  /** The one-click unsubscribe headers (RFC 8058) as sent, when the mail has them. */
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
  at: string;
};
const received: Received[] = [];

/** A header's value as written (mailparser keeps the raw lines: 'Key: value'). */
const headerLine = (lines: ReadonlyArray<{ key: string; line: string }>, key: string) => {
  const line = lines.find((h) => h.key === key)?.line;
  return line ? line.slice(line.indexOf(':') + 1).trim() : null;
};

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          replyTo: mail.replyTo?.text ?? null,
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          listUnsubscribe: headerLine(mail.headerLines, 'list-unsubscribe'),
          listUnsubscribePost: headerLine(mail.headerLines, 'list-unsubscribe-post'),
          at: new Date().toISOString(),
        });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const to = url.searchParams.get('to')?.toLowerCase();
  const list = to ? received.filter((m) => m.to.includes(to)) : received;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(list));
}).listen(MAILBOX_PORT, '127.0.0.1');

const dataDir = mkdtempSync(path.join(tmpdir(), 'stampworks-e2e-'));
let databaseUrl = process.env.DATABASE_URL;
let dropDatabase = async () => {};
if (databaseUrl) {
  const name = `e2e_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const base = databaseUrl;
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const d = new pg.Client({ connectionString: base });
    await d.connect();
    await d.query(`drop database if exists ${name} with (force)`);
    await d.end();
  };
}

const root = path.resolve(import.meta.dirname, '../..');
const app = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO: 'true',
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    SUPPORT_EMAIL: 'support@stampworks.test',
    LOG_LEVEL: 'warn',
    // Every test signs in from 127.0.0.1: a real visitor would not, so limits are relaxed here.
    RATE_LIMIT_SCALE: '50',
    // POST /dev/payouts-run: the Sunday payout run as a given day (the embedded database
    // admits no second process for `npm run payouts:run`).
    E2E_TEST_HOOKS: 'true',
    // The demo seal authority is the trust store: seals it issued read 'verified'.
    SEAL_TRUST_ROOTS: path.join(root, 'apps/server/src/seed/demo-trust-store.pem'),

    // A production site refuses the published demo password for an admin (modules/auth/
    // demo-admin.ts): staff sign in with this account, made at start (support/session.ts STAFF).
    ADMIN_EMAIL: STAFF.email,
    ADMIN_PASSWORD: STAFF.password,
    ADMIN_NAME: STAFF.name,
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  smtp.close();
  await dropDatabase().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
app.on('exit', (code) => void stop(code ?? 1));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
