// No regular expression the server runs can take time that grows faster than the length of
// what it reads (docs/SECURITY.md, 'Nothing a request sends can block the server'). Every
// pattern written in packages/shared and the server, and every pattern the shared schemas
// carry (zod's own formats included), goes through recheck, a checker made for this: it
// builds the pattern's automaton, looks for ambiguity that makes backtracking super-linear,
// and confirms what it finds with an attack string. A pattern built at run time from text
// (`new RegExp(variable)`) cannot be checked here, so each such place is listed below with
// why it is safe; a new one fails this test until it is.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as shared from '@app/shared';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { stringSchemas } from '../../../../packages/shared/src/schema-walk.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const FOLDERS = ['packages/shared/src', 'apps/server/src', 'apps/server/scripts'];

/** `new RegExp(<not a literal>)` places, by file, and why each is safe. */
const BUILT_AT_RUN_TIME: Record<string, string> = {
  'packages/shared/src/text.ts':
    'BIDI_CONTROLS.source with the g flag: the literal checked here, one character class',
  'packages/shared/src/auth.ts':
    'a fixed number of digits, anchored; the schema test checks the pattern built',
  'apps/server/src/adapters/payments/test-cards.ts': 'a fixed number of digits (3 or 4), anchored',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    // src/test holds the tests' own helpers, which the product never runs.
    if (statSync(full).isDirectory())
      return name === 'node_modules' || full.endsWith('apps/server/src/test') ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

type Found = { where: string; source: string; flags: string };

/** Regular expression literals and `new RegExp('literal')` calls of one file. */
function patternsOf(file: string): { found: Found[]; dynamic: string[] } {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const rel = path.relative(root, file);
  const found: Found[] = [];
  const dynamic: string[] = [];
  const where = (node: ts.Node) => `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const lastSlash = node.text.lastIndexOf('/');
      found.push({
        where: where(node),
        source: node.text.slice(1, lastSlash),
        flags: node.text.slice(lastSlash + 1),
      });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteral(pattern))
        found.push({
          where: where(node),
          source: pattern.text,
          flags: flags && ts.isStringLiteral(flags) ? flags.text : '',
        });
      else dynamic.push(rel);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { found, dynamic };
}

/** Every pattern a shared string schema checks (a format's, or one given to `.regex()`). */
function schemaPatterns(): Found[] {
  return Object.entries(shared).flatMap(([name, value]) =>
    stringSchemas(value, name).flatMap(([where, def]) =>
      [def.pattern, ...(def.checks ?? []).map((c) => c._zod.def.pattern)]
        .filter((p): p is RegExp => p instanceof RegExp)
        .map((p) => ({ where, source: p.source, flags: p.flags })),
    ),
  );
}

describe('regular expressions in packages/shared and the server', () => {
  const files = FOLDERS.flatMap((f) => sourceFiles(path.join(root, f)));
  const scanned = files.map(patternsOf);
  const literals = scanned.flatMap((s) => s.found);
  const fromSchemas = schemaPatterns();

  it('are all found: literals, RegExp calls and the schemas’ patterns', () => {
    expect(literals.length).toBeGreaterThan(30);
    expect(fromSchemas.map((p) => p.source)).toContain(shared.EMAIL_PATTERN.source);
    const unexplained = [...new Set(scanned.flatMap((s) => s.dynamic))].filter((f) => !BUILT_AT_RUN_TIME[f]);
    expect(unexplained, 'RegExp built from a variable: check it by hand and list it here').toEqual([]);
  });

  it('take time at most linear in their input (recheck)', async () => {
    const unique = new Map<string, Found>();
    for (const p of [...literals, ...fromSchemas]) unique.set(`${p.source}/${p.flags}`, p);
    const problems: string[] = [];
    for (const p of unique.values()) {
      const result = await check(p.source, p.flags.replace(/[gy]/g, ''), { timeout: 30_000 });
      if (result.status === 'vulnerable')
        problems.push(
          `${p.where} /${p.source}/${p.flags}: ${result.complexity.summary}, e.g. ${result.attack.pattern}`,
        );
      else if (result.status === 'unknown')
        problems.push(`${p.where} /${p.source}/${p.flags}: recheck could not decide (${result.error.kind})`);
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('catch the pattern that froze sign-in (the checker is not blind)', async () => {
    const result = await check(String.raw`^[^\s@]+@[^\s@]+\.[^\s@]+$`, '');
    expect(result.status).toBe('vulnerable');
  });
});
