// 'Wallet' tab: the wallet feature, loaded when the tab opens.
import { lazy, Suspense } from 'react';
import { TabLoading } from '../../components/ListState';

const Wallet = lazy(() => import('../wallet').then((m) => ({ default: m.WalletTab })));

export function WalletTab({ userId }: { userId: string }) {
  return (
    <Suspense fallback={<TabLoading />}>
      <Wallet userId={userId} />
    </Suspense>
  );
}
