// /admin_dashboard/{id} (spec §2, decisions.md): 'Admin' / 'Your admin dashboard', side menu
// Support Tickets (default), Orders, Check Licenses.
import { Headset, Receipt, ScrollText } from 'lucide-react';
import { useParams } from 'react-router';
import { DashboardShell, type DashboardTab } from '../../components/dashboard/DashboardShell';
import { NotYourPage } from '../../components/NotYourPage';
import { useCurrentUser } from '../../lib/store';
import { usePageMeta } from '../../lib/usePageMeta';
import { OrdersTab } from '../payments';
import { SupportDesk } from '../support';
import { CheckLicensesTab } from './CheckLicensesTab';

const TABS: DashboardTab[] = [
  { id: 'tickets', label: 'Support Tickets', icon: Headset, render: () => <SupportDesk /> },
  { id: 'orders', label: 'Orders', icon: Receipt, render: () => <OrdersTab /> },
  { id: 'licenses', label: 'Check Licenses', icon: ScrollText, render: () => <CheckLicensesTab /> },
];

export function AdminDashboardPage() {
  const { id } = useParams();
  const user = useCurrentUser()!;
  usePageMeta('Admin', 'Your admin dashboard');
  if (id !== user.id) return <NotYourPage ownPath={`/admin_dashboard/${user.id}`} what="dashboard" />;
  return (
    <DashboardShell title="Admin" subtitle="Your admin dashboard" tabs={TABS} menuLabel="Admin sections" />
  );
}
