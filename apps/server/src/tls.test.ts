// The server speaking HTTPS itself (TLS_CERT_FILE, TLS_KEY_FILE): the real app listening on a
// loopback port with a certificate made for this run, reached over HTTP/2 and HTTP/1.1, with
// Socket.IO on both of its transports and the raw request and reply uses (rate limit by
// address, multipart, the webhook's raw body, static files with precompressed copies, the API
// reference) exercised over HTTP/2.
import { mkdirSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { io, type Socket } from 'socket.io-client';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPaymentsProvider } from './adapters/payments/test-provider.ts';
import { loadConfig } from './config.ts';
import { selfSignedCertificate } from './test/certificate.ts';
import { multipart, PNG } from './test/fixtures/files.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

const certificate = selfSignedCertificate();
const { certFile, keyFile } = certificate;
const webDist = path.join(certificate.dir, 'web');
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

let app: TestApp;
let origin: string;
let session: http2.ClientHttp2Session;
let cert: string;

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), SCRIPT);
  writeFileSync(path.join(webDist, 'assets', 'app-1234.js.br'), brotliCompressSync(SCRIPT));

  const { tls } = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: ':memory:',
    TLS_CERT_FILE: certFile,
    TLS_KEY_FILE: keyFile,
  });
  expect(tls).not.toBeNull();
  cert = tls!.cert;
  app = await createTestApp({ tls, webDist });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `https://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  session = http2.connect(origin, { ca: cert });
  await new Promise<void>((resolve, reject) => {
    session.once('connect', () => resolve());
    session.once('error', reject);
  });
});

afterAll(async () => {
  session?.close();
  await app?.dispose();
  certificate.remove();
});

type H2Answer = { status: number; headers: http2.IncomingHttpHeaders; body: Buffer };

function h2(headers: http2.OutgoingHttpHeaders, body?: Buffer | string): Promise<H2Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers);
    const chunks: Buffer[] = [];
    let answer: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => {
      answer = h;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () =>
      resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks) }),
    );
    stream.on('error', reject);
    stream.end(body);
  });
}

describe('HTTPS with TLS_CERT_FILE and TLS_KEY_FILE', () => {
  it('answers over HTTP/2 when the client offers it', async () => {
    expect(session.alpnProtocol).toBe('h2');
    const res = await h2({ ':path': '/api/health' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body.toString())).toMatchObject({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // The API rate limit keys on req.ip, which comes from the HTTP/2 session's socket.
    expect(res.headers['x-ratelimit-limit']).toBe('600');
  });

  it('answers over HTTP/1.1 to a client that does not', async () => {
    const res = await new Promise<{ status: number; version: string; body: string }>((resolve, reject) => {
      https
        .get(`${origin}/api/health`, { ca: cert, agent: false }, (r) => {
          let body = '';
          r.setEncoding('utf8');
          r.on('data', (c: string) => {
            body += c;
          });
          r.on('end', () => resolve({ status: r.statusCode ?? 0, version: r.httpVersion, body }));
        })
        .on('error', reject);
    });
    expect(res.version).toBe('1.1');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'ok' });
  });

  it('keeps JSON bodies and their refusals over HTTP/2', async () => {
    const post = (body: string) =>
      h2({ ':method': 'POST', ':path': '/api/contact', 'content-type': 'application/json' }, body);
    const invalid = await post(
      JSON.stringify({ fullName: 'Vera', email: 'not-an-address', subject: 'S', message: 'M' }),
    );
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body.toString())).toMatchObject({
      code: 'VALIDATION',
      message: 'Please enter a valid email address.',
    });
    const malformed = await post('{');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body.toString())).toMatchObject({
      message: 'The request body is not valid JSON.',
    });
    const sent = await post(
      JSON.stringify({ fullName: 'Vera', email: 'vera@example.com', subject: 'S', message: 'M' }),
    );
    expect(sent.status).toBe(200);
  });

  it('checks a payment event’s signature over the raw bytes sent over HTTP/2', async () => {
    const payload = JSON.stringify({ id: 'evt_h2', type: 'h2.test', created: 1, data: { object: {} } });
    const secret = (app.ctx.payments as TestPaymentsProvider).webhookSecret;
    const send = (signature: string) =>
      h2(
        {
          ':method': 'POST',
          ':path': '/api/stripe/webhook',
          'content-type': 'application/json',
          'stripe-signature': signature,
        },
        payload,
      );
    expect((await send(Stripe.webhooks.generateTestHeaderString({ payload, secret }))).status).toBe(200);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    expect((await send(forged)).status).toBe(400);
  });

  it('takes a multipart upload over HTTP/2', async () => {
    const form = multipart([{ name: 'file', filename: 'me.png', type: 'image/png', data: PNG }]);
    const res = await h2(
      { ':method': 'POST', ':path': '/api/files?kind=avatar', ...form.headers },
      form.payload,
    );
    expect(res.status, res.body.toString()).toBe(200);
    const { secure_url: url } = JSON.parse(res.body.toString()) as { secure_url: string };
    const file = await h2({ ':path': url });
    expect(file.status).toBe(200);
    expect(file.body.equals(PNG)).toBe(true);
  });

  it('serves the web app and its precompressed scripts over HTTP/2', async () => {
    const page = await h2({ ':path': '/' });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('csp-nonce');
    // Served over TLS: browsers are told to keep to it.
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const script = await h2({ ':path': '/assets/app-1234.js', 'accept-encoding': 'br, gzip' });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.body.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('serves the API reference over HTTP/2', async () => {
    const res = await h2({ ':path': '/api/docs/json' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString()).info.title).toBe('StampWorks API');
  });

  for (const transport of ['websocket', 'polling'] as const) {
    it(`connects Socket.IO over ${transport}`, async () => {
      const socket: Socket = io(origin, {
        path: '/socket.io',
        transports: [transport],
        reconnection: false,
        forceNew: true,
        rejectUnauthorized: false,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        expect(socket.io.engine.transport.name).toBe(transport);
      } finally {
        socket.disconnect();
      }
    });
  }

  it('refuses to start with only one of the two variables, naming the missing one', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: ':memory:' };
    expect(() => loadConfig({ ...env, TLS_CERT_FILE: certFile })).toThrow(/TLS_KEY_FILE/);
  });
});
