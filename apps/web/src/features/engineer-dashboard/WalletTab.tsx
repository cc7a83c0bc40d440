// 'Wallet' tab. The wallet feature replaces this component with balance and transactions.
import { Wallet } from 'lucide-react';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';

export function WalletTab(_props: { userId: string }) {
  return (
    <Panel title="Wallet" description="Your balance and the payments released to you.">
      <EmptyState icon={Wallet}>No transactions found for the selected filters.</EmptyState>
    </Panel>
  );
}
