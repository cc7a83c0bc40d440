// 'Check Licenses' of the admin dashboard (docs/PRODUCT.md#screens): pending licences, a review dialog with
// the licence and its proof, Approve / Reject. The decided licence leaves the list and
// 'License {action} successfully!' shows for 5 seconds; a failure alert shows for 5 seconds.
import {
  LICENSE_REASON_MAX,
  revealBidiControls,
  SPECIALIZATION_LABELS,
  type Specialization,
} from '@app/shared';
import { CheckCircle2, Download, Loader2, ScrollText, XCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { ListState } from '../../components/ListState';
import { Modal } from '../../components/Modal';
import { PrivateFileLink } from '../../components/PrivateFileLink';
import { errorMessage } from '../../lib/apiErrors';
import { formatDate } from '../../lib/format';
import {
  ExpiryWarning,
  type PendingLicense,
  useDecideLicenseMutation,
  usePendingLicensesQuery,
} from '../licenses';

export const ALERT_MS = 5000;

type Notice = { kind: 'success' | 'error'; text: string; at: number };

export function CheckLicensesTab() {
  const { data, isLoading, error } = usePendingLicensesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [reviewing, setReviewing] = useState<PendingLicense | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(null), ALERT_MS);
    return () => clearTimeout(t);
  }, [notice]);

  return (
    <Panel
      title="Check Licenses"
      description="Licenses waiting for review. Check each against its proof document."
    >
      {notice && (
        <div
          role={notice.kind === 'error' ? 'alert' : 'status'}
          className={`mb-4 flex items-center gap-2 rounded-lg border px-3 py-2 text-sm ${
            notice.kind === 'error'
              ? 'border-red-200 bg-red-50 text-red-800'
              : 'border-green-200 bg-green-50 text-green-800'
          }`}
        >
          {notice.kind === 'error' ? (
            <XCircle className="h-4 w-4 shrink-0" aria-hidden />
          ) : (
            <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
          )}
          {notice.text}
        </div>
      )}
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={!data?.length}
        loadingText="Loading licenses..."
        errorText="Failed to fetch licenses."
        empty={<EmptyState icon={ScrollText}>No pending licenses to review</EmptyState>}
      >
        <div className="-mx-4 overflow-x-auto sm:mx-0">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  User Name
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  License #
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  License Type
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Issued In
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Submission Date
                </th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {(data ?? []).map((l) => (
                <tr key={l.id} className="hover:bg-slate-50">
                  <td className="px-4 py-3 font-medium text-slate-900">{revealBidiControls(l.full_name)}</td>
                  <td className="px-4 py-3 font-mono text-slate-700">
                    {revealBidiControls(l.license_number)}
                    <span className="ml-2 font-sans">
                      <ExpiryWarning daysLeft={l.expires_in_days} />
                    </span>
                  </td>
                  <td className="px-4 py-3 text-slate-700">{l.license_type}</td>
                  {/* The board to check the number with: a seal is valid where it was issued. */}
                  <td className="px-4 py-3 text-slate-700">
                    {[l.issue_state, l.issue_country].filter(Boolean).join(', ') || 'N/A'}
                  </td>
                  <td className="px-4 py-3 text-slate-700">{formatDate(l.created_at, 'N/A')}</td>
                  <td className="px-4 py-3 text-right">
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1.5"
                      onClick={() => setReviewing(l)}
                      aria-label={`Review license ${l.license_number} of ${l.full_name}`}
                    >
                      Review
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
      <ReviewDialog
        license={reviewing}
        onClose={() => setReviewing(null)}
        onDecided={(text) => setNotice({ kind: 'success', text, at: Date.now() })}
        onFailed={(text) => setNotice({ kind: 'error', text, at: Date.now() })}
      />
    </Panel>
  );
}

function ReviewDialog({
  license: l,
  onClose,
  onDecided,
  onFailed,
}: {
  license: PendingLicense | null;
  onClose: () => void;
  onDecided: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const [decide, { isLoading }] = useDecideLicenseMutation();
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<'verified' | 'rejected' | null>(null);
  const reasonId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new licence starts with an empty reason
  useEffect(() => setReason(''), [l?.id]);

  const act = async (status: 'verified' | 'rejected') => {
    if (!l) return;
    setPending(status);
    try {
      await decide({
        id: l.id,
        body: {
          verification_status: status,
          ...(status === 'rejected' && reason.trim() ? { reason: reason.trim() } : {}),
        },
      }).unwrap();
      onDecided(`License ${status === 'verified' ? 'approved' : 'rejected'} successfully!`);
      onClose();
    } catch (e) {
      onFailed(errorMessage(e, 'Failed to update license status.'));
      onClose();
    } finally {
      setPending(null);
    }
  };

  const row = (label: string, value: React.ReactNode) => (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1.5">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );

  return (
    <Modal
      open={!!l}
      onOpenChange={(o) => !o && onClose()}
      title="Review License"
      description={l ? `License # ${revealBidiControls(l.license_number)}` : undefined}
      size="lg"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="btn-danger"
            disabled={isLoading}
            onClick={() => void act('rejected')}
          >
            {pending === 'rejected' && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Reject
          </button>
          <button
            type="button"
            className="btn bg-green-700 text-white hover:bg-green-800"
            disabled={isLoading}
            onClick={() => void act('verified')}
          >
            {pending === 'verified' && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Approve
          </button>
        </>
      }
    >
      {l && (
        <>
          <dl className="divide-y divide-slate-100 text-sm">
            {row('User', revealBidiControls(l.full_name) || 'N/A')}
            {row('License Type', l.license_type || 'N/A')}
            {row('Issue State', l.issue_state || 'N/A')}
            {row('Issue Country', l.issue_country || 'N/A')}
            {row(
              'Specializations',
              l.specializations.length
                ? l.specializations.map((s) => SPECIALIZATION_LABELS[s as Specialization] ?? s).join(', ')
                : 'N/A',
            )}
            {row('Expiration Date', formatDate(l.expiration_date, 'N/A'))}
            {row('Submission Date', formatDate(l.created_at, 'N/A'))}
            {row(
              'Proof',
              l.proof_url ? (
                <PrivateFileLink
                  href={l.proof_url}
                  className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                >
                  <span className="break-all">{l.proof_name ?? 'Open proof document'}</span>{' '}
                  <Download className="h-3.5 w-3.5 shrink-0" aria-hidden />
                </PrivateFileLink>
              ) : (
                'N/A'
              ),
            )}
          </dl>
          <div className="mt-4">
            <label htmlFor={reasonId} className="label">
              Reason for rejection <span className="font-normal text-slate-500">(sent to the engineer)</span>
            </label>
            <textarea
              id={reasonId}
              rows={3}
              maxLength={LICENSE_REASON_MAX}
              className="input"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="For example: the proof document does not show the license number."
            />
          </div>
        </>
      )}
    </Modal>
  );
}
