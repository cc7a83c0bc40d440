// The engineer dashboard's 'Proposals' tab: every proposal the engineer sent, filtered by
// status (docs/PRODUCT.md#limits: all/pending/accepted/rejected), each linking to its project.
import { formatCents, formatDeliveryDays, PROPOSAL_MESSAGES } from '@app/shared';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { FilterPills } from '../../components/FilterPills';
import { ListState } from '../../components/ListState';
import { formatDate } from '../../lib/format';
import { useEngineerProposalsQuery } from './api';
import { ProposalStatusBadge } from './ProposalStatusBadge';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'rejected', label: 'Rejected' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

export function EngineerProposalsTab({ userId }: { userId: string }) {
  const { data, error, isLoading } = useEngineerProposalsQuery(userId);
  const [filter, setFilter] = useState<Filter>('all');
  const list = (data ?? []).filter((p) => filter === 'all' || p.status === filter);

  return (
    <Panel title="Proposals" description="Proposals you sent to clients.">
      <FilterPills label="Filter proposals by status" options={FILTERS} value={filter} onChange={setFilter} />
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={list.length === 0}
        loadingText="Loading proposals..."
        errorText="Failed to load proposals."
        empty={
          <EmptyState icon={FileText}>
            {data?.length ? 'No proposals with this status.' : PROPOSAL_MESSAGES.noProposals}
          </EmptyState>
        }
      >
        <ul className="divide-y divide-slate-200">
          {list.map((p) => (
            <li key={p.id} className="py-3">
              <article
                aria-label={`Proposal for ${p.project_title}`}
                className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
              >
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/project_details/${p.project_id}`}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {p.project_title}
                  </Link>
                  <p className="text-xs text-slate-600">
                    {p.license_type} license · delivery {formatDeliveryDays(p.delivery_days)} · sent{' '}
                    {formatDate(p.created_at)}
                  </p>
                  <p className="mt-1 line-clamp-2 text-sm text-slate-700">{p.description}</p>
                </div>
                <div className="flex items-center gap-3 sm:shrink-0">
                  <span className="font-semibold text-slate-900">{formatCents(p.proposed_amount)}</span>
                  <ProposalStatusBadge status={p.status} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      </ListState>
    </Panel>
  );
}
