// /profile/{id} (spec §2): side tabs Login Info, Account and, for engineers, Licenses.
// Only the owner may open it; anyone else is told so and offered their own.
import { IdCard, KeyRound, ScrollText, ShieldAlert } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useCurrentUser } from '../../app/store';
import { DashboardShell, type DashboardTab } from '../../components/dashboard/DashboardShell';
import { usePageMeta } from '../../lib/usePageMeta';
import { LicensesTab } from '../licenses/LicensesTab';
import { AccountTab } from './AccountTab';
import { LoginInfoTab } from './LoginInfoTab';

export function ProfilePage() {
  const { id } = useParams();
  const user = useCurrentUser()!;
  usePageMeta('Profile', 'Your login info, account details and licenses.');

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
        ]
      : []),
  ];
  return <DashboardShell title="Profile" subtitle={user.email} tabs={tabs} menuLabel="Profile sections" />;
}

/** Someone else's private page: say so plainly and point to one's own. */
export function NotYourPage({ ownPath, what }: { ownPath: string; what: string }) {
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center px-6 py-16 text-center">
      <ShieldAlert className="h-10 w-10 text-amber-600" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">This {what} belongs to someone else</h1>
      <p className="mt-2 text-slate-600">You can only open your own {what}.</p>
      <Link to={ownPath} className="btn-primary mt-6">
        Go to my {what}
      </Link>
    </main>
  );
}
