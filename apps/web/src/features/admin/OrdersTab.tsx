// 'Orders' of the admin dashboard. The payments feature replaces this component with the
// order history (filters, table, details, Load More).
import { Receipt } from 'lucide-react';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';

export function OrdersTab() {
  return (
    <Panel title="Order History" description="Every payment made on the platform.">
      <EmptyState icon={Receipt}>No orders found</EmptyState>
    </Panel>
  );
}
