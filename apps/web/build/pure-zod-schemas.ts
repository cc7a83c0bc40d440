// A Vite plugin for the web build: the zod schemas that packages/shared defines at the top
// level of its modules are marked pure, so a chunk that uses one constant of a shared module
// (a message, a label) does not carry that module's schemas, nor zod (about 25 KB brotli).
// Rollup cannot see by itself that `z.number().int()` has no side effect: the method is
// assigned at run time, so every schema built with a chained call stays in the bundle.
// Each top-level constant whose value builds a schema (a zod call, another schema's
// `base.extend({...})`, or an object or array of them such as a form's fields) is wrapped as
// `/* @__PURE__ */ (() => (<value>))()`: the same value, built at the same moment, which
// Rollup drops when nothing reads it. Function bodies are not looked into: a function that
// builds a schema when called is pure as it is.
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

type AstNode = { type: string; start: number; end: number } & Record<string, unknown>;
/** Rollup's parser (`this.parse`, or `parseAst` from 'rollup/parseAst'): an ESTree program. */
type Parse = (code: string) => unknown;

/** The identifier a chain of calls and property reads starts from: `z` in `z.object({}).extend({})`. */
function chainRoot(node: AstNode | undefined): string | null {
  let n = node;
  while (n) {
    if (n.type === 'CallExpression') n = n.callee as AstNode;
    else if (n.type === 'MemberExpression') n = n.object as AstNode;
    else return n.type === 'Identifier' ? (n.name as string) : null;
  }
  return null;
}

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);

/** Whether `node` calls a chain rooted at one of `schemaNames`, outside any function body. */
function buildsSchema(node: unknown, schemaNames: Set<string>): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some((child) => buildsSchema(child, schemaNames));
  const n = node as AstNode;
  if (typeof n.type !== 'string' || FUNCTIONS.has(n.type)) return false;
  if (n.type === 'CallExpression') {
    const root = chainRoot(n);
    if (root && schemaNames.has(root)) return true;
  }
  return Object.entries(n).some(([key, child]) => key !== 'type' && buildsSchema(child, schemaNames));
}

/** The module's names for zod's `z` (`import { z } from 'zod'`, `import { z as zod } from 'zod'`). */
function zodNames(body: AstNode[]): Set<string> {
  const names = new Set<string>();
  for (const stmt of body) {
    if (stmt.type !== 'ImportDeclaration' || (stmt.source as { value: string }).value !== 'zod') continue;
    for (const spec of stmt.specifiers as AstNode[]) names.add((spec.local as { name: string }).name);
  }
  return names;
}

/** `code` with its top-level schema definitions marked pure, or null when it defines none. */
export function markSchemasPure(
  code: string,
  parse: Parse,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const { body } = parse(code) as { body: AstNode[] };
  const schemaNames = zodNames(body);
  if (schemaNames.size === 0) return null;
  const out = new MagicString(code);
  let changed = false;
  for (const stmt of body) {
    const declaration = stmt.type === 'ExportNamedDeclaration' ? (stmt.declaration as AstNode | null) : stmt;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const d of declaration.declarations as AstNode[]) {
      const id = d.id as AstNode;
      const init = d.init as AstNode | null;
      if (id.type !== 'Identifier' || !init || !buildsSchema(init, schemaNames)) continue;
      schemaNames.add(id.name as string);
      out.appendLeft(init.start, '/* @__PURE__ */ (() => (').appendRight(init.end, '))()');
      changed = true;
    }
  }
  return changed ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
}

/** Applies markSchemasPure to the modules `include` accepts, after TypeScript is compiled away. */
export function pureZodSchemas(include: (id: string) => boolean): Plugin {
  return {
    name: 'pure-zod-schemas',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (!include(id)) return null;
      return markSchemasPure(code, (source) => this.parse(source));
    },
  };
}
