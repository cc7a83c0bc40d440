// The import-direction rules of `npm run lint` (.dependency-cruiser.cjs) catch what they
// forbid: each case writes a tiny web tree with one import and cruises it with the real rules.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs');
let dir = '';

async function violations(files: Record<string, string>): Promise<string[]> {
  dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const result = await cruise(['apps'], {
    baseDir: dir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx'] },
  });
  if (typeof result.output === 'string') throw new Error(result.output);
  return result.output.summary.violations.map((v) => v.rule.name);
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const web = 'apps/web/src';
const server = 'apps/server/src';

describe('import direction', () => {
  it('forbids components/ importing a feature', async () => {
    expect(
      await violations({
        [`${web}/components/Card.tsx`]: "import { x } from '../features/projects/api';\nexport const y = x;",
        [`${web}/features/projects/api.ts`]: 'export const x = 1;',
      }),
    ).toEqual(['components-import-no-feature']);
  });

  it('forbids lib/ importing components or features', async () => {
    expect(
      await violations({
        [`${web}/lib/a.ts`]: "import { x } from '../components/b';\nexport const y = x;",
        [`${web}/components/b.ts`]: 'export const x = 1;',
      }),
    ).toEqual(['lib-is-the-bottom']);
  });

  it("forbids reaching into another feature's files, allows its index.ts", async () => {
    const files = {
      [`${web}/features/projects/Page.tsx`]:
        "import { Badge } from '../proposals/Badge';\nexport const P = Badge;",
      [`${web}/features/proposals/Badge.tsx`]: 'export const Badge = 1;',
      [`${web}/features/proposals/index.ts`]: "export { Badge } from './Badge';",
    };
    expect(await violations(files)).toEqual(['features-through-index']);
    rmSync(dir, { recursive: true, force: true });
    files[`${web}/features/projects/Page.tsx`] =
      "import { Badge } from '../proposals';\nexport const P = Badge;";
    expect(await violations(files)).toEqual([]);
  });

  it('forbids a feature importing the app shell', async () => {
    expect(
      await violations({
        [`${web}/features/projects/Page.tsx`]: "import { r } from '../../app/router';\nexport const P = r;",
        [`${web}/app/router.tsx`]: 'export const r = 1;',
      }),
    ).toEqual(['features-import-no-app']);
  });

  it('forbids imports in a circle', async () => {
    expect(
      await violations({
        [`${web}/lib/a.ts`]: "import { b } from './b';\nexport const a = () => b;",
        [`${web}/lib/b.ts`]: "import { a } from './a';\nexport const b = () => a;",
      }),
    ).toEqual(['no-circular']);
  });
  it("forbids the server's lower layers importing a module", async () => {
    expect(
      await violations({
        [`${server}/lib/a.ts`]: "import { x } from '../modules/projects/index.ts';\nexport const y = x;",
        [`${server}/modules/projects/index.ts`]: 'export const x = 1;',
      }),
    ).toEqual(['server-lower-layers-import-no-module']);
  });

  it("forbids the server's lib/ importing an adapter", async () => {
    expect(
      await violations({
        [`${server}/lib/a.ts`]: "import { x } from '../adapters/mail/templates.ts';\nexport const y = x;",
        [`${server}/adapters/mail/templates.ts`]: 'export const x = 1;',
      }),
    ).toEqual(['server-lib-is-the-bottom']);
  });

  it("forbids a server module reaching into another module's files, allows its index.ts and tests", async () => {
    const files = {
      [`${server}/modules/projects/service.ts`]:
        "import { x } from '../payments/rows.ts';\nexport const y = x;",
      [`${server}/modules/payments/rows.ts`]: 'export const x = 1;',
      [`${server}/modules/payments/index.ts`]: "export { x } from './rows.ts';",
      [`${server}/modules/projects/projects.test.ts`]:
        "import { x } from '../payments/rows.ts';\nexport const y = x;",
    };
    expect(await violations(files)).toEqual(['server-modules-through-index']);
    rmSync(dir, { recursive: true, force: true });
    files[`${server}/modules/projects/service.ts`] =
      "import { x } from '../payments/index.ts';\nexport const y = x;";
    expect(await violations(files)).toEqual([]);
  });

  it('forbids product code importing the tests or the demo data, allows tests and the seed', async () => {
    const files: Record<string, string> = {
      [`${server}/modules/dev/routes.ts`]:
        "import { f } from '../../test/fixtures/payments.ts';\nexport const y = f;",
      [`${server}/test/fixtures/payments.ts`]:
        "import { pdf } from '../../seed/pdf.ts';\nexport const f = pdf;",
      [`${server}/seed/pdf.ts`]: 'export const pdf = 1;',
    };
    expect(await violations(files)).toEqual(['server-product-imports-no-test-or-seed']);
    rmSync(dir, { recursive: true, force: true });
    files[`${server}/modules/dev/routes.ts`] =
      "import { pdf } from '../../seed/pdf.ts';\nexport const y = pdf;";
    expect(await violations(files)).toEqual(['server-product-imports-no-test-or-seed']);
    rmSync(dir, { recursive: true, force: true });
    files[`${server}/modules/dev/routes.ts`] = 'export const y = 1;';
    expect(await violations(files)).toEqual([]);
  });
});
