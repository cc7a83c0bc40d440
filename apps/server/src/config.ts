// The one place that reads the environment. Everything else receives a typed Config,
// so tests build apps from plain objects and nothing depends on process state.
import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { DEFAULT_AUTO_RELEASE, parseDuration } from '@app/shared';

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /**
   * PEM certificate (chain) and private key: the server itself speaks HTTPS, HTTP/2 to browsers
   * that offer it and HTTP/1.1 to others. null: plain HTTP, TLS ends at a proxy in front.
   */
  tls: { cert: string; key: string } | null;
  /** Public address of the site, used in e-mailed links and payment redirects. */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL server; when absent the embedded PGlite in `dataDir/db` is used (or memory when dataDir is ':memory:'). */
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  /**
   * Queued mail (SMTP only): how long one instance's claim on a mail lasts while it sends, so a
   * mail claimed by an instance that died is sent by another (or after restart) once it lapses.
   * Longer than the SMTP client's own time limits, so a slow send is never sent twice.
   */
  mailClaimSeconds: number;
  /** How often queued mail that is due (retries, mail queued by other instances) is looked for. */
  mailPollMs: number;
  /**
   * Stripe keys. Several webhook secrets may be given (comma-separated): Stripe signs
   * Connect events (account.updated) and the platform's own events (checkout, refunds)
   * with the secret of the endpoint each is sent to. `apiUrl` points the SDK at another
   * Stripe API (stripe-mock, a test double); absent, api.stripe.com.
   */
  stripe?: { secretKey: string; webhookSecrets: string[]; apiUrl?: string };
  s3?: { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string };
  /** 32-byte key for AES-256-GCM encryption of sensitive fields (SSN). */
  encryptionKey: Buffer;
  /**
   * HMAC key of the one-click unsubscribe links in alert mail (docs/ALERTS.md): UNSUBSCRIBE_SECRET,
   * or derived from the encryption key, so links keep working across restarts without another secret.
   */
  unsubscribeKey: Buffer;
  admin?: { email: string; password: string; name: string };
  /** Load demo data into an empty database at start. */
  seedDemo: boolean;
  /** Static web app to serve (the Vite build); absent in API-only tests. */
  webDist?: string;
  /**
   * The seal check's trust store: the PEM text of the certificates whose seals read trusted
   * (docs/DELIVERABLES.md#trust-store); '' trusts nothing. Text, not a path, as the worker
   * threads that check PDFs receive it with each file.
   */
  sealTrustRoots: string;
  logLevel: string;
  corsOrigin?: string;
  /**
   * Which X-Forwarded-For hops to believe: false (none), a number of proxies in front of
   * the server, or the proxies' addresses / CIDR ranges. Never 'every hop': a client can
   * put any address in its own header, and per-address limits would stop meaning anything.
   */
  trustProxy: false | number | string[];
  /** Rate limits can be relaxed for browser test runs that sign in many times from one address. */
  rateLimitScale: number;
  /** Prefix of rate-limit keys in Redis; tests give each app its own. */
  rateLimitNamespace: string;
  /** Prefix of the Socket.IO adapter's channels and of presence keys in Redis; instances of one site share it. */
  realtimeNamespace: string;
  /** How often socket sessions are re-checked (ends that bypass this process: expiry, the admin command). */
  realtimeSweepMs: number;
  /**
   * After SIGTERM: seconds the server keeps serving while /api/ready answers 503, so a load
   * balancer that polls readiness stops sending before the listener closes (docs/DEPLOY.md).
   */
  drainSeconds: number;
  /**
   * Runs every scheduled job on this cron pattern (six fields: seconds first) instead of its own:
   * for a staging site and the deployment test, which must see jobs run within seconds. Never on a site.
   */
  jobsSchedule?: string;
  /**
   * Browser-test hooks (E2E_TEST_HOOKS=true, set only by e2e/support/stack.ts): POST
   * /dev/payouts-run runs the Sunday payout run as a given day inside the server, since the
   * embedded database admits no second process for `npm run payouts:run`. Never set it on a site.
   */
  testHooks: boolean;
  /**
   * AUTO_RELEASE_AFTER ('14d', '90s', '2h'): a deliverable with no decision this long after it
   * was sent is accepted for the client and its escrow released (docs/DEALS.md).
   */
  autoReleaseMs: number;
  /**
   * The public pages' sitemap (modules/seo): addresses per sitemap file (at most 50,000, the
   * protocol's limit; tests use a few) and how long its page plan is kept. Defaults when absent.
   */
  sitemap?: { pageSize?: number; cacheSeconds?: number };
};

