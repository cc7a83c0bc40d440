// Who may download which document (docs/PAYMENTS.md 'Receipts and statements'). An id in a
// path grants nothing: the caller is compared with the payment or the engineer.
import type { Actor } from '../../lib/policy.ts';

/** A payment's or refund's receipt: the client who paid, or staff. */
export const canReadReceipt = (actor: Actor, payment: { customerId: string }): boolean =>
  actor.id === payment.customerId || actor.role === 'admin';

/** An engineer's earnings statement: that engineer, or staff. */
export const canReadStatement = (actor: Actor, engineerId: string): boolean =>
  actor.id === engineerId || actor.role === 'admin';
