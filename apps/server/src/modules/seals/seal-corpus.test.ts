// The seal check against a corpus of PDFs made with tools independent of the product's
// signing code (openssl, @signpdf, poppler's pdfsig: test-corpus.ts), each compared with
// poppler's `pdfsig` (status and signature count) and checked field by field.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { PdfSignatureCheck } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawingPdf } from '../../seed/stamped-pdf.ts';
import { assertReadablePdf, checkPdfSignatures, PdfUnreadableError } from './pdf-signatures.ts';
import { PDFSIG, patch, pdfsigVerdict, Workshop } from './test-corpus.ts';

// The test command installs poppler-utils as it does Chromium; without it the comparison is skipped, said once.
if (!existsSync(PDFSIG)) {
  try {
    execFileSync('node', ['scripts/ensure-poppler.mjs'], {
      cwd: new URL('../../../../../', import.meta.url).pathname,
      stdio: 'inherit',
    });
  } catch {
    // ensure-poppler says why.
  }
}
const HAVE_PDFSIG = existsSync(PDFSIG);
if (!HAVE_PDFSIG)
  console.warn(`pdfsig not found at ${PDFSIG}: the comparison with poppler is skipped in this run.`);

const ENGINEER = 'Jane Doe, P.E.';
let w: Workshop;
let roots: string;
let unsigned: Buffer;
const corpus = new Map<string, Buffer>();

const check = (pdf: Buffer, engineerName: string | null = ENGINEER) =>
  checkPdfSignatures(pdf, { trustRootsPem: roots, engineerName });

