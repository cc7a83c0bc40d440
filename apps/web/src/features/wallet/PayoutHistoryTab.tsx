// The engineer dashboard's 'Payout History' (spec §2, §3, §4, §9): every payout with its
// status (initiated, pending, succeeded, failed) and why a failed one was refused, filtered
// by status; the id shown is the first 8 characters of the submission id.
import {
  formatCents,
  PAYOUT_MESSAGES,
  PAYOUT_STATUSES,
  type PayoutDto,
  type PayoutStatus,
} from '@app/shared';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { FilterPills } from '../../components/FilterPills';
import { ListState } from '../../components/ListState';
import { formatDate, formatDateTime } from '../../lib/format';
import { usePayoutsQuery } from './api';
import { PAYOUT_STATUS_LABELS, PayoutStatusBadge } from './StatusBadges';
import { useLiveWallet } from './useLiveWallet';
import { filterPayouts } from './walletFilters';

const STATUS_OPTIONS = [
  { value: 'all' as const, label: 'All' },
  ...PAYOUT_STATUSES.map((s) => ({ value: s, label: PAYOUT_STATUS_LABELS[s] })),
];

/** Spec §9: the first 8 characters of the submission id (the payout's own before a submission exists). */
export const payoutShortId = (p: Pick<PayoutDto, 'id' | 'submission_id'>) =>
  (p.submission_id ?? p.id).slice(0, 8);

export function PayoutHistoryTab({ userId }: { userId: string }) {
  useLiveWallet();
  const [status, setStatus] = useState<PayoutStatus | 'all'>('all');
  const { data, isLoading, error } = usePayoutsQuery(userId);
  const list = filterPayouts(data ?? [], status);
  return (
    <Panel title="Payout History" description="Payouts sent to your connected payout account.">
      <FilterPills label="Payout status" options={STATUS_OPTIONS} value={status} onChange={setStatus} />
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={list.length === 0}
        loadingText="Loading payout history..."
        errorText="Could not load your payout history."
        empty={<EmptyState icon={History}>{PAYOUT_MESSAGES.empty}</EmptyState>}
      >
        <ul className="divide-y divide-slate-200" aria-label="Payouts">
          {list.map((p) => (
            <li key={p.id} className="py-4 first:pt-0 last:pb-0">
              <PayoutRow p={p} />
            </li>
          ))}
        </ul>
      </ListState>
    </Panel>
  );
}

function PayoutRow({ p }: { p: PayoutDto }) {
  const when =
    p.status === 'succeeded'
      ? `Paid ${formatDateTime(p.paid_at ?? p.payout_date)}`
      : p.status === 'pending'
        ? `Sent ${formatDate(p.payout_date)}, waiting for the bank`
        : p.status === 'failed'
          ? 'Not paid: the money is back in your wallet and the next payout tries again'
          : `Payout date ${formatDate(p.payout_date)}`;
  return (
    <article
      aria-label={`Payout ${payoutShortId(p)}`}
      className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0">
        <p className="font-mono text-sm font-semibold text-slate-900" title={p.submission_id ?? p.id}>
          {payoutShortId(p)}
        </p>
        <Link to={`/project_details/${p.project_id}`} className="text-sm text-brand-700 hover:underline">
          {p.project_title}
        </Link>
        <p className="text-xs text-slate-600">
          Payout date {formatDate(p.payout_date)} · {when}
        </p>
        {p.status === 'failed' && p.failure_reason && (
          <p className="mt-1 rounded-md bg-red-50 px-2 py-1 text-xs text-red-800">
            Reason: {p.failure_reason}
          </p>
        )}
      </div>
      <div className="flex items-center gap-3 sm:justify-end">
        <span className="text-base font-semibold text-slate-900">{formatCents(p.amount)}</span>
        <PayoutStatusBadge status={p.status} />
      </div>
    </article>
  );
}
