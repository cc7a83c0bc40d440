// The engineer dashboard's 'Projects' tab: the projects the engineer won, filtered by
// status (docs/PRODUCT.md#limits: all/assigned/completed/problem).
import { formatCents } from '@app/shared';
import { Briefcase } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { FilterPills } from '../../components/FilterPills';
import { ListState } from '../../components/ListState';
import { formatDate } from '../../lib/format';
import { useEngineerProjectsQuery } from './api';
import { StatusBadge } from './Badges';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'completed', label: 'Completed' },
  { value: 'problem', label: 'Problem' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

export function EngineerProjectsTab({ userId }: { userId: string }) {
  const { data, error, isLoading } = useEngineerProjectsQuery(userId);
  const [filter, setFilter] = useState<Filter>('all');
  const list = (data ?? []).filter((p) => filter === 'all' || p.status === filter);

  return (
    <Panel title="Projects" description="Projects you were hired for.">
      <FilterPills label="Filter projects by status" options={FILTERS} value={filter} onChange={setFilter} />
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={list.length === 0}
        loadingText="Loading projects..."
        errorText="Failed to load projects."
        empty={
          <EmptyState icon={Briefcase}>
            {filter === 'all'
              ? 'No projects yet. Projects you are hired for appear here.'
              : 'No projects with this status.'}
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
                  {p.company_name ? `${p.company_name} · ` : ''}Posted {formatDate(p.created_at)}
                </p>
              </div>
              <div className="flex items-center gap-3 sm:shrink-0">
                <span className="font-semibold text-slate-900">{formatCents(p.proposed_amount)}</span>
                <StatusBadge status={p.status} />
              </div>
            </li>
          ))}
        </ul>
      </ListState>
    </Panel>
  );
}
