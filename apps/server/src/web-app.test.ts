// The web page carries a fresh style nonce in its CSP and in <meta name="csp-nonce">, so the
// dialogs' scroll-lock <style> is allowed while style-src stays strict. Hashed assets are sent
// precompressed with year-long immutable caching, the page is never cached, and static files
// stay outside the API rate limit.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i % 37}`))};`;

let app: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  // As the build leaves a hashed script: the file and its .br and .gz copies
  // (apps/web/scripts/precompress.mjs).
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A limit of 300 a minute (the product's 600 halved), so the test goes past it quickly.
  app = await createTestApp({ webDist: dist, rateLimitScale: 0.5 });
});
afterAll(async () => {
  await app.dispose();
  rmSync(dist, { recursive: true, force: true });
});

const nonceOf = (html: string) => html.match(/<meta name="csp-nonce" content="([0-9a-f]+)"/)?.[1];

describe('the web page', () => {
  it('is sent with a style nonce that its CSP allows, new for every request', async () => {
    const first = await app.inject({ url: '/' });
    expect(first.statusCode).toBe(200);
    const nonce = nonceOf(first.body);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect(csp).not.toContain('unsafe-inline');
    const second = await app.inject({ url: '/index.html' });
    expect(nonceOf(second.body)).not.toBe(nonce);
  });

  it('serves the other files as they are', async () => {
    const res = await app.inject({ url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
  });
});

const ASSET = '/assets/index-Ab12Cd34.js';
const rateLimitHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((h) => h.startsWith('x-ratelimit') || h === 'retry-after');

describe('hashed assets', () => {
  it('are sent brotli-compressed when the browser takes brotli, with year-long immutable caching', async () => {
    const res = await app.inject({ url: ASSET, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type'])).toMatch(/^text\/javascript|^application\/javascript/);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('are sent gzipped to a browser that does not take brotli', async () => {
    const res = await app.inject({ url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('are sent as they are without Accept-Encoding, still varying on it', async () => {
    const res = await app.inject({ url: ASSET });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const identity = await app.inject({ url: ASSET, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(SCRIPT);
  });

  it('fall back to the file itself when the build left no compressed copy', async () => {
    const res = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });

  it('keep the security headers, and nothing outside the build is reachable', async () => {
    const res = await app.inject({ url: ASSET, headers: { 'accept-encoding': 'br' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    for (const url of [
      '/assets/missing.js',
      '/../package.json',
      '/%2e%2e/package.json',
      '/api/nothing-here',
    ]) {
      const miss = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect([403, 404]).toContain(miss.statusCode);
    }
  });
});

describe('the page and unhashed files', () => {
  it('are never cached without asking again', async () => {
    for (const url of ['/', '/index.html', '/favicon.svg']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('static files and the API rate limit', () => {
  it('are answered outside it: no rate-limit headers, never a 429, not counted', async () => {
    const api = await app.inject({ url: '/api/health' });
    expect(api.headers['x-ratelimit-limit']).toBe('300');
    const before = Number(api.headers['x-ratelimit-remaining']);
    const urls = ['/', '/index.html', ASSET, '/assets/app.js', '/favicon.svg'];
    for (let i = 0; i < 400; i++) {
      const res = await app.inject({ url: urls[i % urls.length], headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(rateLimitHeaders(res.headers)).toEqual([]);
    }
    const after = await app.inject({ url: '/api/health' });
    expect(after.statusCode).toBe(200);
    expect(Number(after.headers['x-ratelimit-remaining'])).toBe(before - 1);
  });
});

describe('source maps', () => {
  it('are served to developers and never by a production site', async () => {
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    expect((await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js.map' })).statusCode).toBe(200);
    const prod = await createTestApp({ webDist: dist, env: 'production' });
    try {
      const map = await prod.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret');
      expect((await prod.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' })).statusCode).toBe(200);
    } finally {
      await prod.dispose();
    }
  });
});

describe('HSTS', () => {
  it('is sent whenever the site is reached over TLS, and not on plain local HTTP', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const behindTls = await createTestApp({ webDist: dist, publicUrl: 'https://stamp.example' });
    try {
      expect(
        (await behindTls.inject({ method: 'GET', url: '/' })).headers['strict-transport-security'],
      ).toMatch(/max-age=\d+/);
    } finally {
      await behindTls.dispose();
    }
  });
});
