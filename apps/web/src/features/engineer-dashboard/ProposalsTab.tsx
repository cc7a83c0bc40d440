// 'Proposals' tab. The proposals feature replaces this component with the engineer's list.
import { FileText } from 'lucide-react';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';

export function ProposalsTab(_props: { userId: string }) {
  return (
    <Panel title="Proposals" description="Proposals you submitted on projects.">
      <EmptyState icon={FileText}>No proposals submitted yet.</EmptyState>
    </Panel>
  );
}
