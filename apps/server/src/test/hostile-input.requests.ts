// Generated hostile requests for one route, derived from the route's OpenAPI operation (the
// shared zod schemas as JSON schema): path params that are real ids, foreign ids, invalid
// ids, ../ and encoded slashes; query strings with wrong, repeated, extra and huge values;
// bodies with wrong types, missing and extra fields, hostile strings and numbers, deep
// nesting, invalid JSON and the wrong content type.
import fc from 'fast-check';
import { multipart } from './fixtures/files.ts';
import {
  deepArrays,
  deepObjects,
  encodeLoose,
  hostileStrings,
  hostileValue,
  MB,
  urlText,
  writeJson,
} from './hostile-input.values.ts';
import type { IdPool } from './hostile-input.world.ts';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

export type Operation = {
  method: string;
  /** OpenAPI path, `{param}` style. */
  path: string;
  params: Array<{ name: string; in: 'path' | 'query' | 'header'; schema: JsonSchema }>;
  /** An HTML page left out of the API reference (test-mode checkout...): its errors are pages too. */
  page?: boolean;
  /** Media types and schemas of the body, when the route declares one. */
  body?: Record<string, { schema?: JsonSchema }>;
};

export type HostileRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What kind of hostility this is, for the failure report and the tally. */
  kind: string;
};

/** Operations of an OpenAPI document. */
export function operationsOf(doc: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Operation['body'] } | undefined)?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters as Operation['params'] | undefined) ?? [],
        body: content,
      });
    }
  }
  return ops;
}

// ---------- values that satisfy a schema (so the other fields' hostility is what is tested)

const ID_HINTS: Array<[RegExp, string[]]> = [
  [/^(user|client|engineer|sender|receiver|engineerUser|assigned_to)_?[iI]d$/, ['users']],
  [/^project_?[iI]d$/, ['projects']],
  [/^proposal_?[iI]d$/, ['proposals']],
  [/^ticket_?[iI]d$/, ['support_tickets']],
  [/^room_?[iI]d$/, ['chat_rooms']],
  [/^payment_?[iI]d$/, ['payments']],
  [/^session_?[iI]d$/, ['checkout_sessions', 'test_checkout_sessions']],
  [/^account_?[iI]d$/, ['test_connect_accounts', 'payout_accounts']],
  [/^name$/, ['file_names']],
  [/^email$/, ['emails']],
];

/** Known values for a field or param of this name: the hinted tables first, any id otherwise. */
export function knownValues(name: string, pool: IdPool): string[] {
  for (const [pattern, tables] of ID_HINTS) {
    if (pattern.test(name)) {
      const values = tables.flatMap((t) => pool[t] ?? []);
      if (values.length > 0) return values;
    }
  }
  return Object.entries(pool)
    .filter(([k]) => k !== 'emails' && k !== 'file_names')
    .flatMap(([, v]) => v);
}

/** Values the shared schemas' refinements accept, for fields JSON schema says little about. */
const FIELD_EXAMPLES: Array<[RegExp, string[]]> = [
  [/state$/, ['Texas', 'California', 'New South Wales']],
  [/currency/, ['usd']],
  [
    /date|deadline|^start$|^end$/,
    // Years PostgreSQL cannot hold as well: 0 (also 0001 at +14:00, in UTC) and 10000.
    ['2099-12-31', '2027-01-15', '0000-01-01', '0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-14:00'],
  ],
  [/website|portfolio|url/, ['https://example.com/work']],
  [/password/i, ['Rebar-Stamp-Plan-42']],
  // Chat history cursors are base64url('<microseconds>.<message id>'): extreme ones.
  [
    /^before$|cursor/,
    [
      `99999999999999999.${'f'.repeat(8)}-ffff-ffff-ffff-${'f'.repeat(12)}`,
      `0.00000000-0000-0000-0000-000000000000`,
      `-1.00000000-0000-0000-0000-000000000000`,
      '1.2.3',
    ].map((c) => Buffer.from(c).toString('base64url')),
  ],
];

function validString(s: JsonSchema, name: string, pool: IdPool): fc.Arbitrary<string> {
  const examples = FIELD_EXAMPLES.find(([pattern]) => pattern.test(name))?.[1];
  if (examples)
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...examples) },
      { weight: 1, arbitrary: plainString(s) },
    );
  if (s.format === 'uuid' || /[iI]d$/.test(name)) {
    const known = knownValues(name, pool);
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.uuid() });
  }
  if (s.format === 'email')
    return fc.oneof(fc.constantFrom(...(pool.emails ?? ['a@b.co'])), fc.emailAddress());
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 4096));
    } catch {
      // A pattern fast-check cannot generate from: plain strings instead.
    }
  }
  return plainString(s);
}

