// A small reader of PDF object syntax (ISO 32000-1 §7.3), enough to read the signature
// dictionaries where they sit in the file's bytes. A signature dictionary never lives in a
// compressed object stream (its /Contents must stay at a fixed byte offset, outside the
// signed range), so reading the bytes around each /ByteRange finds them all, damaged ones
// included: the general parser (pdf-lib) only says whether the file is a readable PDF.

export type PdfValue =
  | { kind: 'number'; value: number; integer: boolean }
  | { kind: 'name'; value: string }
  | { kind: 'string'; bytes: Buffer }
  | { kind: 'hex'; bytes: Buffer; start: number; end: number; clean: boolean }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'dict'; entries: Map<string, { value: PdfValue; keyAt: number }>; start: number; end: number }
  | { kind: 'keyword'; value: string };

export class PdfSyntaxError extends Error {}

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/** Reads one value at `at` in `pdf`, never past `limit`; answers it and where reading stopped. */
export function readValue(
  pdf: Buffer,
  at: number,
  limit = pdf.length,
  depth = 0,
): { value: PdfValue; next: number } {
  if (depth > 32) throw new PdfSyntaxError('nested too deep');
  let i = skipSpace(pdf, at, limit);
  if (i >= limit) throw new PdfSyntaxError('unexpected end');
  const ch = pdf[i];
  if (ch === 0x3c && pdf[i + 1] === 0x3c) {
    const start = i;
    i += 2;
    const entries = new Map<string, { value: PdfValue; keyAt: number }>();
    for (;;) {
      i = skipSpace(pdf, i, limit);
      if (i >= limit) throw new PdfSyntaxError('unterminated dictionary');
      if (pdf[i] === 0x3e && pdf[i + 1] === 0x3e)
        return { value: { kind: 'dict', entries, start, end: i + 2 }, next: i + 2 };
      const keyAt = i;
      const key = readValue(pdf, i, limit, depth + 1);
      if (key.value.kind !== 'name') throw new PdfSyntaxError('dictionary key is not a name');
      const val = readValue(pdf, key.next, limit, depth + 1);
      // A reference 'n g R' is three tokens: keep the first number, skip the rest.
      let next = val.next;
      const ref = /^\s*\d+\s+R\b/.exec(pdf.toString('latin1', next, Math.min(limit, next + 24)));
      if (val.value.kind === 'number' && ref) next += ref[0].length;
      entries.set(key.value.value, { value: val.value, keyAt });
      i = next;
    }
  }
  if (ch === 0x3c) {
    const end = pdf.indexOf(0x3e, i + 1);
    if (end < 0 || end >= limit) throw new PdfSyntaxError('unterminated hex string');
    const text = pdf.toString('latin1', i + 1, end);
    const clean = /^[0-9A-Fa-f\s]*$/.test(text);
    const hex = text.replace(/[^0-9A-Fa-f]/g, '');
    const bytes = Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
    return { value: { kind: 'hex', bytes, start: i, end: end + 1, clean }, next: end + 1 };
  }
  if (ch === 0x28) return readLiteral(pdf, i, limit);
  if (ch === 0x5b) {
    const items: PdfValue[] = [];
    i += 1;
    for (;;) {
      i = skipSpace(pdf, i, limit);
      if (i >= limit) throw new PdfSyntaxError('unterminated array');
      if (pdf[i] === 0x5d) return { value: { kind: 'array', items }, next: i + 1 };
      const item = readValue(pdf, i, limit, depth + 1);
      items.push(item.value);
      i = item.next;
    }
  }
  if (ch === 0x2f) {
    let j = i + 1;
    while (j < limit && !WHITE.has(pdf[j]) && !DELIM.has(pdf[j])) j++;
    const raw = pdf
      .toString('latin1', i + 1, j)
      .replace(/#([0-9A-Fa-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
    return { value: { kind: 'name', value: raw }, next: j };
  }
  let j = i;
  while (j < limit && !WHITE.has(pdf[j]) && !DELIM.has(pdf[j])) j++;
  if (j === i) throw new PdfSyntaxError(`unexpected character ${String.fromCharCode(ch)}`);
  const word = pdf.toString('latin1', i, j);
  if (/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(word))
    return { value: { kind: 'number', value: Number(word), integer: /^[+-]?\d+$/.test(word) }, next: j };
  return { value: { kind: 'keyword', value: word }, next: j };
}

function skipSpace(pdf: Buffer, at: number, limit: number): number {
  let i = at;
  while (i < limit) {
    if (WHITE.has(pdf[i])) i++;
    else if (pdf[i] === 0x25) {
      while (i < limit && pdf[i] !== 0x0a && pdf[i] !== 0x0d) i++;
    } else break;
  }
  return i;
}

function readLiteral(pdf: Buffer, at: number, limit: number): { value: PdfValue; next: number } {
  const out: number[] = [];
  let depth = 1;
  let i = at + 1;
  while (i < limit) {
    const c = pdf[i];
    if (c === 0x5c) {
      const n = pdf[i + 1];
      const map: Record<number, number> = { 110: 0x0a, 114: 0x0d, 116: 0x09, 98: 0x08, 102: 0x0c };
      if (n in map) {
        out.push(map[n]);
        i += 2;
      } else if (n >= 0x30 && n <= 0x37) {
        let k = i + 1;
        let v = 0;
        while (k < i + 4 && pdf[k] >= 0x30 && pdf[k] <= 0x37) v = v * 8 + (pdf[k++] - 0x30);
        out.push(v & 0xff);
        i = k;
      } else if (n === 0x0d || n === 0x0a) {
        i += n === 0x0d && pdf[i + 2] === 0x0a ? 3 : 2;
      } else {
        out.push(n);
        i += 2;
      }
      continue;
    }
    if (c === 0x28) depth++;
    if (c === 0x29 && --depth === 0)
      return { value: { kind: 'string', bytes: Buffer.from(out) }, next: i + 1 };
    out.push(c);
    i++;
  }
  throw new PdfSyntaxError('unterminated string');
}

/** The dictionaries inside `value` (itself included), depth first. */
export function dictionariesIn(value: PdfValue): Array<Extract<PdfValue, { kind: 'dict' }>> {
  const found: Array<Extract<PdfValue, { kind: 'dict' }>> = [];
  const walk = (v: PdfValue) => {
    if (v.kind === 'dict') {
      found.push(v);
      for (const e of v.entries.values()) walk(e.value);
    } else if (v.kind === 'array') for (const item of v.items) walk(item);
  };
  walk(value);
  return found;
}

/** A PDF date string 'D:YYYYMMDDHHmmSSOHH'mm' as a Date, or null. */
export function pdfDate(text: string): Date | null {
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Z+-])?(\d{2})?'?(\d{2})?/.exec(
    text.trim(),
  );
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', tz, th = '00', tm = '00'] = m;
  const offset = tz === '+' || tz === '-' ? `${tz}${th}:${tm}` : 'Z';
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}
