// A deal's release or refund reaches the wallet through `deal-changed` (lib/dealEvents.ts).
// A payout run is no deal: the engineer hears of a paid or refused payout only as a
// notification, so any new notification reads the wallet's balance and lists again (a few
// small requests, only while the wallet is on screen) — no notification's text is parsed.
import { api } from '../../lib/api';
import { useSocketEvent } from '../../lib/socket';
import { useAppDispatch } from '../../lib/store';

export function useLiveWallet() {
  const dispatch = useAppDispatch();
  useSocketEvent('new-notification', () => {
    dispatch(api.util.invalidateTags(['Wallet', 'Payout']));
  });
}
