import type { Actor } from '../../lib/policy.ts';

type TicketOwner = { userId: string | null };

export const isSupportStaff = (user: Actor): boolean => user.role === 'admin';

export const isTicketOwner = (user: Actor, ticket: TicketOwner): boolean =>
  ticket.userId !== null && ticket.userId === user.id;

/** Reading a ticket and its conversation, and replying to it. */
export const canReadTicket = (user: Actor, ticket: TicketOwner): boolean =>
  isTicketOwner(user, ticket) || isSupportStaff(user);

export const canReplyToTicket = canReadTicket;

/** Only the customer who opened a ticket may delete it. */
export const canDeleteTicket = (user: Actor, ticket: TicketOwner): boolean => isTicketOwner(user, ticket);

/** Staff assign tickets to themselves only, never to someone else. */
export const canAssignTicketTo = (user: Actor, assigneeId: string): boolean =>
  isSupportStaff(user) && assigneeId === user.id;
