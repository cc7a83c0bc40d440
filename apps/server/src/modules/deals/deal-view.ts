// GET /api/projects/{id}/deal: the project's deal (under way, or its last one) as the caller may
// see it: its state, what happened to the money, the dates that matter, and what the caller may
// do (`abilities`, from deals.policy.ts), so the web never compares roles or ids itself.
import { DEAL_MESSAGES, type DealDto, escrowStateOf, refundRefusal } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { disputes } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type Actor, authorize, isStaff } from '../../lib/policy.ts';
import { findProject, isProjectOwner } from '../projects/index.ts';
import { latestDeal, person } from './deal-rows.ts';
import { canReadDeal, dealAbilities, refundFacts } from './deals.policy.ts';

export async function getProjectDeal(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
): Promise<DealDto | null> {
  const project = await findProject(ctx.db, projectId);
  if (!project) throw notFound('Project not found.');
  const deal = await latestDeal(ctx.db, projectId);
  if (!deal) {
    authorize(isStaff(actor) || isProjectOwner(actor, project), DEAL_MESSAGES.notParty);
    return null;
  }
  authorize(canReadDeal(actor, deal), DEAL_MESSAGES.notParty);
  const now = new Date();
  const [client, engineer, [dispute]] = await Promise.all([
    person(ctx.db, deal.clientId),
    person(ctx.db, deal.engineerId),
    ctx.db
      .select({ id: disputes.id })
      .from(disputes)
      .where(and(eq(disputes.projectId, projectId), eq(disputes.status, 'open'))),
  ]);
  const refundOpen = refundRefusal(refundFacts(deal, now)) === null;
  return {
    id: deal.id,
    project_id: deal.projectId,
    payment_id: deal.paymentId,
    state: deal.state,
    escrow: escrowStateOf(deal.state),
    amount_cents: deal.amountCents,
    client_id: deal.clientId,
    client_name: client.fullName,
    engineer_id: deal.engineerId,
    engineer_name: engineer.fullName,
    paid_at: deal.paidAt.toISOString(),
    refund_until: refundOpen ? deal.refundUntil.toISOString() : null,
    auto_release_at: deal.state === 'awaiting_decision' ? (deal.decisionDueAt?.toISOString() ?? null) : null,
    engineer_cents: deal.engineerCents,
    platform_fee_cents: deal.platformFeeCents,
    client_refund_cents: deal.clientRefundCents,
    dispute_id: dispute?.id ?? null,
    abilities: dealAbilities(actor, deal, project.status, now),
  };
}
