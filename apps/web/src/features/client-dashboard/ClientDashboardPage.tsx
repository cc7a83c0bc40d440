// /client_dashboard/{id} (docs/PRODUCT.md#screens): tabs Projects, Payment History and Reviews, and a
// Create Project button.
import { CreditCard, FolderKanban, Plus, ShieldAlert, Star } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DashboardShell } from '../../components/dashboard/DashboardShell';
import { useCurrentUser } from '../../lib/lazyStore';
import { usePageMeta } from '../../lib/usePageMeta';
import { PaymentHistoryTab } from '../payments';
import { ReviewsPanel } from '../ratings';
import { ClientProjectsTab } from './ClientProjectsTab';

export function ClientDashboardPage() {
  usePageMeta('Client Dashboard', 'Your projects, payment history and reviews.');
  const { id } = useParams();
  const user = useCurrentUser();

  if (!user || user.id !== id || user.role !== 'client') {
    return (
      <main className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <div className="card flex flex-col items-center gap-3 p-8 text-center">
          <ShieldAlert className="h-10 w-10 text-amber-600" aria-hidden />
          <h1 className="text-xl font-bold text-slate-900">This dashboard is not yours</h1>
          <p className="text-sm text-slate-600">
            A client dashboard is only open to the client it belongs to.
          </p>
          <Link to="/" className="btn-primary mt-2">
            Back to the home page
          </Link>
        </div>
      </main>
    );
  }

  return (
    <DashboardShell
      title="Client Dashboard"
      subtitle={`Welcome back, ${user.full_name}.`}
      menuLabel="Client dashboard"
      aside={
        <Link to="/create_project" className="btn-primary">
          <Plus className="h-4 w-4" aria-hidden />
          Create Project
        </Link>
      }
      tabs={[
        {
          id: 'projects',
          label: 'Projects',
          icon: FolderKanban,
          render: () => <ClientProjectsTab userId={user.id} />,
        },
        {
          id: 'payments',
          label: 'Payment History',
          icon: CreditCard,
          render: () => <PaymentHistoryTab userId={user.id} />,
        },
        {
          id: 'reviews',
          label: 'Reviews',
          icon: Star,
          render: () => <ReviewsPanel userId={user.id} side="client" />,
        },
      ]}
    />
  );
}
