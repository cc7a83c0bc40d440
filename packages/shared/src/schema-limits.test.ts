// Every string a schema checks against a pattern or a rule has a length limit that is checked
// first and stops the checks when it fails. A pattern's cost can grow with the length of what
// it reads (docs/SECURITY.md, 'Nothing a request sends can block the server'): a 300,000
// character e-mail address must be refused for its length, never handed to the pattern.
import { describe, expect, it } from 'vitest';
import * as shared from './index.ts';
import { type StringSchemaDef, stringSchemas } from './schema-walk.ts';

/** The problem with a string schema's checks, or null when a limit guards every pattern and rule. */
function lengthFirstProblem(def: StringSchemaDef): string | null {
  if (def.format && def.format !== 'regex')
    return `is a ${def.format} format: its pattern runs before any length check`;
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const firstRule = checks.findIndex((c) => c.check === 'string_format' || c.check === 'custom');
  if (firstRule === -1) return null;
  const limit = checks.findIndex((c) => c.check === 'max_length' || c.check === 'length_equals');
  if (limit === -1) return 'has a pattern or rule but no length limit';
  if (limit > firstRule) return 'checks its pattern or rule before its length limit';
  if (!checks[limit].abort) return 'has a length limit that does not stop the checks after it (abort: true)';
  return null;
}

describe('string schemas in packages/shared', () => {
  const found = Object.entries(shared).flatMap(([name, value]) => stringSchemas(value, name));

  it('are found (the walk reaches the request schemas)', () => {
    expect(found.length).toBeGreaterThan(100);
    expect(found.map(([p]) => p)).toContain('signinBodySchema.email');
  });

  it('check an aborting length limit before any pattern or rule', () => {
    const problems = found
      .map(([path, def]) => [path, lengthFirstProblem(def)] as const)
      .filter(([, problem]) => problem !== null)
      .map(([path, problem]) => `${path} ${problem}`);
    expect([...new Set(problems)]).toEqual([]);
  });
});
