// The web page carries a fresh style nonce in its CSP and in <meta name="csp-nonce">, so the
// dialogs' scroll-lock <style> is allowed while style-src stays strict.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';

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
  app = await createTestApp({ webDist: dist });
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