function plainString(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 100_000;
  // Strings the JSON schema lets through but a handler may still choke on: edge dates,
  // the longest allowed, hidden characters.
  const edges = [
    ...EDGE_STRINGS,
    'x'.repeat(max),
    `\u202E${'y'.repeat(Math.max(0, Math.min(max, 50) - 1))}`,
  ].filter((v) => v.length >= min && v.length <= max);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)) }) },
    ...(edges.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...edges) }] : []),
  );
}

const EDGE_STRINGS = [
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '9999-12-31',
  '+275760-09-13',
  '-271821-04-20',
  '1970-01-01T00:00:00Z',
  '2026-11-24T25:61:00+14:00',
  'tomorrow',
  'Infinity',
  '1e308',
  '-0',
  ' 12 ',
  'Texas\u0000',
  'https://example.com/%00',
  'javascript:alert(1)',
  '/files/../../etc/passwd',
  '/files/does-not-exist.png',
];

/** Values the schema accepts (as far as JSON schema says; refinements may still refuse them). */
export function validValue(
  s: JsonSchema | undefined,
  name: string,
  pool: IdPool,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.constant(null);
  const options: Array<fc.Arbitrary<unknown>> = [];
  if (s.nullable) options.push(fc.constant(null));
  if (s.enum) options.push(fc.constantFrom(...s.enum));
  else if (s.anyOf || s.oneOf)
    options.push(...(s.anyOf ?? s.oneOf ?? []).map((sub) => validValue(sub, name, pool, depth + 1)));
  else {
    const type = Array.isArray(s.type) ? s.type[0] : s.type;
    if (type === 'string') options.push(validString(s, name, pool));
    else if (type === 'integer' || type === 'number') {
      const min = Math.max(s.minimum ?? -1e9, -1e9);
      const max = Math.min(s.maximum ?? 1e9, 1e9);
      // The schema's own bounds too: the largest amount it accepts must still not overflow.
      const bounds = [s.minimum ?? -Number.MAX_SAFE_INTEGER, s.maximum ?? Number.MAX_SAFE_INTEGER, 0];
      options.push(
        type === 'integer'
          ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
          : fc.double({ min, max, noNaN: true }),
        fc.constantFrom(...bounds),
      );
    } else if (type === 'boolean') options.push(fc.boolean());
    else if (type === 'array')
      options.push(
        fc.array(validValue(s.items, name, pool, depth + 1), {
          minLength: s.minItems ?? 0,
          maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
        }),
      );
    else if (type === 'object' || s.properties) options.push(objectOf(s, pool, depth, false));
    else options.push(fc.jsonValue({ maxDepth: 2 }));
  }
  return options.length === 1 ? options[0] : fc.oneof(...options);
}

const EXTRA_KEYS = [
  'role',
  'is_admin',
  'id',
  'user_id',
  'customer_id',
  'verification_status',
  'status',
  'payouts_enabled',
  'amount',
  'constructor',
  '\u0000',
  '\u202E',
  '💥',
  'a'.repeat(1000),
];

/**
 * An object for `s`: each property valid, hostile or missing (or all valid, when not
 * `mutate`), plus extra properties when mutated.
 */
function objectOf(s: JsonSchema, pool: IdPool, depth: number, mutate: boolean): fc.Arbitrary<unknown> {
  const props = Object.entries(s.properties ?? {});
  const fields = props.map(([key, sub]) =>
    (mutate
      ? fc.oneof(
          { weight: 5, arbitrary: validValue(sub, key, pool, depth + 1) },
          { weight: 2, arbitrary: hostileValue() },
          { weight: 1, arbitrary: fc.constant(undefined) },
        )
      : validValue(sub, key, pool, depth + 1)
    ).map((value) => [key, value] as const),
  );
  const extras = mutate
    ? fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS), hostileValue()), { maxLength: 3 })
    : fc.constant([] as Array<[string, unknown]>);
  return fc.tuple(fc.tuple(...fields), extras).map(([own, extra]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of own) if (v !== undefined) out[k] = v;
    for (const [k, v] of extra) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true });
    return out;
  });
}

/** A body the schema accepts, except (most of the time) one field that is hostile or missing. */
function validButOne(s: JsonSchema | undefined, pool: IdPool): fc.Arbitrary<unknown> {
  if (!s?.properties) return validValue(s, 'body', pool);
  const keys = Object.keys(s.properties);
  return fc
    .tuple(
      objectOf(s, pool, 0, false),
      fc.option(fc.constantFrom(...keys), { freq: 4 }),
      fc.option(hostileValue(), { freq: 3 }),
    )
    .map(([body, key, value]) => {
      if (key === null) return body;
      const out = { ...(body as Record<string, unknown>) };
      if (value === null) delete out[key];
      else out[key] = value;
      return out;
    });
}

