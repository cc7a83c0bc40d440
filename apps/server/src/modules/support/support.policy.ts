import type { Actor } from '../../lib/policy.ts';

type TicketPeople = { userId: string | null; counterpartId?: string | null; kind?: string };

export const isSupportStaff = (user: Actor): boolean => user.role === 'admin';

export const isTicketOwner = (user: Actor, ticket: TicketPeople): boolean =>
  ticket.userId !== null && ticket.userId === user.id;

/** The customer who opened it, or the other party of the deal a dispute ticket is about. */
export const isTicketPerson = (user: Actor, ticket: TicketPeople): boolean =>
  isTicketOwner(user, ticket) || (!!ticket.counterpartId && ticket.counterpartId === user.id);

/** Reading a ticket and its conversation, and replying to it. */
export const canReadTicket = (user: Actor, ticket: TicketPeople): boolean =>
  isTicketPerson(user, ticket) || isSupportStaff(user);

export const canReplyToTicket = canReadTicket;

/**
 * Only the customer who opened a ticket may delete it, and never one a problem report opened:
 * it holds the deal's dispute until support settles it (docs/PRODUCT.md#money).
 */
export const canDeleteTicket = (user: Actor, ticket: TicketPeople): boolean =>
  isTicketOwner(user, ticket) && ticket.kind !== 'dispute';

/** A ticket's e-mail address: its owner and staff (a dispute's other party reads the ticket, not the address). */
export const canSeeTicketAddress = (user: Actor, ticket: TicketPeople): boolean =>
  user.role === 'admin' || isTicketOwner(user, ticket);

/** Staff assign tickets to themselves only, never to someone else. */
export const canAssignTicketTo = (user: Actor, assigneeId: string): boolean =>
  isSupportStaff(user) && assigneeId === user.id;
