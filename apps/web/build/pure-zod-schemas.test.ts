// The web build's pure-schema marking: which definitions it wraps, and that Rollup then drops
// a shared module's schemas (and zod with them) from a bundle that reads only its messages.
import { createRequire } from 'node:module';
import { type Plugin, rollup } from 'rollup';
import { parseAst } from 'rollup/parseAst';
import { describe, expect, it } from 'vitest';
import { markSchemasPure, pureZodSchemas } from './pure-zod-schemas';

const SHARED = `import { z } from 'zod';
export const MESSAGES = { title: 'Title is required.' };
const fields = { title: z.string().trim().min(1, MESSAGES.title) };
export const bodySchema = z.object(fields);
export const detailSchema = bodySchema.extend({ id: z.number().int() });
export const label = (s) => s.toUpperCase();
export const LIMIT = Math.max(1, 2);
export function makeSchema() { return z.string().max(5); }
`;

describe('markSchemasPure', () => {
  it('wraps the constants that build schemas, and nothing else', () => {
    const out = markSchemasPure(SHARED, parseAst)?.code ?? '';
    for (const name of ['fields', 'bodySchema', 'detailSchema'])
      expect(out).toMatch(new RegExp(`const ${name} = /\\* @__PURE__ \\*/ \\(\\(\\) => \\(`));
    expect(out).toContain('export const label = (s) => s.toUpperCase();');
    expect(out).toContain('export const LIMIT = Math.max(1, 2);');
    expect(out).toContain('function makeSchema() { return z.string().max(5); }');
  });

  it('leaves a module without zod alone', () => {
    expect(markSchemasPure('export const a = f().g();', parseAst)).toBeNull();
  });
});

describe('a bundle that reads only a message of a shared module', () => {
  const bundle = async (plugins: Plugin[]) => {
    const files: Record<string, string> = {
      'entry.js': "import { MESSAGES } from './shared.js'; console.log(MESSAGES.title);",
      'shared.js': SHARED,
    };
    const build = await rollup({
      input: 'entry.js',
      onwarn: () => {},
      plugins: [
        {
          name: 'files',
          resolveId: (id) => (id.replace('./', '') in files ? id.replace('./', '') : null),
          load: (id) => files[id] ?? null,
        },
        ...plugins,
      ],
    });
    const { output } = await build.generate({ format: 'es' });
    return output[0].code;
  };
  const marked = pureZodSchemas((id) => id === 'shared.js') as Plugin;

  it('carries zod without the marking, and neither zod nor the schemas with it', async () => {
    // zod's ES module build, as the web build resolves it.
    const zodEsm = createRequire(import.meta.url)
      .resolve('zod')
      .replace(/index\.c?js$/, 'index.js');
    const resolveZod = { name: 'zod', resolveId: (id: string) => (id === 'zod' ? zodEsm : null) };
    const without = await bundle([resolveZod]);
    const withMarking = await bundle([resolveZod, marked]);
    expect(without).toContain('bodySchema');
    expect(without.length).toBeGreaterThan(50_000);
    expect(withMarking).toContain("'Title is required.'");
    expect(withMarking).not.toMatch(/bodySchema|detailSchema|ZodObject/);
    expect(withMarking.length).toBeLessThan(5_000);
  });
});