// ---------- the parts of a request

const PATH_SEGMENTS = [
  '..',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2E%2E%2F%2E%2E%2Fpackage.json',
  'a%2Fb',
  '%2F',
  '%5C..%5C',
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%',
  '%ZZ',
  '%E2%80%AEevil',
  '%F0%9F%92%A5',
  '%ED%A0%80',
  'a'.repeat(300),
  '-1',
  '0',
  '1e308',
  'NaN',
  'null',
  'undefined',
  '%20',
  '00000000-0000-0000-0000-000000000000',
  '123e4567-e89b-12d3-a456-42661417400',
  '123E4567-E89B-42D3-A456-426614174000',
  '{id}',
  ':id',
  ';x=1',
];

function pathValue(name: string, pool: IdPool): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...knownValues(name, pool)).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 4, arbitrary: fc.constantFrom(...PATH_SEGMENTS) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...hostileStrings).map((v) => encodeLoose(v.slice(0, 500)) || '%20'),
    },
  );
}

function queryPart(op: Operation, pool: IdPool): fc.Arbitrary<string> {
  const declared = op.params.filter((p) => p.in === 'query');
  const one = (name: string, schema?: JsonSchema) =>
    fc
      .oneof(
        { weight: 4, arbitrary: validValue(schema, name, pool).map((v) => [urlText(v)]) },
        { weight: 3, arbitrary: hostileValue().map((v) => [urlText(v)]) },
        {
          weight: 1,
          arbitrary: fc.tuple(hostileValue(), hostileValue()).map(([a, b]) => [urlText(a), urlText(b)]),
        },
        { weight: 2, arbitrary: fc.constant([] as string[]) },
      )
      .map((values) => values.map((v) => `${encodeLoose(name)}=${encodeLoose(v)}`));
  const extras = fc.array(
    fc.tuple(
      fc.constantFrom('__proto__[admin]', 'constructor', 'q', 'page', 'x', '\u0000', 'a[]'),
      hostileValue(),
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...declared.map((p) => one(p.name, p.schema))), extras)
    .map(([own, extra]) =>
      [...own.flat(), ...extra.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(urlText(v))}`)].join('&'),
    );
}

const INVALID_JSON = [
  '{"a":',
  '{',
  "{'a':1}",
  '[1,]',
  'NaN',
  'undefined',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '{"a":1,"a":2,"__proto__":{"x":1}}',
  '\u0000',
  '{"a":"\\ud800"}',
  '"\\u0000"',
  '{"a":01}',
];

type Body = { payload?: string | Buffer; contentType?: string; kind: string };

/** The fields of the test-mode onboarding and card forms, with values they accept. */
const PAGE_FIELDS: Record<string, string> = {
  legal_name: 'Ethan Engineer',
  date_of_birth: '1985-04-12',
  address_line1: '1 Main Street',
  city: 'Austin',
  postal_code: '78701',
  routing_number: '110000000',
  account_number: '000123456789',
  number: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
  name: 'Cora Client',
};

/** Page forms (application/x-www-form-urlencoded): the link's token, each field good, hostile or missing. */
function pageForm(pool: IdPool): fc.Arbitrary<Body> {
  const entry = (name: string, good: string[]) =>
    fc
      .oneof(
        { weight: 5, arbitrary: fc.constantFrom(...good) },
        { weight: 2, arbitrary: hostileValue().map((v) => urlText(v).slice(0, 100_000)) },
        { weight: 1, arbitrary: fc.constant(null) },
      )
      .map((value) => (value === null ? '' : `${name}=${encodeLoose(value)}`));
  const entries = [
    entry('token', pool.link_tokens ?? ['x']),
    ...Object.entries(PAGE_FIELDS).map(([name, good]) => entry(name, [good])),
  ];
  return fc.tuple(...entries).map((parts) => ({
    payload: parts.filter(Boolean).join('&'),
    contentType: 'application/x-www-form-urlencoded',
    kind: 'page-form',
  }));
}

function bodyPart(op: Operation, pool: IdPool): fc.Arbitrary<Body> {
  const jsonSchema = op.body?.['application/json']?.schema;
  const isUpload = !!op.body?.['multipart/form-data'] || (op.method === 'POST' && op.path === '/api/files');
  const mutated = jsonSchema?.properties
    ? objectOf(jsonSchema, pool, 0, true)
    : fc.jsonValue({ maxDepth: 3 });
  const json = (kind: string, arb: fc.Arbitrary<unknown>, contentType = 'application/json') =>
    arb.map((v): Body => ({ payload: writeJson(v), contentType, kind }));
  const options: Array<fc.WeightedArbitrary<Body>> = [
    { weight: 8, arbitrary: json('json-fields', mutated) },
    { weight: 6, arbitrary: json('json-valid-but-one', validButOne(jsonSchema, pool)) },
    { weight: 3, arbitrary: json('json-top-level', hostileValue()) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(deepArrays(10_000), deepObjects(10_000)).map((v) => ({
        payload: v.text,
        contentType: 'application/json',
        kind: 'json-deep',
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...INVALID_JSON)
        .map((p) => ({ payload: p, contentType: 'application/json', kind: 'json-invalid' })),
    },
    {
      weight: 2,
      arbitrary: json('content-type', mutated).chain((b) =>
        fc.constantFrom(
          { ...b, contentType: 'text/plain' },
          { ...b, contentType: undefined },
          { ...b, contentType: 'application/x-www-form-urlencoded' },
          { ...b, contentType: 'application/json; charset=utf-16' },
          { ...b, contentType: 'application/xml' },
          { ...b, contentType: 'application/json, text/plain' },
          { ...b, contentType: '' },
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: mutated.map((v): Body => {
        const fields = v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v) : [['body', v]];
        const form = multipart(
          fields.map(([name, value]) => ({ name: String(name).slice(0, 100), data: writeJson(value) })),
        );
        return { payload: form.payload, contentType: form.headers['content-type'], kind: 'multipart' };
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'no-body' }) },
    {
      weight: 1,
      arbitrary: fc.constant({
        payload: 'x'.repeat(MB + 1),
        contentType: 'application/json',
        kind: 'over-limit',
      }),
    },
  ];
  if (isUpload) options.push({ weight: 10, arbitrary: uploads() });
  if (op.page && op.method === 'POST') options.push({ weight: 20, arbitrary: pageForm(pool) });
  return fc.oneof(...options);
}

/** Multipart uploads with hostile names, types, counts and contents. */
function uploads(): fc.Arbitrary<Body> {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  const part = fc.record({
    name: fc.constantFrom('file', 'files', 'file[]', '', '\u0000', '__proto__'),
    filename: fc.constantFrom(
      undefined,
      'a.png',
      '../../../etc/passwd',
      'a\u0000.png',
      '\u202Egnp.exe',
      '💥.pdf',
      'a'.repeat(5000),
      '',
    ),
    type: fc.constantFrom(
      undefined,
      'image/png',
      'application/pdf',
      'text/html',
      'application/x-msdownload',
      '../x',
    ),
    data: fc.oneof(
      fc.constant(png),
      fc.constant(Buffer.alloc(0)),
      fc.constant(Buffer.from('%PDF-1.4 not really')),
      fc.constant(Buffer.from('<svg onload=alert(1)>')),
      fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
    ),
  });
  return fc.array(part, { minLength: 0, maxLength: 3 }).map((parts) => {
    const form = multipart(parts);
    return { payload: form.payload, contentType: form.headers['content-type'], kind: 'upload' };
  });
}

const JUNK_AUTH = [
  'Bearer ',
  'Bearer x',
  'Bearer \u202E',
  `Bearer ${'a'.repeat(4000)}`,
  'Basic YWRtaW46YWRtaW4=',
  'bearer null',
  'Bearer undefined',
  'Token abc',
];

const EXTRA_HEADERS = fc.oneof(
  { weight: 6, arbitrary: fc.constant({} as Record<string, string>) },
  { weight: 1, arbitrary: fc.constant({ 'x-padding': 'p'.repeat(12 * 1024) }) },
  { weight: 1, arbitrary: fc.constant({ 'x-forwarded-for': '127.0.0.1, 10.0.0.1', 'x-real-ip': '::1' }) },
  { weight: 1, arbitrary: fc.constant({ 'x-request-id': '../../\u202Eid' }) },
  { weight: 1, arbitrary: fc.constant({ 'x-device-token': 'a'.repeat(2000), accept: 'text/html' }) },
  {
    weight: 1,
    arbitrary: fc.constant({ 'x-http-method-override': 'DELETE', 'stripe-signature': 't=1,v1=00' }),
  },
);

/** Requests for `op`; the caller adds the actor's token (or none, or a junk one). */
export function hostileRequests(op: Operation, pool: IdPool): fc.Arbitrary<HostileRequest> {
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const sendsBody = op.method !== 'GET' && op.method !== 'DELETE';
  return fc
    .record({
      path: fc.tuple(...pathParams.map((name) => pathValue(name, pool))),
      query: queryPart(op, pool),
      body:
        sendsBody || op.body
          ? bodyPart(op, pool)
          : fc.oneof(fc.constant<Body>({ kind: 'no-body' }), bodyPart(op, pool)),
      headers: EXTRA_HEADERS,
      junkAuth: fc.option(fc.constantFrom(...JUNK_AUTH), { freq: 8 }),
      linkToken: fc.option(fc.constantFrom(...(pool.link_tokens ?? ['x'])), { freq: 2 }),
    })
    .map(({ path, query, body, headers, junkAuth, linkToken }) => {
      let i = 0;
      const url = op.path.replace(/\{\w+\}/g, () => path[i++]) + (query ? `?${query}` : '');
      const withToken =
        op.page && linkToken ? `${url}${query ? '&' : '?'}token=${encodeURIComponent(linkToken)}` : url;
      const allHeaders: Record<string, string> = { ...headers };
      if (body.contentType !== undefined) allHeaders['content-type'] = body.contentType;
      if (junkAuth) allHeaders.authorization = junkAuth;
      return {
        method: op.method,
        url: withToken,
        headers: allHeaders,
        payload: body.payload,
        kind: body.kind,
      };
    });
}

// ---------- long strings in every string field

/**
 * Strings that make a careless pattern take time growing faster than their length: one
 * repeated character, and repeated pairs ending in a character that makes the match fail at
 * the very end (the shape of the sign-in address that held the server 24 s).
 */
export function longStrings(length: number): string[] {
  const half = Math.floor(length / 2);
  return [
    'a'.repeat(length),
    `a@${'a.'.repeat(half)}@`,
    `${'a.'.repeat(half)}!`,
    `${'0'.repeat(length)}x`,
    `${' '.repeat(length)}x`,
    `${'a-'.repeat(half)}!`,
    `https://${'a.'.repeat(half)}@`,
  ];
}

