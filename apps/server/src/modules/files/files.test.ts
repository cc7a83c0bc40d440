import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { assertStoredFileUrl } from './files.service.ts';

let app: TestApp;
let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  app = await createTestApp({ rateLimitScale: 1 });
  user = await createUser(app);
});
afterAll(() => app.dispose());

// Just enough of each format for content sniffing.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(32),
]);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const TEXT = Buffer.from('just some text that pretends to be a picture');
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(64)]);

function multipart(parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>) {
  const boundary = `----stampworks${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (
  data: Buffer,
  opts: { auth?: Record<string, string>; filename?: string; type?: string; ip?: string } = {},
) => {
  const body = multipart([{ name: 'file', filename: opts.filename ?? 'upload.bin', type: opts.type, data }]);
  return app.inject({
    method: 'POST',
    url: '/api/files',
    payload: body.payload,
    headers: { ...body.headers, ...(opts.auth ?? {}) },
    remoteAddress: opts.ip ?? '198.51.100.1',
  });
};

describe('uploads', () => {
  it('stores signed-in images and PDFs under random names and answers their address', async () => {
    for (const [data, ext] of [
      [PNG, 'png'],
      [JPEG, 'jpg'],
      [PDF, 'pdf'],
    ] as const) {
      // The declared name and type lie; the bytes decide.
      const res = await upload(data, {
        auth: user.auth,
        filename: 'drawing.exe',
        type: 'application/x-msdownload',
      });
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().secure_url as string;
      expect(url).toMatch(new RegExp(`^${app.ctx.config.publicUrl}/files/[\\w-]{24}\\.${ext}$`));
      const stored = await readFile(path.join(app.ctx.storage.root!, url.split('/').pop()!));
      expect(stored.equals(data)).toBe(true);
      const served = await app.inject({ method: 'GET', url: `/files/${url.split('/').pop()}` });
      expect(served.statusCode).toBe(200);
    }
  });

  it('refuses content it cannot recognise as allowed, whatever the name says', async () => {
    for (const data of [TEXT, EXE]) {
      const res = await upload(data, { auth: user.auth, filename: 'photo.png', type: 'image/png' });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/not supported/);
    }
  });

  it('refuses images over 5 MB and files over 25 MB with 413', async () => {
    const bigImage = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(bigImage, { auth: user.auth });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Images can be at most 5 MB.');
    const pdf4 = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]);
    expect((await upload(pdf4, { auth: user.auth })).statusCode).toBe(200);
    const bigPdf = Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024)]);
    const tooBig = await upload(bigPdf, { auth: user.auth });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Files can be at most 25 MB.');
  });

  it('lets a visitor upload only an avatar image, at most 10 an hour per address', async () => {
    const pdf = await upload(PDF, { ip: '198.51.100.7' });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toMatch(/before signing in/);
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), { ip: '198.51.100.7' });
    expect(big.statusCode).toBe(413);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await upload(PNG, { ip: '198.51.100.7' })).statusCode);
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
    // Signed-in uploads are counted per account, not per address.
    expect((await upload(PNG, { ip: '198.51.100.7', auth: user.auth })).statusCode).toBe(200);
  });

  it('answers a request without a file, or not multipart, with a 4xx', async () => {
    const noFile = multipart([{ name: 'note', data: 'hello' }]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/files',
      payload: noFile.payload,
      headers: { ...noFile.headers, ...user.auth },
    });
    expect(res.statusCode).toBe(400);
    const other = multipart([{ name: 'picture', filename: 'a.png', data: PNG }]);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/files',
          payload: other.payload,
          headers: { ...other.headers, ...user.auth },
        })
      ).statusCode,
    ).toBe(400);
    const json = await app.inject({
      method: 'POST',
      url: '/api/files',
      payload: { file: 'x' },
      headers: user.auth,
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    const broken = await app.inject({
      method: 'POST',
      url: '/api/files',
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz', ...user.auth },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('accepts as a picture address only an image this site stored', () => {
    const base = app.ctx.config.publicUrl;
    expect(assertStoredFileUrl(app.ctx.config, `${base}/files/AbCdEfGhIjKlMnOpQrSt.png`)).toBeTruthy();
    for (const bad of [
      'https://evil.example/files/AbCdEfGhIjKlMnOpQrSt.png',
      `${base}/files/../secret.png`,
      `${base}/files/AbCdEfGhIjKlMnOpQrSt.pdf`,
      `${base}/files/x.png`,
    ])
      expect(() => assertStoredFileUrl(app.ctx.config, bad)).toThrow();
  });
});
