// The signature line shown next to a deliverable, to both sides and to admins (issue 10,
// docs/DELIVERABLES.md): 'Digitally signed by {name} — intact since signing', 'Changed after
// signing' or 'Not digitally signed', with the certificate's subject, issuer and signing time.
import { type PdfSignatureCheck, signatureLine } from '@app/shared';
import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { formatDateTime } from '../../lib/format';

const LOOK = {
  intact: { icon: ShieldCheck, className: 'border-green-200 bg-green-50 text-green-900' },
  changed: { icon: ShieldAlert, className: 'border-red-200 bg-red-50 text-red-900' },
  unsigned: { icon: ShieldQuestion, className: 'border-slate-200 bg-slate-50 text-slate-800' },
} as const;

export function SignatureStatus({ check }: { check: PdfSignatureCheck }) {
  const { icon: Icon, className } = LOOK[check.status];
  return (
    <div className={`rounded-lg border px-3 py-2 text-sm ${className}`} data-testid="signature-status">
      <p className="flex items-start gap-2 font-medium">
        <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>{signatureLine(check)}</span>
      </p>
      {check.signatures.length > 0 && (
        <details className="mt-1 pl-6 text-xs">
          <summary className="cursor-pointer select-none font-medium underline-offset-2 hover:underline">
            Signature details
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
                  <dd>{formatDateTime(s.signed_at, 'Time not given')}</dd>
                  <dt className="opacity-75">Checks</dt>
                  <dd>
                    {[
                      s.digest_matches
                        ? 'content matches the signature'
                        : 'content differs from what was signed',
                      s.signature_valid ? 'signature verifies' : 'signature does not verify',
                      s.covers_whole_file ? 'covers the whole file' : 'bytes were added after it',
                    ].join('; ')}
                  </dd>
                </dl>
              </li>
            ))}
          </ol>
          <p className="mt-2 opacity-75">
            The check proves the file is unchanged since it was signed and who the certificate names; read the
            issuer to judge whether your permit office accepts it.
          </p>
        </details>
      )}
    </div>
  );
}
