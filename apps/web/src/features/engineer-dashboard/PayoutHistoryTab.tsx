// 'Payout History' tab. The payouts run (later feature) replaces this component with the list.
import { History } from 'lucide-react';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';

export function PayoutHistoryTab(_props: { userId: string }) {
  return (
    <Panel title="Payout History" description="Payouts sent to your connected payout account.">
      <EmptyState icon={History}>No payout history found.</EmptyState>
    </Panel>
  );
}
