// Who may read a problem report (docs/PRODUCT.md#project-lifecycle). Reporting, withdrawing
// and settling are deal operations (modules/deals), which decide who may do them.
import type { Actor } from '../../lib/policy.ts';

type Deal = { clientId: string; engineerId: string | null };

/** One of the deal's two parties. */
export const isDealParty = (actor: Actor, deal: Deal): boolean =>
  actor.id === deal.clientId || (!!deal.engineerId && actor.id === deal.engineerId);

/** Reading a project's problem report: the parties and staff. */
export const canReadDispute = (actor: Actor, deal: Deal): boolean =>
  actor.role === 'admin' || isDealParty(actor, deal);

/** Settling: staff, while it is open. */
export const canResolveDispute = (actor: Actor, dispute: { status: string }): boolean =>
  actor.role === 'admin' && dispute.status === 'open';

/** Withdrawing: the person who reported it, while it is open. */
export const canWithdrawDispute = (actor: Actor, dispute: { status: string; reportedBy: string }): boolean =>
  dispute.status === 'open' && dispute.reportedBy === actor.id;
