// File storage: a local folder in the data directory, or S3-compatible object storage.
// Only the bytes live here; which files exist, whose they are and who may read them is
// in the `files` table (modules/files). Nothing here is served directly: the file route
// streams what the table allows.
import { createReadStream, mkdirSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import { randomToken } from '../../lib/crypto.ts';

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under a new random name (`<random>.<ext>`) and answers the name. */
  put(data: Buffer, ext: string, contentType: string): Promise<string>;
  /** The stored bytes, or null when there are none under that name. */
  read(name: string): Promise<Readable | null>;
  /** Removes the bytes; a name already gone is fine. */
  remove(name: string): Promise<void>;
}

/** Where local storage keeps its files. */
export function localStorageRoot(config: Config): string {
  return config.dataDir === ':memory:'
    ? path.join(tmpdir(), 'stampworks-files')
    : path.join(config.dataDir, 'files');
}

const SAFE_NAME = /^[\w-]{8,64}\.[a-z0-9]{2,5}$/;

export function createStorage(config: Config): Storage {
  if (config.s3) return createS3Storage(config);
  const root = localStorageRoot(config);
  mkdirSync(root, { recursive: true });
  const fileOf = (name: string) => {
    // Names come from the files table, but a path must never leave the folder.
    if (!SAFE_NAME.test(name)) throw new Error(`not a stored file name: ${name}`);
    return path.join(root, name);
  };
  return {
    kind: 'local',
    async put(data, ext) {
      const name = `${randomToken(18)}.${ext}`;
      await mkdir(root, { recursive: true });
      await writeFile(fileOf(name), data);
      return name;
    },
    async read(name) {
      const file = fileOf(name);
      try {
        if (!(await stat(file)).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async remove(name) {
      await rm(fileOf(name), { force: true });
    },
  };
}

function createS3Storage(config: Config): Storage {
  const s3 = config.s3!;
  // Loaded on demand so the embedded default does not pay for the AWS SDK at start.
  const sdk = () => import('@aws-sdk/client-s3');
  let client: import('@aws-sdk/client-s3').S3Client | undefined;
  const connect = async () => {
    if (client) return client;
    const { S3Client } = await sdk();
    client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: !!s3.endpoint,
      credentials:
        s3.accessKeyId && s3.secretAccessKey
          ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
          : undefined,
    });
    return client;
  };
  return {
    kind: 's3',
    async put(data, ext, contentType) {
      const { PutObjectCommand } = await sdk();
      const key = `${randomToken(18)}.${ext}`;
      await (await connect()).send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: data, ContentType: contentType }),
      );
      return key;
    },
    async read(name) {
      const { GetObjectCommand } = await sdk();
      try {
        const out = await (await connect()).send(new GetObjectCommand({ Bucket: s3.bucket, Key: name }));
        return (out.Body as Readable | undefined) ?? null;
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async remove(name) {
      const { DeleteObjectCommand } = await sdk();
      await (await connect()).send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: name }));
    },
  };
}
