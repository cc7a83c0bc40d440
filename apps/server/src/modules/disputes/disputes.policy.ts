// Who may report and settle a problem (decisions.md 'Project lifecycle'): the project's
// client or its hired engineer report one while the project is under way; support staff
// (admins) settle it.
import type { ProjectStatus } from '@app/shared';
import type { Actor } from '../../lib/policy.ts';

type Deal = { clientId: string; engineerId: string | null; projectStatus: ProjectStatus };

/** One of the deal's two parties. */
export const isDealParty = (actor: Actor, deal: Deal): boolean =>
  actor.id === deal.clientId || (!!deal.engineerId && actor.id === deal.engineerId);

/** Reporting: a party, while the project is assigned or in progress. */
export const canReportProblem = (actor: Actor, deal: Deal): boolean =>
  isDealParty(actor, deal) && (deal.projectStatus === 'assigned' || deal.projectStatus === 'inprogress');

/** Reading a project's problem report: the parties and staff. */
export const canReadDispute = (actor: Actor, deal: Deal): boolean =>
  actor.role === 'admin' || isDealParty(actor, deal);

/** Settling: staff, while it is open. */
export const canResolveDispute = (actor: Actor, dispute: { status: string }): boolean =>
  actor.role === 'admin' && dispute.status === 'open';