beforeAll(async () => {
  w = new Workshop();
  roots = w.rootsPem();
  const jane = w.issued('jane', 'Jane Doe PE');
  const mallory = w.issued('mallory', 'Mallory Smith');
  const selfMade = w.selfSigned('self', 'Jane Doe PE');
  const expired = w.issued('expired', 'Jane Doe', {
    dates: { start: '20150101000000Z', end: '20180101000000Z' },
  });
  unsigned = await drawingPdf({ title: 'S-101 Foundation plan', project: 'Deck', engineer: ENGINEER });
  corpus.set('unsigned', unsigned);
  const good = await w.sign(unsigned, jane);
  corpus.set('ca-signed', good);
  corpus.set('no-signed-attributes', await w.sign(unsigned, jane, { noattr: true }));
  corpus.set('self-signed', await w.sign(unsigned, selfMade));
  corpus.set('expired', await w.sign(unsigned, expired));
  corpus.set('other-signer', await w.sign(unsigned, mallory));
  corpus.set('timestamped', await w.sign(unsigned, jane, { timestamp: true }));
  // Signed with Jane's key while carrying only Mallory's certificate.
  corpus.set('wrong-certificate', await w.sign(unsigned, jane, { certs: [mallory.cert] }));
  // One byte inside the signed range: a font's name.
  corpus.set('byte-changed', patch(good, '/BaseFont /Helvetica', '/BaseFont /Helveticb'));
  corpus.set('appended', Buffer.concat([good, Buffer.from('\n99 0 obj\n<< /Evil true >>\nendobj\n%%EOF\n')]));
  corpus.set('cut-short', good.subarray(0, good.length - 200));
  const m = /\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+(\d+)/.exec(good.toString('latin1'))!;
  const [b, c] = [m[1], m[2]];
  corpus.set('range-not-from-zero', patch(good, `[0 ${b} `, `[1 ${b} `));
  // The gap one byte off the contents: it is no longer exactly the hex string.
  const b1 = String(Number(b) + 1).padStart(b.length, '0');
  corpus.set('gap-not-hex', patch(good, `[0 ${b} ${c}`, `[0 ${b1} ${c}`));
  if (w.canAddWithPdfsig()) {
    corpus.set('two-signatures', w.addWithPdfsig(good, jane, 'jane'));
    // The first signature's /ByteRange altered (same length), then a valid second signature.
    const d = /\/ByteRange\s*\[\s*0\s+\d+\s+\d+\s+(\d+)/.exec(good.toString('latin1'))![1];
    const d1 = String(Number(d) - 1).padStart(d.length, '0');
    corpus.set(
      'first-range-altered',
      w.addWithPdfsig(patch(good, ` ${c} ${d}]`, ` ${c} ${d1}]`), jane, 'jane'),
    );
    corpus.set('pdfsig-only', w.addWithPdfsig(unsigned, jane, 'jane'));
  }
}, 120_000);

afterAll(() => w?.dispose());

/** What the verdict of each corpus file must be (status, count, seal), and its own assertions. */
const EXPECTED: Record<
  string,
  { status: string; count: number; seal: string; more?: (c: PdfSignatureCheck) => void; unlikePdfsig?: true }
> = {
  unsigned: { status: 'unsigned', count: 0, seal: 'unsigned' },
  'ca-signed': {
    status: 'intact',
    count: 1,
    seal: 'verified',
    more: (c) => {
      const [s] = c.signatures;
      expect(s).toMatchObject({
        signer_name: 'Jane Doe PE',
        subject: 'CN=Jane Doe PE, O=Corpus, C=US',
        issuer: 'CN=Test Seal Authority, O=Corpus, C=US',
        covers_whole_file: true,
        digest_matches: true,
        signature_valid: true,
        signed_at_source: 'signer_clock',
        timestamp: null,
        matches_engineer: true,
        problem: null,
      });
      expect(s.certificate).toMatchObject({ trusted: true, self_signed: false, valid_at_signing: true });
      expect(Date.parse(s.certificate!.not_after)).toBeGreaterThan(Date.now());
      expect(Date.parse(s.signed_at!)).toBeGreaterThan(Date.now() - 10 * 60_000);
    },
  },
  'no-signed-attributes': {
    status: 'intact',
    count: 1,
    seal: 'verified',
    more: (c) => {
      // No signingTime attribute: the time is the dictionary's /M, the signer's clock.
      expect(c.signatures[0]).toMatchObject({
        signature_valid: true,
        digest_matches: true,
        signed_at_source: 'signer_clock',
      });
    },
  },
  'self-signed': {
    status: 'intact',
    count: 1,
    seal: 'self_signed',
    more: (c) => expect(c.signatures[0].certificate).toMatchObject({ trusted: false, self_signed: true }),
  },
  expired: {
    status: 'intact',
    count: 1,
    seal: 'expired',
    more: (c) => {
      expect(c.signatures[0].certificate).toMatchObject({
        trusted: true,
        valid_at_signing: false,
        not_after: '2018-01-01T00:00:00.000Z',
      });
    },
  },
  'other-signer': {
    status: 'intact',
    count: 1,
    seal: 'other_signer',
    more: (c) =>
      expect(c.signatures[0]).toMatchObject({ signer_name: 'Mallory Smith', matches_engineer: false }),
  },
  timestamped: {
    status: 'intact',
    count: 1,
    seal: 'verified',
    more: (c) => {
      const [s] = c.signatures;
      expect(s.signed_at_source).toBe('timestamp_authority');
      expect(s.timestamp).toMatchObject({ authority: 'Test Timestamp Authority', verified: true });
      expect(s.signed_at).toBe(s.timestamp!.time);
    },
  },
  'wrong-certificate': {
    status: 'changed',
    count: 1,
    seal: 'changed',
    more: (c) => {
      // Mallory's certificate does not verify Jane's signature: Mallory is not named.
      expect(c.signatures[0]).toMatchObject({ signer_name: null, signature_valid: false, certificate: null });
      expect(c.signatures[0].problem).toMatch(/No certificate/);
    },
  },
  'byte-changed': {
    status: 'changed',
    count: 1,
    seal: 'changed',
    more: (c) =>
      expect(c.signatures[0]).toMatchObject({
        covers_whole_file: true,
        digest_matches: false,
        signer_name: 'Jane Doe PE',
      }),
  },
  appended: {
    status: 'changed',
    count: 1,
    seal: 'changed',
    more: (c) =>
      expect(c.signatures[0]).toMatchObject({
        covers_whole_file: false,
        digest_matches: true,
        signature_valid: true,
      }),
  },
  'cut-short': {
    status: 'changed',
    count: 1,
    seal: 'changed',
    more: (c) => expect(c.signatures[0].problem).toMatch(/past the end/),
    // pdfsig finds signatures through the document's form, which the lost cross-reference
    // table takes with it: it says 'no signatures'. The product reports the damaged one (and
    // refuses the file as a deliverable: below).
    unlikePdfsig: true,
  },
  'range-not-from-zero': {
    status: 'changed',
    count: 1,
    seal: 'changed',
    more: (c) => expect(c.signatures[0].problem).toMatch(/does not start/),
  },
  'gap-not-hex': {
    status: 'changed',
    count: 1,
    seal: 'changed',
    more: (c) => expect(c.signatures[0].problem).toMatch(/not the signature/),
  },
  'two-signatures': {
    status: 'intact',
    count: 2,
    seal: 'verified',
    more: (c) => {
      expect(c.signatures.map((s) => s.covers_whole_file)).toEqual([false, true]);
      // pdfsig writes no signingTime attribute: the time is its dictionary's /M.
      expect(c.signatures[1].signed_at).not.toBeNull();
    },
  },
  'first-range-altered': {
    status: 'changed',
    count: 2,
    seal: 'changed',
    more: (c) => {
      expect(c.signatures[0]).toMatchObject({ digest_matches: false });
      expect(c.signatures[1]).toMatchObject({
        digest_matches: true,
        signature_valid: true,
        covers_whole_file: true,
      });
    },
  },
  'pdfsig-only': {
    status: 'intact',
    count: 1,
    seal: 'verified',
    more: (c) =>
      expect(c.signatures[0]).toMatchObject({ signer_name: 'Jane Doe PE', signed_at_source: 'signer_clock' }),
  },
};

describe('the seal check on the independent corpus', () => {
  it('covers at least 15 files (pdfsig -add-signature ones where NSS tools are installed)', () => {
    expect(corpus.size).toBeGreaterThanOrEqual(w.canAddWithPdfsig() ? 16 : 13);
  });

  for (const [name, want] of Object.entries(EXPECTED)) {
    it(`${name}: status ${want.status}, ${want.count} signature(s), seal ${want.seal}`, async (t) => {
      const pdf = corpus.get(name);
      if (!pdf) return t.skip();
      const got = await check(pdf);
      expect({ status: got.status, count: got.signatures.length, seal: got.seal }).toEqual({
        status: want.status,
        count: want.count,
        seal: want.seal,
      });
      want.more?.(got);
      if (HAVE_PDFSIG && !want.unlikePdfsig)
        expect(pdfsigVerdict(pdf, w.dir)).toEqual({ status: got.status, count: got.signatures.length });
    });
  }

  it('trusts nothing without a trust store: a CA-issued seal is untrusted', async () => {
    const got = await checkPdfSignatures(corpus.get('ca-signed')!, {
      trustRootsPem: '',
      engineerName: ENGINEER,
    });
    expect(got.seal).toBe('untrusted');
    expect(got.signatures[0].certificate?.trusted).toBe(false);
  });

  it('refuses a corrupt file with a %PDF header as unreadable, and reads a real one', async () => {
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x41)]);
    await expect(assertReadablePdf(corrupt)).rejects.toBeInstanceOf(PdfUnreadableError);
    await expect(assertReadablePdf(corpus.get('cut-short')!)).rejects.toBeInstanceOf(PdfUnreadableError);
    await expect(assertReadablePdf(unsigned)).resolves.toBeUndefined();
    await expect(assertReadablePdf(corpus.get('ca-signed')!)).resolves.toBeUndefined();
  });
});
