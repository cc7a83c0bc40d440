import { describe, expect, it } from 'vitest';
import {
  type PdfSignatureDetail,
  SEAL_MEANINGS,
  sameEngineerName,
  sealOf,
  sealText,
  sealVerdict,
} from './seals.ts';

const good: PdfSignatureDetail = {
  signer_name: 'Jane Doe, PE',
  subject: 'CN=Jane Doe, PE',
  issuer: 'CN=State Seal CA',
  signed_at: '2026-11-20T15:30:00.000Z',
  signed_at_source: 'timestamp_authority',
  covers_whole_file: true,
  digest_matches: true,
  signature_valid: true,
  problem: null,
  certificate: {
    trusted: true,
    self_signed: false,
    valid_at_signing: true,
    not_before: '2026-01-01T00:00:00.000Z',
    not_after: '2028-01-01T00:00:00.000Z',
  },
  timestamp: null,
  matches_engineer: true,
};
const cert = good.certificate!;

describe('the seal verdict', () => {
  it('is verified only when intact, trusted, valid at signing and the engineer’s', () => {
    expect(sealVerdict('intact', [good])).toBe('verified');
    expect(sealVerdict('intact', [{ ...good, certificate: { ...cert, trusted: false } }])).toBe('untrusted');
    expect(
      sealVerdict('intact', [{ ...good, certificate: { ...cert, trusted: false, self_signed: true } }]),
    ).toBe('self_signed');
    expect(sealVerdict('intact', [{ ...good, certificate: { ...cert, valid_at_signing: false } }])).toBe(
      'expired',
    );
    expect(sealVerdict('intact', [{ ...good, matches_engineer: false }])).toBe('other_signer');
    expect(sealVerdict('intact', [{ ...good, certificate: null }])).toBe('untrusted');
    expect(sealVerdict('changed', [good])).toBe('changed');
    expect(sealVerdict('unsigned', [])).toBe('unsigned');
    // Not told the engineer: the name does not block.
    expect(sealVerdict('intact', [{ ...good, matches_engineer: null }])).toBe('verified');
  });

  it('reads rows stored before the verdict existed', () => {
    const old = {
      signer_name: 'Jane Doe',
      subject: null,
      issuer: null,
      signed_at: null,
      covers_whole_file: true,
      digest_matches: true,
      signature_valid: true,
    };
    expect(sealOf({ status: 'intact', signatures: [old] })).toBe('untrusted');
    expect(sealOf({ status: 'changed', signatures: [old] })).toBe('changed');
    expect(sealOf({ status: 'unsigned', signatures: [] })).toBe('unsigned');
    expect(sealOf({ status: 'intact', seal: 'verified', signatures: [old] })).toBe('verified');
  });

  it('says what a self-signed seal means for a permit, with the file’s SHA-256', () => {
    const text = sealText(
      { status: 'intact', seal: 'self_signed', signatures: [good] },
      { sha256: 'ab'.repeat(32) },
    );
    expect(text.headline).toBe('Signed by Jane Doe, PE with a self-signed certificate');
    expect(text.meaning).toBe(SEAL_MEANINGS.self_signed.replace('{sha256}', 'ab'.repeat(32)));
    expect(text.meaning).toMatch(/^Self-signed: anyone can make this certificate;/);
  });
});

describe('engineer names', () => {
  it('ignore case, accents, spacing, order and suffixes such as P.E.', () => {
    expect(sameEngineerName('Jane Doe, P.E.', 'jane  doe')).toBe(true);
    expect(sameEngineerName('José Núñez PE', 'Jose Nunez')).toBe(true);
    expect(sameEngineerName('Doe, Jane', 'Jane Doe, PE')).toBe(true);
    expect(sameEngineerName('Jane Doe', 'John Doe')).toBe(false);
    expect(sameEngineerName('Jane Doe', 'Jane Q. Doe')).toBe(false);
    expect(sameEngineerName('P.E.', 'PE')).toBe(false);
  });
});