/** Body strings near the 1 MB body limit; query and path strings as long as a URL carries. */
export const LONG_BODY_STRING = 256 * 1024;
export const LONG_URL_STRING = 6 * 1024;

/** Whether a JSON schema takes strings (directly or as one of its options). */
function takesString(s: JsonSchema | undefined): boolean {
  if (!s) return false;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return types.includes('string') || (s.anyOf ?? s.oneOf ?? []).some(takesString);
}

/**
 * For each string field of `op` (body, query and path), a request that is valid but for that
 * one field, which holds each long string in turn. Deterministic for a seed.
 */
export function longStringRequests(op: Operation, pool: IdPool, seed: number): HostileRequest[] {
  const sample = <T>(arb: fc.Arbitrary<T>) => fc.sample(arb, { seed, numRuns: 1 })[0];
  const known = (name: string) => knownValues(name, pool)[0] ?? '00000000-0000-0000-0000-000000000000';
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const queryParams = op.params.filter((p) => p.in === 'query');
  const jsonSchema = op.body?.['application/json']?.schema;
  const baseBody = jsonSchema?.properties
    ? (sample(validValue(jsonSchema, 'body', pool)) as Record<string, unknown>)
    : undefined;
  const build = (
    path: Record<string, string>,
    query: Record<string, string>,
    body: Record<string, unknown> | undefined,
  ): HostileRequest => {
    const url =
      op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeLoose(path[name] ?? known(name))) +
      (Object.keys(query).length
        ? `?${Object.entries(query)
            .map(([k, v]) => `${k}=${encodeLoose(v)}`)
            .join('&')}`
        : '');
    return body === undefined
      ? { method: op.method, url, headers: {}, kind: 'long-string' }
      : {
          method: op.method,
          url,
          headers: { 'content-type': 'application/json' },
          payload: writeJson(body),
          kind: 'long-string',
        };
  };
  const out: HostileRequest[] = [];
  for (const name of pathParams)
    for (const long of longStrings(LONG_URL_STRING)) out.push(build({ [name]: long }, {}, baseBody));
  for (const p of queryParams.filter((q) => takesString(q.schema)))
    for (const long of longStrings(LONG_URL_STRING)) out.push(build({}, { [p.name]: long }, baseBody));
  for (const [field] of Object.entries(jsonSchema?.properties ?? {}).filter(([, s]) => takesString(s)))
    for (const long of longStrings(LONG_BODY_STRING)) out.push(build({}, {}, { ...baseBody, [field]: long }));
  return out;
}
