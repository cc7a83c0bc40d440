// A dashboard's 'Projects' tab, the client's and the engineer's alike: status pills over the
// list, each row linking to the project's page with its status badge. Each dashboard says
// which statuses it filters by, what a row shows under the title and on the right, and
// what an empty list says.
import type { ProjectStatus } from '@app/shared';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { FilterPills } from '../../components/FilterPills';
import { ListState } from '../../components/ListState';
import { StatusBadge } from './Badges';
import { STATUS_LABELS } from './format';

type ListedProject = { id: string; title: string; status: ProjectStatus };
type Filter = 'all' | ProjectStatus;

export function ProjectsTab<P extends ListedProject>({
  projects: data,
  error,
  isLoading,
  description,
  statuses,
  emptyIcon,
  empty,
  details,
  figure,
}: {
  projects: readonly P[] | undefined;
  error: unknown;
  isLoading: boolean;
  description: string;
  /** The statuses to filter by, after 'All'. */
  statuses: readonly ProjectStatus[];
  emptyIcon: LucideIcon;
  /** What the empty list says, given the chosen filter and whether there are projects at all. */
  empty: (shown: { filter: Filter; anyProjects: boolean }) => ReactNode;
  /** The line under a project's title. */
  details: (project: NoInfer<P>) => ReactNode;
  /** The amount beside the status badge. */
  figure: (project: NoInfer<P>) => ReactNode;
}) {
  const [filter, setFilter] = useState<Filter>('all');
  const filters = [
    { value: 'all' as const, label: 'All' },
    ...statuses.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
  ];
  const list = (data ?? []).filter((p) => filter === 'all' || p.status === filter);

  return (
    <Panel title="Projects" description={description}>
      <FilterPills label="Filter projects by status" options={filters} value={filter} onChange={setFilter} />
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={list.length === 0}
        loadingText="Loading projects..."
        errorText="Failed to load projects."
        empty={<EmptyState icon={emptyIcon}>{empty({ filter, anyProjects: !!data?.length })}</EmptyState>}
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
                <p className="text-xs text-slate-600">{details(p)}</p>
              </div>
              <div className="flex items-center gap-3 sm:shrink-0">
                {figure(p)}
                <StatusBadge status={p.status} />
              </div>
            </li>
          ))}
        </ul>
      </ListState>
    </Panel>
  );
}

/** The words for a filter that leaves nothing to show. */
export const NO_PROJECTS_WITH_STATUS = 'No projects with this status.';
