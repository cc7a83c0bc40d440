// The seal verdict shown next to a deliverable, to both sides and to admins
// (docs/DELIVERABLES.md 'What the seal check proves'): one plain verdict — green only for a
// verified seal — what it means for a permit, and each signature's details (signer, issuer,
// signing time and its source, certificate, timestamp, what is damaged).
import { type PdfSignatureCheck, type PdfSignatureDetail, type SealVerdict, sealText } from '@app/shared';
import { ShieldAlert, ShieldCheck, ShieldQuestion, ShieldX } from 'lucide-react';
import { formatDateTime } from '../../lib/format';

const LOOK: Record<SealVerdict, { icon: typeof ShieldCheck; className: string }> = {
  verified: { icon: ShieldCheck, className: 'border-green-200 bg-green-50 text-green-900' },
  self_signed: { icon: ShieldAlert, className: 'border-amber-200 bg-amber-50 text-amber-950' },
  untrusted: { icon: ShieldAlert, className: 'border-amber-200 bg-amber-50 text-amber-950' },
  expired: { icon: ShieldAlert, className: 'border-amber-200 bg-amber-50 text-amber-950' },
  other_signer: { icon: ShieldAlert, className: 'border-amber-200 bg-amber-50 text-amber-950' },
  changed: { icon: ShieldX, className: 'border-red-200 bg-red-50 text-red-900' },
  unsigned: { icon: ShieldQuestion, className: 'border-slate-200 bg-slate-50 text-slate-800' },
};

function checks(s: PdfSignatureDetail): string {
  return [
    s.digest_matches ? 'content matches the signature' : 'content differs from what was signed',
    s.signature_valid ? 'signature verifies' : 'signature does not verify',
    s.covers_whole_file ? 'covers the whole file' : 'does not cover the whole file',
  ].join('; ');
}

function certificateLine(s: PdfSignatureDetail): string | null {
  const c = s.certificate;
  if (!c) return null;
  return [
    c.trusted
      ? 'from a trusted authority'
      : c.self_signed
        ? 'self-signed'
        : 'authority not in the trust list',
    c.valid_at_signing ? 'valid when signed' : 'not valid when signed',
    `valid ${formatDateTime(c.not_before)} to ${formatDateTime(c.not_after)}`,
  ].join('; ');
}

export function SignatureStatus({
  check,
  sha256,
  engineer,
}: {
  check: PdfSignatureCheck;
  /** The file's SHA-256, quoted for a self-signed seal (the engineer's hash statement). */
  sha256?: string;
  /** The engineer of record, named when someone else signed. */
  engineer?: string;
}) {
  const { seal, headline, meaning } = sealText(check, { sha256, engineer });
  const { icon: Icon, className } = LOOK[seal];
  return (
    <div
      className={`rounded-lg border px-3 py-2 text-sm ${className}`}
      data-testid="signature-status"
      data-seal={seal}
    >
      <p className="flex items-start gap-2 font-medium">
        <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span className="min-w-0 break-words">{headline}</span>
      </p>
      <p className="mt-1 break-words pl-6 text-xs" data-testid="seal-meaning">
        {meaning}
      </p>
      {check.signatures.length > 0 && (
        <details className="mt-1 pl-6 text-xs">
          <summary className="cursor-pointer select-none font-medium underline-offset-2 hover:underline">
            Signature details ({check.signatures.length})
          </summary>
          <ol className="mt-2 space-y-2">
            {check.signatures.map((s, i) => (
              // Signatures have no id of their own; their order in the file is theirs.
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, never reordered
              <li key={i} className="break-words">
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
                  <dt className="opacity-75">Signer</dt>
                  <dd>{s.signer_name ?? 'Not named'}</dd>
                  <dt className="opacity-75">Subject</dt>
                  <dd>{s.subject ?? 'Not readable'}</dd>
                  <dt className="opacity-75">Issuer</dt>
                  <dd>{s.issuer ?? 'Not readable'}</dd>
                  <dt className="opacity-75">Signed</dt>
                  <dd>
                    {formatDateTime(s.signed_at, 'Time not given')}
                    {s.signed_at_source === 'timestamp_authority' && ' (timestamp authority)'}
                    {s.signed_at_source === 'signer_clock' && ' (signer’s own clock)'}
                  </dd>
                  {s.timestamp && (
                    <>
                      <dt className="opacity-75">Timestamp</dt>
                      <dd>
                        {s.timestamp.authority ?? 'Unnamed authority'}, {formatDateTime(s.timestamp.time)}
                        {s.timestamp.verified ? ' (verified)' : ' (not verified)'}
                      </dd>
                    </>
                  )}
                  {certificateLine(s) && (
                    <>
                      <dt className="opacity-75">Certificate</dt>
                      <dd>{certificateLine(s)}</dd>
                    </>
                  )}
                  <dt className="opacity-75">Checks</dt>
                  <dd>{checks(s)}</dd>
                  {s.problem && (
                    <>
                      <dt className="opacity-75">Problem</dt>
                      <dd>{s.problem}</dd>
                    </>
                  )}
                </dl>
              </li>
            ))}
          </ol>
          {sha256 && <p className="mt-2 break-all opacity-75">File SHA-256: {sha256}</p>}
        </details>
      )}
    </div>
  );
}
