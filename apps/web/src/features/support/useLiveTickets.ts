// A ticket's reply, a status change or a new ticket reaches its people as a notification:
// while a ticket list or conversation is on screen, any new notification reads them again
// (problems' tickets also follow `deal-changed`, lib/dealEvents.ts). No notification's text
// is parsed to decide.
import { api } from '../../lib/api';
import { useSocketEvent } from '../../lib/socket';
import { useAppDispatch } from '../../lib/store';

export function useLiveTickets() {
  const dispatch = useAppDispatch();
  useSocketEvent('new-notification', () => {
    dispatch(api.util.invalidateTags(['Ticket', 'TicketReply']));
  });
}
