// /engineer_dashboard/{id} (docs/PRODUCT.md#screens): the seven tabs of an engineer's work. The open tab is
// in the query (?tab=stripe) so links (onboarding return, notifications) can open one.
import { FileCheck2, FileText, FolderKanban, History, Landmark, Star, Wallet } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DashboardShell, type DashboardTab } from '../../components/dashboard/DashboardShell';
import { NotYourPage } from '../../components/NotYourPage';
import { useCurrentUser } from '../../lib/lazyStore';
import { usePageMeta } from '../../lib/usePageMeta';
import { StripeWalletTab } from '../payouts';
import { EngineerProjectsTab } from '../projects';
import { EngineerProposalsTab, useEngineerSetupQuery } from '../proposals';
import { PayoutHistoryTab } from './PayoutHistoryTab';
import { ReviewsTab } from './ReviewsTab';
import { SetupChecklist } from './SetupChecklist';
import { SubmissionsTab } from './SubmissionsTab';
import { WalletTab } from './WalletTab';

export function EngineerDashboardPage() {
  const { id } = useParams();
  const user = useCurrentUser()!;
  usePageMeta('Engineer Dashboard', 'Your proposals, earnings, payout account, projects and reviews.');
  // The checklist of a new engineer's setup sits above the tabs: they wait for its answer
  // (asked afresh on each visit: a step may have been done elsewhere since).
  const setup = useEngineerSetupQuery(user.id, {
    skip: user.role !== 'engineer' || id !== user.id,
    refetchOnMountOrArgChange: true,
  });

  if (user.role !== 'engineer' || id !== user.id) {
    return (
      <NotYourPage
        ownPath={user.role === 'engineer' ? `/engineer_dashboard/${user.id}` : '/'}
        what="dashboard"
      />
    );
  }

  const tabs: DashboardTab[] = [
    {
      id: 'proposals',
      label: 'Proposals',
      icon: FileText,
      render: () => <EngineerProposalsTab userId={user.id} />,
    },
    { id: 'wallet', label: 'Wallet', icon: Wallet, render: () => <WalletTab userId={user.id} /> },
    { id: 'stripe', label: 'Stripe Wallet', icon: Landmark, render: () => <StripeWalletTab /> },
    {
      id: 'payouts',
      label: 'Payout History',
      icon: History,
      render: () => <PayoutHistoryTab userId={user.id} />,
    },
    {
      id: 'projects',
      label: 'Projects',
      icon: FolderKanban,
      render: () => <EngineerProjectsTab userId={user.id} />,
    },
    {
      id: 'submissions',
      label: 'Submissions',
      icon: FileCheck2,
      render: () => <SubmissionsTab userId={user.id} />,
    },
    { id: 'reviews', label: 'Reviews', icon: Star, render: () => <ReviewsTab userId={user.id} /> },
  ];
  return (
    <DashboardShell
      title="Engineer"
      subtitle="Your engineer dashboard"
      tabs={tabs}
      menuLabel="Dashboard sections"
      banner={<SetupChecklist userId={user.id} />}
      bannerLoading={setup.isLoading}
      aside={
        <Link to={`/engineer_profile/${user.id}`} className="btn-secondary">
          Preview public profile
        </Link>
      }
    />
  );
}
