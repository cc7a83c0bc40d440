// The build step that writes .br and .gz copies beside the hashed assets.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.mjs';

const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes brotli and gzip copies of text assets that decompress to the file, and nothing else', async () => {
    const script = `export const a = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `item ${i % 11}`))};`;
    writeFileSync(join(dir, 'index-X1.js'), script);
    writeFileSync(join(dir, 'index-X1.css'), `.a{color:red}\n`.repeat(200));
    writeFileSync(join(dir, 'index-X1.js.map'), '{"version":3}'.repeat(200));
    writeFileSync(join(dir, 'logo-X1.png'), Buffer.alloc(2000, 7));
    writeFileSync(join(dir, 'tiny-X1.js'), 'a');

    const results = await precompressDir(dir);

    expect(readdirSync(dir).sort()).toEqual([
      'index-X1.css',
      'index-X1.css.br',
      'index-X1.css.gz',
      'index-X1.js',
      'index-X1.js.br',
      'index-X1.js.gz',
      'index-X1.js.map',
      'logo-X1.png',
      'tiny-X1.js',
    ]);
    expect(brotliDecompressSync(readFileSync(join(dir, 'index-X1.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'index-X1.js.gz'))).toString()).toBe(script);
    const js = results.find((r) => r.file === 'index-X1.js');
    expect(js.br).toBeLessThan(js.gz);
    expect(js.gz).toBeLessThan(js.bytes);
    expect(results.find((r) => r.file === 'tiny-X1.js')).toMatchObject({ br: null, gz: null });
  });
});
