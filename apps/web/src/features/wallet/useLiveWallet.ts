// A payout paid or refused (and a payment released) reaches the engineer as a notification
// linking to their dashboard: the balance and lists on screen are then out of date.
import { api } from '../../lib/api';
import { useSocketEvent } from '../../lib/socket';
import { useAppDispatch } from '../../lib/store';

export function useLiveWallet() {
  const dispatch = useAppDispatch();
  useSocketEvent('new-notification', (n) => {
    const link = n.notification_link ?? '';
    if (link.startsWith('/engineer_dashboard/') || link.startsWith('/project_details/'))
      dispatch(api.util.invalidateTags(['Wallet', 'Payout']));
  });
}
