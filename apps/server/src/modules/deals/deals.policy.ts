// Who may act on a deal (docs/DEVELOPING.md, 'Who may do what'): its client, its engineer,
// the one who reported its problem, and staff. Small pure functions; the operations call them
// through authorize(), and the deal's answer carries what they say as `abilities`.
import { type DealAbilities, dealAllows, type ProjectStatus, refundRefusal } from '@app/shared';
import type { DealRow } from '../../db/schema/index.ts';
import { type Actor, isStaff } from '../../lib/policy.ts';
import { canRate } from '../ratings/index.ts';

type Deal = Pick<
  DealRow,
  'clientId' | 'engineerId' | 'state' | 'problemReportedBy' | 'firstDeliveredAt' | 'refundUntil'
>;

export const isDealClient = (actor: Actor, deal: Pick<DealRow, 'clientId'>): boolean =>
  actor.id === deal.clientId;
export const isDealEngineer = (actor: Actor, deal: Pick<DealRow, 'engineerId'>): boolean =>
  actor.role === 'engineer' && actor.id === deal.engineerId;
export const isDealParty = (actor: Actor, deal: Pick<DealRow, 'clientId' | 'engineerId'>): boolean =>
  actor.id === deal.clientId || actor.id === deal.engineerId;

export const canReadDeal = (actor: Actor, deal: Pick<DealRow, 'clientId' | 'engineerId'>): boolean =>
  isStaff(actor) || isDealParty(actor, deal);

/** The refund facts of a deal, for the shared rule. */
export const refundFacts = (deal: Deal, now: Date) => ({
  state: deal.state,
  delivered: !!deal.firstDeliveredAt,
  refundUntil: deal.refundUntil,
  reportedByEngineer: !!deal.problemReportedBy && deal.problemReportedBy === deal.engineerId,
  now,
});

export const canRefundDeal = (actor: Actor, deal: Deal, now: Date): boolean =>
  isDealClient(actor, deal) &&
  dealAllows('refund', deal.state) &&
  refundRefusal(refundFacts(deal, now)) === null;

export const canDeliver = (actor: Actor, deal: Deal): boolean =>
  isDealEngineer(actor, deal) &&
  (dealAllows('deliver', deal.state) || dealAllows('editDelivery', deal.state));

export const canDecideDelivery = (actor: Actor, deal: Deal): boolean =>
  isDealClient(actor, deal) && dealAllows('accept', deal.state);

export const canReportProblem = (actor: Actor, deal: Deal): boolean =>
  isDealParty(actor, deal) && dealAllows('reportProblem', deal.state);

export const canWithdrawProblem = (actor: Actor, deal: Deal): boolean =>
  dealAllows('withdrawProblem', deal.state) &&
  !!deal.problemReportedBy &&
  deal.problemReportedBy === actor.id;

export const canSettle = (actor: Actor, deal: Pick<DealRow, 'state'>): boolean =>
  isStaff(actor) && dealAllows('settleRelease', deal.state);

/** What the caller may do on a deal; `projectStatus` decides the ratings (a completed project). */
export function dealAbilities(
  actor: Actor,
  deal: Deal,
  projectStatus: ProjectStatus,
  now: Date,
): DealAbilities {
  const rated = { clientId: deal.clientId, engineerId: deal.engineerId, projectStatus };
  return {
    refund: canRefundDeal(actor, deal, now),
    deliver: canDeliver(actor, deal),
    decide: canDecideDelivery(actor, deal),
    report_problem: canReportProblem(actor, deal),
    withdraw_problem: canWithdrawProblem(actor, deal),
    settle: canSettle(actor, deal),
    message: isDealParty(actor, deal),
    show_submissions: canReadDeal(actor, deal),
    rate_engineer: canRate(actor, rated, deal.engineerId),
    rate_client: canRate(actor, rated, deal.clientId),
  };
}