const root = path.resolve(import.meta.dirname, '../../..');

function readKey(value: string | undefined, dataDir: string): Buffer {
  if (value) {
    const key = Buffer.from(value, value.length === 64 ? 'hex' : 'base64');
    if (key.length !== 32)
      throw new Error('ENCRYPTION_KEY must be 32 bytes (64 hex or 44 base64 characters)');
    return key;
  }
  if (dataDir === ':memory:') return randomBytes(32);
  // The embedded default keeps a generated key beside its data so a restart can still read it.
  const file = path.join(dataDir, 'encryption.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}

function readPem(file: string, name: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`${name} cannot be read (${file}): ${(err as Error).message}`);
  }
}

/** TLS_CERT_FILE and TLS_KEY_FILE: both or neither; read and checked here so a bad pair stops the start. */
function readTls(env: NodeJS.ProcessEnv): Config['tls'] {
  const certFile = env.TLS_CERT_FILE || undefined;
  const keyFile = env.TLS_KEY_FILE || undefined;
  if (!certFile && !keyFile) return null;
  if (!certFile) throw new Error('TLS_CERT_FILE is required with TLS_KEY_FILE: set both or neither.');
  if (!keyFile) throw new Error('TLS_KEY_FILE is required with TLS_CERT_FILE: set both or neither.');
  const tls = { cert: readPem(certFile, 'TLS_CERT_FILE'), key: readPem(keyFile, 'TLS_KEY_FILE') };
  // OpenSSL's own words (no PEM, key values mismatch) would otherwise come from deep inside listen.
  try {
    createSecureContext(tls);
  } catch (err) {
    throw new Error(
      `TLS_CERT_FILE (${certFile}) and TLS_KEY_FILE (${keyFile}) are not a PEM certificate and its key: ${(err as Error).message}`,
    );
  }
  return tls;
}

