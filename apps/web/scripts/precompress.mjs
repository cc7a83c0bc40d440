#!/usr/bin/env node
// Run after `vite build` (the web package's build script): writes a brotli (.br) and a gzip
// (.gz) copy beside each text asset in dist/assets, so the server sends them as they are
// (@fastify/static's preCompressed) instead of compressing on every request. Maximum
// compression levels: the work is done once per build. A copy that would not be smaller is
// not written (the server then sends the file itself). Source maps are left out: only
// developer tools fetch them.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Extensions worth compressing (text); images and fonts are already compressed. */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|wasm)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` (not recursive).
 * @param {string} dir
 * @returns {Promise<Array<{ file: string, bytes: number, br: number | null, gz: number | null }>>}
 */
export async function precompressDir(dir) {
  const names = (await readdir(dir)).filter((n) => COMPRESSIBLE.test(n));
  // zlib's async calls run on libuv's thread pool, so the files are compressed in parallel.
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      const smaller = (c) => c.length < raw.length;
      if (smaller(br)) await writeFile(`${file}.br`, br);
      if (smaller(gz)) await writeFile(`${file}.gz`, gz);
      return {
        file: name,
        bytes: raw.length,
        br: smaller(br) ? br.length : null,
        gz: smaller(gz) ? gz.length : null,
      };
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist', 'assets'));
  const started = Date.now();
  const results = await precompressDir(dir);
  const sum = (k) => results.reduce((n, r) => n + (r[k] ?? r.bytes), 0);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `precompressed ${results.length} files in ${path.relative(process.cwd(), dir) || '.'}: ` +
      `${kb(sum('bytes'))} -> brotli ${kb(sum('br'))}, gzip ${kb(sum('gz'))} (${Date.now() - started} ms)`,
  );
}
