// Hostile values for the generated-input suite (hostile-input.test.ts): strings, numbers and
// shapes a browser never sends, and a JSON writer that can also put out what JSON.stringify
// cannot (2^53+1 as written, 1e999, -0, 10,000 levels of arrays) as raw text.
import fc from 'fast-check';

/** JSON text written as is where a value goes (numbers JSON.stringify would round, deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
}

export const MB = 1024 * 1024;
/** Just under the 1 MB body limit once quoted, so it reaches validation; the full MB is refused earlier. */
const NEAR_MB = MB - 4096;

export const hostileStrings: string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202Cgnp.exe',
  '\u2066isolate\u2069',
  '💥🏗️👷‍♀️',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  "' OR 1=1 --",
  '"; drop table users; --',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '<script>alert(1)</script>',
  '{{7*7}}<%= 7*7 %>#{7*7}',
  '__proto__',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e308',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '123e4567-e89b-12d3-a456-42661417400',
  '123e4567-e89b-12d3-a456-4266141740000',
  'g23e4567-e89b-42d3-a456-426614174000',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  '-000001-01-01',
  'a@b',
  'a'.repeat(255),
  'a.'.repeat(5000),
  "a'".repeat(5000),
];

/** Strings too big to be cheap: used in a small share of requests. */
export const hugeStrings: string[] = [
  'x'.repeat(NEAR_MB),
  '💥'.repeat(NEAR_MB / 8),
  'a.'.repeat(NEAR_MB / 4),
];

export const hostileNumbers: Array<number | RawJson> = [
  -1,
  0,
  -0,
  1.5,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
  new RawJson('-0'),
  new RawJson('9007199254740993'),
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('123456789012345678901234567890'),
];

export function deepArrays(levels: number): RawJson {
  return new RawJson(`${'['.repeat(levels)}${']'.repeat(levels)}`);
}

export function deepObjects(levels: number): RawJson {
  return new RawJson(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);
}

/** Any hostile value that may stand where a field's value goes. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...hostileStrings) },
    { weight: 4, arbitrary: fc.constantFrom(...hostileNumbers) },
    { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(deepArrays(10_000), deepObjects(1000)) },
    { weight: 1, arbitrary: fc.constantFrom(...hugeStrings) },
    {
      weight: 1,
      arbitrary: fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}')),
    },
  );
}

/** JSON text of `value`; RawJson parts are written as they are. */
export function writeJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && Object.is(value, -0)) return '-0';
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map(writeJson).join(',')}]`;
  // Own keys as written, __proto__ included (a JSON body can carry it; an object literal cannot).
  const parts = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${writeJson((value as Record<string, unknown>)[k])}`);
  return `{${parts.join(',')}}`;
}

/**
 * encodeURIComponent that also writes lone surrogates (as the three bytes a careless encoder
 * would send) instead of throwing.
 */
export function encodeLoose(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: encoded by hand below.
  }
  return text.replace(/[\s\S]/gu, (ch) => {
    if (ch.length === 1 && ch >= '\uD800' && ch <= '\uDFFF') {
      const c = ch.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(ch);
  });
}

/** How a value looks in a URL (query string or path segment). */
export function urlText(value: unknown): string {
  if (value instanceof RawJson) return value.text.length > 2000 ? value.text.slice(0, 2000) : value.text;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  return writeJson(value);
}
