// The engineer dashboard's 'Payout History' (docs/PRODUCT.md#screens, #data, #states, #limits): every payout with its
// status (initiated, pending, succeeded, failed, in PAYOUT_STATUS_LABELS' words) and one
// sentence saying when it is paid and why, filtered by status; the id shown is the first 8
// characters of the submission id.
import {
  formatCents,
  PAYOUT_MESSAGES,
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUSES,
  type PayoutDto,
  type PayoutStatus,
  payoutSentence,
} from '@app/shared';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { FilterPills } from '../../components/FilterPills';
import { ListState } from '../../components/ListState';
import { formatDate } from '../../lib/format';
import { usePayoutsQuery } from './api';
import { PayoutStatusBadge } from './StatusBadges';
import { useLiveWallet } from './useLiveWallet';
import { filterPayouts } from './walletFilters';

const STATUS_OPTIONS = [
  { value: 'all' as const, label: 'All' },
  ...PAYOUT_STATUSES.map((s) => ({ value: s, label: PAYOUT_STATUS_LABELS[s] })),
];

/** docs/PRODUCT.md#limits: the first 8 characters of the submission id (the payout's own before a submission exists). */
export const payoutShortId = (p: Pick<PayoutDto, 'id' | 'submission_id'>) =>
  (p.submission_id ?? p.id).slice(0, 8);

export function PayoutHistoryTab({ userId }: { userId: string }) {
  useLiveWallet();
  const [status, setStatus] = useState<PayoutStatus | 'all'>('all');
  const { data, isLoading, error } = usePayoutsQuery(userId);
  const list = filterPayouts(data ?? [], status);
  return (
    <Panel
      title="Payout History"
      description="Each payout to your connected payout account: when it is paid, and why."
    >
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
  const when = payoutSentence(p, (d) => formatDate(d));
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
        <p className="text-xs text-slate-700" data-testid="payout-when">
          {when}
        </p>
      </div>
      <div className="flex items-center gap-3 sm:justify-end">
        <span className="text-base font-semibold text-slate-900">{formatCents(p.amount)}</span>
        <PayoutStatusBadge status={p.status} />
      </div>
    </article>
  );
}
