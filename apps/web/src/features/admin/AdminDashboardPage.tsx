// /admin_dashboard/{id} (docs/PRODUCT.md#screens, docs/PRODUCT.md): 'Admin' / 'Your admin dashboard', side menu
// Support Tickets (default), Orders, Check Licenses, and Finance (the money summary, loaded
// when its tab opens).
import { Headset, Landmark, Loader2, Receipt, ScrollText } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { DashboardShell, type DashboardTab } from '../../components/dashboard/DashboardShell';
import { NotYourPage } from '../../components/NotYourPage';
import { useCurrentUser } from '../../lib/lazyStore';
import { usePageMeta } from '../../lib/usePageMeta';
import { OrdersTab } from '../payments';
import { SupportDesk } from '../support';
import { CheckLicensesTab } from './CheckLicensesTab';

const FinanceTab = lazy(() => import('./FinanceTab').then((m) => ({ default: m.FinanceTab })));

const TABS: DashboardTab[] = [
  { id: 'tickets', label: 'Support Tickets', icon: Headset, render: () => <SupportDesk /> },
  { id: 'orders', label: 'Orders', icon: Receipt, render: () => <OrdersTab /> },
  { id: 'licenses', label: 'Check Licenses', icon: ScrollText, render: () => <CheckLicensesTab /> },
  {
    id: 'finance',
    label: 'Finance',
    icon: Landmark,
    render: () => (
      <Suspense
        fallback={
          <div className="card flex items-center gap-2 p-6 text-sm text-slate-600" role="status">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading...
          </div>
        }
      >
        <FinanceTab />
      </Suspense>
    ),
  },
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
