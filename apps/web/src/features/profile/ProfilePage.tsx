// /profile/{id} (docs/PRODUCT.md#screens): side tabs Login Info, Account and, for engineers, Licenses.
// Only the owner may open it; anyone else is told so and offered their own.
import { BellRing, IdCard, KeyRound, ScrollText } from 'lucide-react';
import { useParams } from 'react-router';
import { DashboardShell, type DashboardTab } from '../../components/dashboard/DashboardShell';
import { NotYourPage } from '../../components/NotYourPage';
import { useCurrentUser } from '../../lib/lazyStore';
import { usePageMeta } from '../../lib/usePageMeta';
import { AlertsTab } from '../alerts';
import { LicensesTab } from '../licenses';
import { AccountTab } from './AccountTab';
import { LoginInfoTab } from './LoginInfoTab';

export function ProfilePage() {
  const { id } = useParams();
  const user = useCurrentUser()!;
  usePageMeta('Profile', 'Your login info, account details, licenses and job alerts.');

  if (id !== user.id) return <NotYourPage ownPath={`/profile/${user.id}`} what="profile" />;

  const tabs: DashboardTab[] = [
    { id: 'login', label: 'Login Info', icon: KeyRound, render: () => <LoginInfoTab user={user} /> },
    { id: 'account', label: 'Account', icon: IdCard, render: () => <AccountTab user={user} /> },
    ...(user.role === 'engineer'
      ? [
          {
            id: 'licenses',
            label: 'Licenses',
            icon: ScrollText,
            render: () => <LicensesTab userId={user.id} />,
          },
          { id: 'alerts', label: 'Job alerts', icon: BellRing, render: () => <AlertsTab /> },
        ]
      : []),
  ];
  return <DashboardShell title="Profile" subtitle={user.email} tabs={tabs} menuLabel="Profile sections" />;
}
