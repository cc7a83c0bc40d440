// @vitest-environment happy-dom
// The seal verdict beside a deliverable: what each verdict says, word for word, and that
// only a verified seal looks green.
import type { PdfSignatureCheck, PdfSignatureDetail } from '@app/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SignatureStatus } from './SignatureStatus';

afterEach(cleanup);

const signature = (over: Partial<PdfSignatureDetail> = {}): PdfSignatureDetail => ({
  signer_name: 'Jane Doe',
  subject: 'CN=Jane Doe, O=Doe Engineering, C=US',
  issuer: 'CN=Example Trust CA',
  signed_at: '2026-03-04T15:05:00.000Z',
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
    not_after: '2027-01-01T00:00:00.000Z',
  },
  timestamp: null,
  matches_engineer: true,
  ...over,
});

const show = (check: PdfSignatureCheck, extra: { sha256?: string; engineer?: string } = {}) => {
  render(<SignatureStatus check={check} {...extra} />);
  return screen.getByTestId('signature-status');
};

describe('SignatureStatus', () => {
  it('calls a verified seal verified, in green, with what it means for a permit', () => {
    const box = show({ status: 'intact', seal: 'verified', signatures: [signature()] });
    expect(box.dataset.seal).toBe('verified');
    expect(box.className).toContain('bg-green-50');
    expect(
      within(box).getByText('Sealed by Jane Doe — verified: trusted certificate, intact since signing'),
    ).toBeTruthy();
    expect(screen.getByTestId('seal-meaning').textContent).toBe(
      'The file is unchanged since it was signed, and the certificate was issued by a certification authority in our trust list, valid at signing and names the engineer of record.',
    );
    expect(within(box).getByText('Signature details (1)')).toBeTruthy();
    expect(within(box).getByText('Checks').nextElementSibling?.textContent).toBe(
      'content matches the signature; signature verifies; covers the whole file',
    );
  });

  it('quotes the file’s SHA-256 for a self-signed seal, and never looks green', () => {
    const box = show(
      {
        status: 'intact',
        seal: 'self_signed',
        signatures: [
          signature({ certificate: { ...signature().certificate!, trusted: false, self_signed: true } }),
        ],
      },
      { sha256: 'ab12cd34' },
    );
    expect(box.dataset.seal).toBe('self_signed');
    expect(box.className).not.toContain('green');
    expect(within(box).getByText('Signed by Jane Doe with a self-signed certificate')).toBeTruthy();
    expect(screen.getByTestId('seal-meaning').textContent).toBe(
      'Self-signed: anyone can make this certificate; some permit offices require one from a certification authority, or the engineer’s signed statement of this file’s SHA-256: ab12cd34.',
    );
    expect(within(box).getByText('File SHA-256: ab12cd34')).toBeTruthy();
  });

  it('names the engineer of record when someone else signed', () => {
    const box = show(
      { status: 'intact', seal: 'other_signer', signatures: [signature({ matches_engineer: false })] },
      { engineer: 'Evan Engineer' },
    );
    expect(within(box).getByText('Signed by Jane Doe, not by the engineer of record')).toBeTruthy();
    expect(screen.getByTestId('seal-meaning').textContent).toBe(
      'The certificate names Jane Doe, not Evan Engineer, the engineer of record; a permit office expects the engineer’s own signature.',
    );
  });

  it('says a changed file was changed, in red, with what is damaged', () => {
    const box = show({
      status: 'changed',
      seal: 'changed',
      signatures: [signature({ covers_whole_file: false, digest_matches: false })],
    });
    expect(box.className).toContain('bg-red-50');
    expect(within(box).getByText('Changed after signing')).toBeTruthy();
    expect(within(box).getByText('Checks').nextElementSibling?.textContent).toBe(
      'content differs from what was signed; signature verifies; does not cover the whole file',
    );
  });

  it('says an unsigned PDF is unsigned, without signature details', () => {
    const box = show({ status: 'unsigned', seal: 'unsigned', signatures: [] });
    expect(within(box).getByText('Not digitally signed')).toBeTruthy();
    expect(screen.getByTestId('seal-meaning').textContent).toBe(
      'The PDF carries no digital signature; a permit office that requires a digital seal will not accept it.',
    );
    expect(within(box).queryByText(/Signature details/)).toBeNull();
  });

  it('reads a check stored before verdicts existed as unverified at best', () => {
    const box = show({ status: 'intact', signatures: [signature()] });
    expect(box.dataset.seal).toBe('untrusted');
    expect(
      within(box).getByText('Signed by Jane Doe — certificate not from a trusted authority'),
    ).toBeTruthy();
  });
});
