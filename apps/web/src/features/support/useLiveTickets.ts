// A ticket notification (a reply, a status change, a new ticket) means the lists and the
// open conversation on screen are out of date: read them again.
import { api } from '../../lib/api';
import { useSocketEvent } from '../../lib/socket';
import { useAppDispatch } from '../../lib/store';

export function useLiveTickets() {
  const dispatch = useAppDispatch();
  useSocketEvent('new-notification', (n) => {
    const link = n.notification_link ?? '';
    if (link === '/contact' || link.startsWith('/admin_dashboard/'))
      dispatch(api.util.invalidateTags(['Ticket', 'TicketReply']));
  });
}
