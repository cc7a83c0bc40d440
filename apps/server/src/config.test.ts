import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config.ts';
import { contractSignatures } from './db/schema/index.ts';
import { selfSignedCertificate } from './test/certificate.ts';
import { checkout, openDeal } from './test/fixtures/payments.ts';
import { createTestApp } from './test/harness.ts';

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, never every hop', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.5')).toEqual(['10.0.0.0/8', '192.168.1.5']);
    expect(() => parseTrustProxy('everyone')).toThrow(/TRUST_PROXY/);
  });
});

describe('behind one proxy', () => {
  it('believes only the hop the proxy added, not what the client wrote', async () => {
    const app = await createTestApp({ trustProxy: 1 });
    try {
      const deal = await openDeal(app);
      const res = await checkout(
        app,
        deal.client,
        { projectId: deal.projectId, proposalId: deal.offers[0].proposalId, amount: deal.offers[0].amount },
        {},
        // The client forged 6.6.6.6; the proxy appended the address it saw.
        { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' },
      );
      expect(res.statusCode, res.body).toBe(200);
      const [signed] = await app.ctx.db.select().from(contractSignatures);
      expect(signed.ip).toBe('203.0.113.7');
    } finally {
      await app.dispose();
    }
  });
});

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  const certificate = selfSignedCertificate();
  const { certFile, keyFile } = certificate;
  afterAll(() => certificate.remove());
  const load = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', ...env });

  it('reads both files at load; without them the server stays plain HTTP', () => {
    const config = load({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile });
    expect(config.tls).toEqual({ cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') });
    expect(config.publicUrl).toBe('https://localhost:3000');
    const plain = load({ TLS_CERT_FILE: '', TLS_KEY_FILE: '' });
    expect(plain.tls).toBeNull();
    expect(plain.publicUrl).toBe('http://localhost:3000');
  });

  it('refuses one without the other, naming the missing one', () => {
    expect(() => load({ TLS_CERT_FILE: certFile })).toThrow(/TLS_KEY_FILE is required/);
    expect(() => load({ TLS_KEY_FILE: keyFile })).toThrow(/TLS_CERT_FILE is required/);
  });

  it('refuses a file it cannot read, naming its variable', () => {
    const missing = path.join(certificate.dir, 'missing.pem');
    expect(() => load({ TLS_CERT_FILE: missing, TLS_KEY_FILE: keyFile })).toThrow(
      /^TLS_CERT_FILE cannot be read .*missing\.pem/,
    );
    expect(() => load({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: certificate.dir })).toThrow(
      /^TLS_KEY_FILE cannot be read/,
    );
  });

  it('refuses files that are not a certificate and its key', () => {
    const notPem = path.join(certificate.dir, 'not.pem');
    writeFileSync(notPem, 'hello');
    expect(() => load({ TLS_CERT_FILE: notPem, TLS_KEY_FILE: keyFile })).toThrow(
      /TLS_CERT_FILE .* and TLS_KEY_FILE .* are not a PEM certificate and its key/,
    );
    const other = selfSignedCertificate();
    try {
      expect(() => load({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: other.keyFile })).toThrow(
        /are not a PEM certificate and its key/,
      );
    } finally {
      other.remove();
    }
  });
});

describe('the embedded default on a shared network', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: ':memory:' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: ':memory:', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('loads demo data in production only when SEED_DEMO=true says so', () => {
    const prod = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', DATA_DIR: ':memory:' };
    expect(loadConfig(prod).seedDemo).toBe(false);
    expect(loadConfig({ ...prod, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ ...prod, SEED_DEMO: 'yes' }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: ':memory:' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: ':memory:', DATABASE_URL: 'postgres://x@127.0.0.1/y' }).seedDemo).toBe(
      false,
    );
  });
});

describe('several instances (docs/DEPLOY.md)', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: ':memory:' };
  it('shares Redis keys under REDIS_PREFIX, stampworks by default', () => {
    expect(loadConfig(base).realtimeNamespace).toBe('stampworks-rt:');
    expect(loadConfig(base).rateLimitNamespace).toBe('stampworks-rl:');
    const staging = loadConfig({ ...base, REDIS_PREFIX: 'staging' });
    expect([staging.realtimeNamespace, staging.rateLimitNamespace]).toEqual(['staging-rt:', 'staging-rl:']);
    expect(() => loadConfig({ ...base, REDIS_PREFIX: 'a b*' })).toThrow(/REDIS_PREFIX/);
  });
  it('reads the drain time and the jobs schedule override', () => {
    expect(loadConfig(base).drainSeconds).toBe(0);
    expect(loadConfig({ ...base, SHUTDOWN_DRAIN_SECONDS: '7.5' }).drainSeconds).toBe(7.5);
    expect(() => loadConfig({ ...base, SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
    expect(loadConfig(base).jobsSchedule).toBeUndefined();
    expect(loadConfig({ ...base, JOBS_SCHEDULE: '*/2 * * * * *' }).jobsSchedule).toBe('*/2 * * * * *');
  });
});

describe('SEAL_TRUST_ROOTS', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: ':memory:', PORT: '0' };
  it('reads the trust store when the server starts; without it nothing is trusted', () => {
    const file = path.join(import.meta.dirname, 'seed/demo-trust-store.pem');
    expect(loadConfig({ ...base, SEAL_TRUST_ROOTS: file }).sealTrustRoots).toBe(readFileSync(file, 'utf8'));
    expect(loadConfig(base).sealTrustRoots).toBe('');
  });
  it('refuses to start with a file it cannot read, naming its variable', () => {
    expect(() => loadConfig({ ...base, SEAL_TRUST_ROOTS: '/nowhere/roots.pem' })).toThrow(/SEAL_TRUST_ROOTS/);
  });
});
