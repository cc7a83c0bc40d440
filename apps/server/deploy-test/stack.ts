// The deployment test's stack on loopback (docs/DEPLOY.md): nginx (Debian's) as the TLS proxy
// running the shipped deploy/nginx/stampworks.conf, an S3-compatible object store (s3rver), a
// database of its own on the machine's PostgreSQL, the machine's Redis under a prefix of its
// own, and app instances. Every process runs in a process group of its own; every group still
// running is killed when this process exits, however it exits, and cleanup() drops the
// database, the Redis keys and the temporary folder.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../../..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const groups = new Set<ChildProcess>();
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {}
}
process.once('exit', () => {
  for (const child of groups) killGroup(child, 'SIGKILL');
});

/** Spawns `command` in a process group of its own, output appended to `logFile`. */
export function spawnGroup(command: string, args: string[], opts: { env?: NodeJS.ProcessEnv; log: string }) {
  const out = openSync(opts.log, 'a');
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...opts.env },
  });
  closeSync(out);
  groups.add(child);
  child.once('exit', () => groups.delete(child));
  return child;
}

/** SIGTERM to the group, SIGKILL after `graceMs`; answers how long the process took to exit. */
export async function stopGroup(child: ChildProcess, graceMs = 20_000): Promise<number> {
  const started = Date.now();
  if (child.exitCode !== null || child.signalCode !== null) return 0;
  const exited = new Promise((r) => child.once('exit', r));
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  return Date.now() - started;
}

export function killAll() {
  for (const child of groups) killGroup(child, 'SIGKILL');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export type Workdir = { dir: string; file(name: string): string; remove(): void };
export function workdir(): Workdir {
  const dir = mkdtempSync(path.join(tmpdir(), 'stampworks-deploy-'));
  // nginx's workers run as an unprivileged user when nginx starts as root.
  chmodSync(dir, 0o755);
  return {
    dir,
    file: (name) => path.join(dir, name),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A fresh database on the server of `serverUrl`, and a function that drops it. */
export async function createDatabase(serverUrl: string) {
  const name = `deploy_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
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
  return { name, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** Deletes every Redis key under `prefix`. */
export async function dropRedisKeys(redisUrl: string, prefix: string) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** A self-signed certificate for 127.0.0.1, made by openssl for this run. */
export function certificate(dir: Workdir) {
  const cert = dir.file('cert.pem');
  const key = dir.file('key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert],
      ...['-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  return { cert, key, pem: readFileSync(cert, 'utf8') };
}

export const shippedNginxConf = path.join(root, 'deploy/nginx/stampworks.conf');

/**
 * The shipped nginx configuration with this run's ports, certificate and log in place of the
 * documented ones. Each replaced text must be there exactly once: an edit of the shipped file
 * that this test would no longer follow stops it here. `down` marks instances out of rotation.
 */
export function nginxSite(opts: {
  httpsPort: number;
  httpPort: number;
  cert: string;
  key: string;
  accessLog: string;
  instances: number[];
  down?: Set<number>;
}): string {
  let conf = readFileSync(shippedNginxConf, 'utf8');
  const replace = (from: string, to: string) => {
    const count = conf.split(from).length - 1;
    if (count !== 1) throw new Error(`deploy/nginx/stampworks.conf: expected "${from}" once, found ${count}`);
    conf = conf.replace(from, to);
  };
  replace('listen 443 ssl http2;', `listen 127.0.0.1:${opts.httpsPort} ssl http2;`);
  replace('listen [::]:443 ssl http2;\n', '');
  replace('listen 80;', `listen 127.0.0.1:${opts.httpPort};`);
  replace('listen [::]:80;\n', '');
  replace('/etc/ssl/stampworks/fullchain.pem', opts.cert);
  replace('/etc/ssl/stampworks/privkey.pem', opts.key);
  replace('/var/log/nginx/stampworks.access.log', opts.accessLog);
  const lines = opts.instances
    .map(
      (port) =>
        `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s${opts.down?.has(port) ? ' down' : ''};`,
    )
    .join('\n');
  replace(
    '    server 127.0.0.1:3001 max_fails=1 fail_timeout=5s;\n    server 127.0.0.1:3002 max_fails=1 fail_timeout=5s;',
    lines,
  );
  return conf;
}

/** nginx's main file around the site: everything in `dir`, in the foreground, one worker. */
export function nginxMain(dir: Workdir): string {
  const temp = dir.file('nginx-temp');
  mkdirSync(temp, { recursive: true });
  chmodSync(temp, 0o777);
  return [
    'worker_processes 1;',
    `pid ${dir.file('nginx.pid')};`,
    `error_log ${dir.file('nginx-error.log')} notice;`,
    'daemon off;',
    'events { worker_connections 1024; }',
    'http {',
    `  client_body_temp_path ${temp}/body;`,
    `  proxy_temp_path ${temp}/proxy;`,
    `  fastcgi_temp_path ${temp}/fastcgi;`,
    `  uwsgi_temp_path ${temp}/uwsgi;`,
    `  scgi_temp_path ${temp}/scgi;`,
    `  include ${dir.file('stampworks.conf')};`,
    '}',
    '',
  ].join('\n');
}

export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export function startNginx(dir: Workdir, site: string) {
  writeFileSync(dir.file('stampworks.conf'), site);
  writeFileSync(dir.file('nginx.conf'), nginxMain(dir));
  execFileSync(nginxPath, ['-t', '-q', '-p', dir.dir, '-c', dir.file('nginx.conf')], { stdio: 'inherit' });
  return spawnGroup(nginxPath, ['-p', dir.dir, '-c', dir.file('nginx.conf')], { log: dir.file('nginx.out') });
}

/**
 * Rewrites the site and reloads nginx (SIGHUP), waiting until the new worker has started and
 * the old one has stopped accepting connections: until then (a second on a loaded machine) the
 * old worker still passes new connections on with the old configuration.
 */
export async function reloadNginx(dir: Workdir, nginx: ChildProcess, site: string) {
  writeFileSync(dir.file('stampworks.conf'), site);
  const errorLog = dir.file('nginx-error.log');
  const count = (what: RegExp) => (readFileSync(errorLog, 'utf8').match(what) ?? []).length;
  const started = () => count(/start worker process/g);
  const leaving = () => count(/gracefully shutting down/g);
  const before = { started: started(), leaving: leaving() };
  process.kill(nginx.pid!, 'SIGHUP');
  for (let i = 0; i < 200 && (started() === before.started || leaving() === before.leaving); i++)
    await sleep(50);
  if (started() === before.started || leaving() === before.leaving) throw new Error('nginx did not reload');
}

export const readLog = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/** Polls `check` every 200 ms until it answers true, or throws after `ms`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

export type Answer = { status: number; body: Buffer; headers: Record<string, string | string[] | undefined> };

/**
 * One HTTPS request through the proxy on a connection of its own (no keep-alive: see
 * docs/DEPLOY.md on reloads), trusting this run's certificate. Network errors reject.
 */
export function request(
  base: { port: number; ca: string },
  method: string,
  url: string,
  opts: { headers?: Record<string, string>; body?: Buffer | string; timeoutMs?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: base.port,
        method,
        path: url,
        ca: base.ca,
        agent: false,
        headers: opts.headers,
        timeout: opts.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in time`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}
