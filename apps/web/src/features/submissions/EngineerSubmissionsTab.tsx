// The engineer dashboard's 'Submissions' tab (spec §2): every version the engineer sent,
// across projects, filtered and sorted as on the project's page, each linking to it.
import { SUBMISSION_MESSAGES, type SubmissionFilter, type SubmissionSort } from '@app/shared';
import { FileCheck2 } from 'lucide-react';
import { useId, useState } from 'react';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { FilterPills } from '../../components/FilterPills';
import { ListState } from '../../components/ListState';
import { useEngineerSubmissionsQuery } from './api';
import { FILTER_OPTIONS } from './format';
import { SubmissionCard } from './SubmissionCard';
import { useLiveSubmissions } from './useLiveSubmissions';

export function EngineerSubmissionsTab({ userId }: { userId: string }) {
  const sortId = useId();
  const [status, setStatus] = useState<SubmissionFilter>('all');
  const [sort, setSort] = useState<SubmissionSort>('newest');
  const { data, error, isLoading } = useEngineerSubmissionsQuery(
    { engineerId: userId, status, sort },
    { refetchOnMountOrArgChange: true },
  );
  useLiveSubmissions();
  return (
    <Panel title="Submissions" description="Deliverables you submitted to clients.">
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <FilterPills
          label="Filter submissions by status"
          options={FILTER_OPTIONS}
          value={status}
          onChange={setStatus}
        />
        <div className="mb-4 flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-medium text-slate-700">
            Sort
          </label>
          <select
            id={sortId}
            className="input w-auto py-1.5"
            value={sort}
            onChange={(e) => setSort(e.target.value as SubmissionSort)}
          >
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </select>
        </div>
      </div>
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={(data ?? []).length === 0}
        loadingText="Loading submissions..."
        errorText="Could not load your submissions."
        empty={
          <EmptyState icon={FileCheck2}>
            {status === 'all' ? SUBMISSION_MESSAGES.empty : `No ${status} submissions.`}
          </EmptyState>
        }
      >
        <div className="space-y-4">
          {(data ?? []).map((s) => (
            <SubmissionCard key={s.id} submission={s} showProject />
          ))}
        </div>
      </ListState>
    </Panel>
  );
}
