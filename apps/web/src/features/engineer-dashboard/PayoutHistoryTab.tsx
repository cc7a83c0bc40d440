// 'Payout History' tab: the wallet feature's payout list, loaded when the tab opens.
import { lazy, Suspense } from 'react';
import { TabLoading } from '../../components/ListState';

const PayoutHistory = lazy(() => import('../wallet').then((m) => ({ default: m.PayoutHistoryTab })));

export function PayoutHistoryTab({ userId }: { userId: string }) {
  return (
    <Suspense fallback={<TabLoading />}>
      <PayoutHistory userId={userId} />
    </Suspense>
  );
}
