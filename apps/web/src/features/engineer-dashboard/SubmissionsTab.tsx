// 'Submissions' tab. The submissions feature replaces this component with the engineer's list.
import { FileCheck2 } from 'lucide-react';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';

export function SubmissionsTab(_props: { userId: string }) {
  return (
    <Panel title="Submissions" description="Deliverables you submitted to clients.">
      <EmptyState icon={FileCheck2}>No submissions yet.</EmptyState>
    </Panel>
  );
}