/** TRUST_PROXY: unset/'false', a hop count ('true' is one proxy), or addresses and CIDR ranges. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const ranges = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!ranges.every((r) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(r)))
    throw new Error(
      `TRUST_PROXY must be false, a number of proxies, or proxy addresses / CIDR ranges: ${value}`,
    );
  return ranges;
}

/** The embedded default's data folder: DATA_DIR, or data/ at the repository's root. */
export function dataDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATA_DIR === ':memory:' ? ':memory:' : path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  // The mail outbox page shows every PIN and reset link: a production deployment must send
  // mail for real, and never shows the outbox (modules/dev).
  if (mode === 'production' && !env.SMTP_URL)
    throw new Error(
      'SMTP_URL is required when NODE_ENV=production: sign-in PINs and reset links must reach people by mail.',
    );
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port number: ${env.PORT}`);
  const dataDir = dataDirFrom(env);
  const tls = readTls(env);
  const encryptionKey = readKey(env.ENCRYPTION_KEY, dataDir);
  if (env.UNSUBSCRIBE_SECRET !== undefined && env.UNSUBSCRIBE_SECRET.length < 32)
    throw new Error('UNSUBSCRIBE_SECRET must be at least 32 characters: it signs unsubscribe links.');
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecrets: env.STRIPE_WEBHOOK_SECRET.split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          apiUrl: env.STRIPE_API_URL || undefined,
        }
      : undefined;
  const s3 = env.S3_BUCKET
    ? {
        bucket: env.S3_BUCKET,
        region: env.S3_REGION ?? 'us-east-1',
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      }
    : undefined;
  const admin =
    env.ADMIN_EMAIL && env.ADMIN_PASSWORD
      ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME ?? 'Administrator' }
      : undefined;
  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : path.join(root, 'apps/web/dist');
  return {
    env: mode,
    port,
    // Loopback unless told otherwise: the embedded default on a laptop in a café is reached
    // by nobody else on that network (its outbox shows every PIN and reset link).
    host: env.HOST || '127.0.0.1',
    tls,
    publicUrl: (env.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'StampWorks <no-reply@stampworks.local>',
    supportEmail: env.SUPPORT_EMAIL ?? 'support@stampworks.local',
    mailClaimSeconds: positiveNumber(env.MAIL_CLAIM_SECONDS, 300, 'MAIL_CLAIM_SECONDS'),
    mailPollMs: 5_000,
    stripe,
    s3,
    encryptionKey,
    unsubscribeKey: env.UNSUBSCRIBE_SECRET
      ? Buffer.from(env.UNSUBSCRIBE_SECRET, 'utf8')
      : Buffer.from(hkdfSync('sha256', encryptionKey, '', 'stampworks alert unsubscribe links', 32)),
    admin,
    // Demo data is for trying the product: a production start loads it only when asked.
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : mode !== 'production' && !env.DATABASE_URL,
    webDist: existsSync(webDist) ? webDist : undefined,
    sealTrustRoots: trustRootsFile(env.SEAL_TRUST_ROOTS),
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    corsOrigin: env.CORS_ORIGIN || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimitScale: Number(env.RATE_LIMIT_SCALE ?? 1),
    // Instances of one site share the prefix; two sites on one Redis need different ones.
    rateLimitNamespace: `${redisPrefix(env.REDIS_PREFIX)}-rl:`,
    realtimeNamespace: `${redisPrefix(env.REDIS_PREFIX)}-rt:`,
    realtimeSweepMs: 30_000,
    drainSeconds: nonNegativeNumber(env.SHUTDOWN_DRAIN_SECONDS, 0, 'SHUTDOWN_DRAIN_SECONDS'),
    jobsSchedule: env.JOBS_SCHEDULE || undefined,
    testHooks: env.E2E_TEST_HOOKS === 'true',
    autoReleaseMs: autoRelease(env.AUTO_RELEASE_AFTER),
  };
}

function autoRelease(text: string | undefined): number {
  const ms = parseDuration(text || DEFAULT_AUTO_RELEASE);
  if (ms === null)
    throw new Error(
      `AUTO_RELEASE_AFTER must be a whole number and a unit (s, m, h or d), such as 14d or 90s: ${text}`,
    );
  return ms;
}

/** The PEM text of the trust store file; a file named but missing stops the start. */
function trustRootsFile(file: string | undefined): string {
  if (!file?.trim()) return '';
  try {
    return readFileSync(file.trim(), 'utf8');
  } catch (err) {
    throw new Error(`SEAL_TRUST_ROOTS names a file that cannot be read: ${(err as Error).message}`);
  }
}

function redisPrefix(text: string | undefined): string {
  const prefix = text || 'stampworks';
  if (!/^[\w.-]{1,64}$/.test(prefix))
    throw new Error(`REDIS_PREFIX may hold letters, digits, '_', '.' and '-' (at most 64): ${text}`);
  return prefix;
}

function nonNegativeNumber(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number of 0 or more: ${text}`);
  return n;
}

function positiveNumber(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number: ${text}`);
  return n;
}

/** A config for tests: in-memory embedded database unless TEST_DATABASE_URL/DATABASE_URL points at a server. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', PORT: '0' }),
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    rateLimitNamespace: `test-rl-${randomBytes(6).toString('hex')}:`,
    realtimeNamespace: `test-rt-${randomBytes(6).toString('hex')}:`,
    seedDemo: false,
    webDist: undefined,
    // Tests that trust the demo seal authority say so as a developer would.
    sealTrustRoots: trustRootsFile(process.env.SEAL_TRUST_ROOTS),
    ...overrides,
  };
}
