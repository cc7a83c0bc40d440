// Uploads through the real route for API tests, and just enough of each format for
// content sniffing.
import type { FileKind } from '@app/shared';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';

export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
export const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(32),
]);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

export function multipart(
  parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>,
) {
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

export function uploadRequest(
  app: TestApp,
  data: Buffer,
  opts: {
    kind?: FileKind | string;
    auth?: Record<string, string>;
    filename?: string;
    type?: string;
    ip?: string;
  } = {},
) {
  const body = multipart([{ name: 'file', filename: opts.filename ?? 'upload.bin', type: opts.type, data }]);
  return app.inject({
    method: 'POST',
    url: opts.kind === undefined ? '/api/files' : `/api/files?kind=${opts.kind}`,
    payload: body.payload,
    headers: { ...body.headers, ...(opts.auth ?? {}) },
    remoteAddress: opts.ip ?? '198.51.100.1',
  });
}

/** Uploads a file as the user (or anonymously) and answers its link `/files/<name>`. */
export async function uploaded(
  app: TestApp,
  kind: FileKind,
  auth?: Record<string, string>,
  data: Buffer = kind === 'avatar' ? PNG : PDF,
): Promise<string> {
  const res = await uploadRequest(app, data, { kind, auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().secure_url as string;
}
