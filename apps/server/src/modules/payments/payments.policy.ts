// Who may do what with payments (docs/PRODUCT.md#roles; docs/PRODUCT.md#protected-data).
// An id in a path never grants anything: the caller is compared with the row.
import type { Actor } from '../../lib/policy.ts';

/** Paying for a proposal (and reading its contract): the project's owner, a client. */
export const canPayForProject = (actor: Actor, project: { customerId: string }): boolean =>
  actor.role === 'client' && actor.id === project.customerId;

/** A user's payment history: that user, or an admin. */
export const canReadUserPayments = (actor: Actor, userId: string): boolean =>
  actor.id === userId || actor.role === 'admin';

/** Every payment on the platform (admin Orders). */
export const canListAllPayments = (actor: Actor): boolean => actor.role === 'admin';

/** A refund is asked for by the client who paid, nobody else. */
export const canRequestRefund = (actor: Actor, payment: { customerId: string }): boolean =>
  actor.id === payment.customerId;
