// The engineer dashboard's 'Submissions' tab (docs/PRODUCT.md#screens): every version the engineer sent,
// across projects, filtered and sorted as on the project's page, each linking to it.
import { SUBMISSION_MESSAGES, type SubmissionFilter, type SubmissionSort } from '@app/shared';
import { FileCheck2 } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { ListState } from '../../components/ListState';
import { useEngineerSubmissionsQuery } from './api';
import { SubmissionCard } from './SubmissionCard';
import { SubmissionListControls } from './SubmissionListControls';

export function EngineerSubmissionsTab({ userId }: { userId: string }) {
  const [status, setStatus] = useState<SubmissionFilter>('all');
  const [sort, setSort] = useState<SubmissionSort>('newest');
  const { data, error, isLoading } = useEngineerSubmissionsQuery(
    { engineerId: userId, status, sort },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <Panel title="Submissions" description="Deliverables you submitted to clients.">
      <SubmissionListControls status={status} sort={sort} onStatus={setStatus} onSort={setSort} />
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
