// The string schemas inside a zod schema, found by walking its definition: for the tests that
// hold every string schema to a rule (schema-limits.test.ts, and the server's check of every
// regular expression). Not exported from the package's index: nothing in the product uses it.
import type { z } from 'zod';

export type StringSchemaDef = {
  type: string;
  checks?: Array<{ _zod: { def: { check: string; abort?: boolean; format?: string; pattern?: RegExp } } }>;
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
};

const defOf = (schema: unknown): StringSchemaDef | undefined =>
  (schema as { _zod?: { def?: StringSchemaDef } } | null)?._zod?.def;

/** Each string schema reachable from `schema`, with the path that leads to it. */
export function stringSchemas(
  schema: unknown,
  path: string,
  seen = new Set<unknown>(),
): Array<[string, StringSchemaDef]> {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const inner = (s: unknown, p = path) => stringSchemas(s, p, seen);
  switch (def.type) {
    case 'string':
      return [[path, def]];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([k, s]) => inner(s, `${path}.${k}`));
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'array':
      return inner(def.element, `${path}[]`);
    case 'union':
      return (def.options ?? []).flatMap((o) => inner(o));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'record':
      return [...inner(def.keyType), ...inner(def.valueType)];
    case 'tuple':
      return [...(def.items ?? []).flatMap((s) => inner(s)), ...inner(def.rest)];
    default:
      return def.innerType ? inner(def.innerType) : [];
  }
}
