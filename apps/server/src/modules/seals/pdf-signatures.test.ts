// The signature check against PDFs this test signs itself: intact, altered inside the
// signed bytes, extended after signing, a forged signature, and unsigned ones.
import { signatureLine } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawingPdf, makeSealIdentity, signPdf } from '../../seed/stamped-pdf.ts';
import { checkPdfSignatures } from './pdf-signatures.ts';

let unsigned: Buffer;
let signed: Buffer;
const signingTime = new Date('2026-11-20T15:30:00Z');

beforeAll(async () => {
  unsigned = await drawingPdf({ title: 'S-101 Foundation plan', project: 'Deck', engineer: 'Jane Doe, PE' });
  const identity = makeSealIdentity({ commonName: 'Jane Doe, PE', organization: 'Doe Structural LLC' });
  signed = await signPdf(unsigned, identity, { name: 'Jane Doe, PE', location: 'Austin, TX', signingTime });
});

/** Replaces one byte of the page content (inside the signed range) with another. */
function alterSignedBytes(pdf: Buffer): Buffer {
  const copy = Buffer.from(pdf);
  const at = copy.indexOf('ISSUED FOR PERMIT');
  const at2 = at >= 0 ? at : copy.indexOf('/Title');
  copy[at2 + 1] = copy[at2 + 1] === 0x41 ? 0x42 : 0x41;
  return copy;
}

describe('PDF signature check', () => {
  it('names the signer of an intact signed PDF and says it is intact', async () => {
    const check = await checkPdfSignatures(signed);
    expect(check.status).toBe('intact');
    expect(check.signatures).toHaveLength(1);
    const [s] = check.signatures;
    expect(s).toMatchObject({
      signer_name: 'Jane Doe, PE',
      covers_whole_file: true,
      digest_matches: true,
      signature_valid: true,
    });
    expect(s.subject).toBe('CN=Jane Doe, PE, O=Doe Structural LLC, C=US');
    expect(s.issuer).toBe('CN=StampWorks Demo Seal Authority, O=StampWorks, C=US');
    expect(s.signed_at).toBe(signingTime.toISOString());
    expect(signatureLine(check)).toBe('Digitally signed by Jane Doe, PE — intact since signing');
  });

  it('says an unsigned PDF is not signed', async () => {
    const check = await checkPdfSignatures(unsigned);
    expect(check).toEqual({ status: 'unsigned', seal: 'unsigned', signatures: [] });
    expect(signatureLine(check)).toBe('Not digitally signed');
  });

  it('sees a byte changed inside the signed range', async () => {
    const check = await checkPdfSignatures(alterSignedBytes(signed));
    expect(check.status).toBe('changed');
    expect(check.signatures[0]).toMatchObject({ covers_whole_file: true, digest_matches: false });
    expect(signatureLine(check)).toBe('Changed after signing');
  });

  it('sees content appended after signing (an incremental update)', async () => {
    const appended = Buffer.concat([signed, Buffer.from('\n1 0 obj\n<< /Evil true >>\nendobj\n%%EOF\n')]);
    const check = await checkPdfSignatures(appended);
    expect(check.status).toBe('changed');
    expect(check.signatures[0]).toMatchObject({
      covers_whole_file: false,
      digest_matches: true,
      signature_valid: true,
    });
  });

  it('refuses a signature by another key over the same bytes (a forged certificate swap)', async () => {
    // Sign a different document, then graft its signature into this one's hole.
    const other = await signPdf(
      await drawingPdf({ title: 'Other', project: 'Other', engineer: 'Mallory' }),
      makeSealIdentity({ commonName: 'Mallory' }),
      { name: 'Mallory', location: 'Nowhere' },
    );
    const hole = (pdf: Buffer) => {
      const m = /\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)/.exec(pdf.toString('latin1'))!;
      return [Number(m[1]), Number(m[2])] as const;
    };
    const [b1, c1] = hole(signed);
    const [b2, c2] = hole(other);
    expect(c1 - b1).toBe(c2 - b2);
    const grafted = Buffer.concat([signed.subarray(0, b1), other.subarray(b2, c2), signed.subarray(c1)]);
    const check = await checkPdfSignatures(grafted);
    expect(check.status).toBe('changed');
    expect(check.signatures[0]).toMatchObject({
      signer_name: 'Mallory',
      digest_matches: false,
      signature_valid: false,
    });
  });

  it('treats damaged signature bytes and stray /ByteRange text as not intact, never as an error', async () => {
    const damaged = Buffer.from(signed);
    const m = /\/ByteRange\s*\[\s*0\s+(\d+)/.exec(damaged.toString('latin1'))!;
    damaged.write('00000000', Number(m[1]) + 1, 'latin1');
    expect((await checkPdfSignatures(damaged)).status).toBe('changed');
    const stray = Buffer.concat([unsigned, Buffer.from('% /ByteRange [0 10 20 30]\n')]);
    expect((await checkPdfSignatures(stray)).status).toBe('unsigned');
  });
});
