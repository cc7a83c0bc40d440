// File storage: a local folder served at /files, or S3-compatible object storage.
// Names are random so a stored file's address cannot be guessed.
import { mkdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { randomToken } from '../../lib/crypto.ts';

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Local folder served at /files (local storage only). */
  readonly root?: string;
  /** Stores the bytes and answers the public address. */
  put(data: Buffer, ext: string, contentType: string): Promise<string>;
}

export function createStorage(config: Config): Storage {
  if (config.s3) return createS3Storage(config);
  const root =
    config.dataDir === ':memory:'
      ? path.join(tmpdir(), 'stampworks-files')
      : path.join(config.dataDir, 'files');
  // Created up front so the /files route has a folder to serve before the first upload.
  mkdirSync(root, { recursive: true });
  return {
    kind: 'local',
    root,
    async put(data, ext) {
      const name = `${randomToken(18)}.${ext}`;
      await mkdir(root, { recursive: true });
      await writeFile(path.join(root, name), data);
      return `${config.publicUrl}/files/${name}`;
    },
  };
}

function createS3Storage(config: Config): Storage {
  const s3 = config.s3!;
  return {
    kind: 's3',
    async put(data, ext, contentType) {
      // Loaded on demand so the embedded default does not pay for the AWS SDK at start.
      const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
      const client = new S3Client({
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: !!s3.endpoint,
        credentials:
          s3.accessKeyId && s3.secretAccessKey
            ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
            : undefined,
      });
      const key = `${randomToken(18)}.${ext}`;
      await client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: data, ContentType: contentType }),
      );
      const base = s3.endpoint
        ? `${s3.endpoint.replace(/\/$/, '')}/${s3.bucket}`
        : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
      return `${base}/${key}`;
    },
  };
}
