// The client dashboard's 'Projects' tab: the client's projects filtered by status
// (docs/PRODUCT.md#limits: all/open/assigned/completed/problem), each linking to its page.
import { formatCents } from '@app/shared';
import { FolderOpen } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { FilterPills } from '../../components/FilterPills';
import { ListState } from '../../components/ListState';
import { formatDate } from '../../lib/format';
import { StatusBadge, useCustomerProjectsQuery } from '../projects';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'completed', label: 'Completed' },
  { value: 'problem', label: 'Problem' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

export function ClientProjectsTab({ userId }: { userId: string }) {
  const { data, error, isLoading } = useCustomerProjectsQuery({ clientId: userId });
  const [filter, setFilter] = useState<Filter>('all');
  const list = (data ?? []).filter((p) => filter === 'all' || p.status === filter);

  return (
    <Panel title="Projects" description="Projects you posted and the proposals they received.">
      <FilterPills label="Filter projects by status" options={FILTERS} value={filter} onChange={setFilter} />
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={list.length === 0}
        loadingText="Loading projects..."
        errorText="Failed to load projects."
        empty={
          <EmptyState icon={FolderOpen}>
            {data?.length ? (
              'No projects with this status.'
            ) : (
              <>
                You have not posted a project yet.{' '}
                <Link to="/create_project" className="font-semibold text-brand-700 hover:underline">
                  Post your first project
                </Link>
                .
              </>
            )}
          </EmptyState>
        }
      >
        <ul className="divide-y divide-slate-200">
          {list.map((p) => (
            <li
              key={p.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <div className="min-w-0">
                <Link
                  to={`/project_details/${p.id}`}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {p.title}
                </Link>
                <p className="text-xs text-slate-600">
                  Posted {formatDate(p.created_at)} · {p.proposal_count}{' '}
                  {p.proposal_count === 1 ? 'proposal' : 'proposals'}
                </p>
              </div>
              <div className="flex items-center gap-3 sm:shrink-0">
                {p.contract_price !== null ? (
                  <span className="text-right">
                    <span className="block text-[11px] uppercase tracking-wide text-slate-500">Contract</span>
                    <span className="font-semibold text-slate-900">{formatCents(p.contract_price)}</span>
                  </span>
                ) : (
                  <span className="text-right">
                    <span className="block text-[11px] uppercase tracking-wide text-slate-500">Budget</span>
                    <span className="font-semibold text-slate-900">{formatCents(p.budget)}</span>
                  </span>
                )}
                <StatusBadge status={p.status} />
              </div>
            </li>
          ))}
        </ul>
      </ListState>
    </Panel>
  );
}
