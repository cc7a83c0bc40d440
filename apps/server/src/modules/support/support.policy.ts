// Who may do what to which ticket. Staff are admins (spec §6: support staff role names
// beyond admin are not shown). A customer reaches only their own tickets.
import type { Role } from '@app/shared';

type Caller = { id: string; role: Role };
type TicketOwner = { userId: string | null };

export const isSupportStaff = (user: Caller): boolean => user.role === 'admin';

export const isTicketOwner = (user: Caller, ticket: TicketOwner): boolean =>
  ticket.userId !== null && ticket.userId === user.id;

/** Reading a ticket and its conversation, and replying to it. */
export const canReadTicket = (user: Caller, ticket: TicketOwner): boolean =>
  isTicketOwner(user, ticket) || isSupportStaff(user);

export const canReplyToTicket = canReadTicket;

/** Only the customer who opened a ticket may delete it. */
export const canDeleteTicket = (user: Caller, ticket: TicketOwner): boolean => isTicketOwner(user, ticket);

/** Staff assign tickets to themselves only, never to someone else. */
export const canAssignTicketTo = (user: Caller, assigneeId: string): boolean =>
  isSupportStaff(user) && assigneeId === user.id;
