// docs/DEPLOY.md keeps every environment variable in one table; config.ts is the one place
// that reads them. This keeps the two naming the same variables.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** The variables config.ts reads: every `env.NAME`. */
function variablesRead(source: string): string[] {
  return [...new Set([...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)].map((m) => m[1]))].sort();
}

/** The first column of the table between the env markers. */
function variablesDocumented(doc: string): string[] {
  const start = doc.indexOf('<!-- env:start -->');
  const end = doc.indexOf('<!-- env:end -->');
  if (start < 0 || end < start) throw new Error('docs/DEPLOY.md has no env:start / env:end table');
  const rows = doc
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  return rows.map((line) => /^\| `([A-Z][A-Z0-9_]*)`/.exec(line)?.[1] ?? line).sort();
}

it('documents in docs/DEPLOY.md exactly the environment variables config.ts reads', () => {
  const read = variablesRead(readFileSync(path.join(root, 'apps/server/src/config.ts'), 'utf8'));
  const documented = variablesDocumented(readFileSync(path.join(root, 'docs/DEPLOY.md'), 'utf8'));
  expect(read.length).toBeGreaterThan(20);
  expect(documented).toEqual(read);
});

it('reads names the way config.ts writes them, and each table row once', () => {
  expect(variablesRead('const a = env.PORT ?? 1; env.S3_BUCKET; process.env.NODE_ENV; env.port')).toEqual([
    'NODE_ENV',
    'PORT',
    'S3_BUCKET',
  ]);
  const doc = [
    '<!-- env:start -->',
    '| variable | x |',
    '| --- | --- |',
    '| `B_2` | y |',
    '| `A` | z |',
    '<!-- env:end -->',
  ].join('\n');
  expect(variablesDocumented(doc)).toEqual(['A', 'B_2']);
});
