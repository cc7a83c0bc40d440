// POST /api/projects/{id}/problem ('reportProblem') and POST /api/projects/{id}/problem/withdraw
// ('withdrawProblem'). A party reports a problem on the deal under way: the money is frozen
// (the deal `disputed`, the project `problem`, the auto-release clock stopped), and a support
// ticket is opened that both parties take part in and that cannot be deleted. Its reporter
// may withdraw it: the deal goes on where it was, with a fresh clock for a waiting deliverable.
import { DEAL_MESSAGES, type DealState, DISPUTE_MESSAGES, type DisputeDto } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { DealRow } from '../../db/schema/index.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import {
  closeDispute,
  findDispute,
  insertDispute,
  lockOpenDispute,
  presentDispute,
} from '../disputes/index.ts';
import { isProjectOwner, lockProject, moveProject } from '../projects/index.ts';
import { hasPendingSubmission } from '../submissions/index.ts';
import { closeTicketWithNote, createTicket } from '../support/index.ts';
import { lockLiveDeal, person } from './deal-rows.ts';
import { assertAllowed, moveDeal } from './deal-state.ts';
import { dealTransaction } from './deal-transaction.ts';
import { canWithdrawProblem, isDealClient, isDealParty } from './deals.policy.ts';

export async function reportProblem(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  description: string,
): Promise<DisputeDto> {
  const disputeId = await dealTransaction(ctx, async (tx, events) => {
    const project = await lockProject(tx, projectId);
    if (!project) throw notFound('Project not found.');
    const deal = await lockLiveDeal(tx, project.id);
    authorize(deal ? isDealParty(actor, deal) : isProjectOwner(actor, project), DISPUTE_MESSAGES.onlyParties);
    if (!deal) throw conflict(DISPUTE_MESSAGES.notUnderWay);
    // A refund under way ends the deal when it completes; a problem opened meanwhile would
    // leave the project frozen on a deal that is gone.
    if (deal.state === 'refunding') throw conflict(DISPUTE_MESSAGES.refundUnderWay);
    assertAllowed('reportProblem', deal);
    const by = isDealClient(actor, deal) ? 'client' : 'engineer';
    const other = await person(tx, by === 'client' ? deal.engineerId : deal.clientId);
    await moveProject(tx, project.id, ['assigned', 'inprogress'], 'problem');
    const ticket = await createTicket(
      ctx,
      {
        userId: actor.id,
        subject: `Problem reported on "${project.title}"`,
        message: description,
        priority: 'high',
        projectId: project.id,
        dispute: { counterpartId: other.id },
      },
      tx,
    );
    const dispute = await insertDispute(tx, {
      projectId: project.id,
      ticketId: ticket.id,
      reportedBy: actor.id,
      description,
    }).catch((err) => {
      if (isUniqueViolation(err)) throw conflict(DISPUTE_MESSAGES.alreadyReported);
      throw err;
    });
    await moveDeal(tx, deal, 'reportProblem', 'disputed', {
      decisionDueAt: null,
      problemReportedBy: actor.id,
    });
    events.emit({
      type: 'ProblemReported',
      projectId: project.id,
      dealId: deal.id,
      actorId: actor.id,
      disputeId: dispute.id,
      by,
      ticketNumber: ticket.ticketNumber,
      description,
    });
    return dispute.id;
  });
  const row = await findDispute(ctx.db, disputeId);
  return presentDispute(ctx, row!, actor);
}

/** Where a deal returns when its problem ends without a settlement: where its work stood. */
async function workState(db: DbOrTx, deal: DealRow): Promise<DealState> {
  if (await hasPendingSubmission(db, deal.projectId)) return 'awaiting_decision';
  return deal.firstDeliveredAt ? 'revising' : 'paid';
}

export async function withdrawProblem(ctx: AppContext, actor: Actor, projectId: string): Promise<DisputeDto> {
  const disputeId = await dealTransaction(ctx, async (tx, events) => {
    const project = await lockProject(tx, projectId);
    if (!project) throw notFound('Project not found.');
    const deal = await lockLiveDeal(tx, project.id);
    if (deal?.state !== 'disputed') throw conflict(DEAL_MESSAGES.notDisputed);
    authorize(canWithdrawProblem(actor, deal), DEAL_MESSAGES.onlyReporter);
    const dispute = await lockOpenDispute(tx, project.id);
    if (!dispute) throw conflict(DEAL_MESSAGES.notDisputed);
    const back = await workState(tx, deal);
    const now = new Date();
    await moveDeal(tx, deal, 'withdrawProblem', back, {
      problemReportedBy: null,
      ...(back === 'awaiting_decision'
        ? { decisionDueAt: new Date(now.getTime() + ctx.config.autoReleaseMs), remindersSent: 0 }
        : {}),
    });
    await moveProject(tx, project.id, ['problem'], back === 'paid' ? 'assigned' : 'inprogress');
    await closeDispute(tx, dispute.id, { status: 'withdrawn', by: actor.id, note: null, at: now });
    const me = await person(tx, actor.id);
    if (dispute.ticketId)
      await closeTicketWithNote(tx, {
        ticketId: dispute.ticketId,
        by: me,
        message: `${me.fullName} withdrew the problem. The deal goes on; the payment stays in escrow.`,
      });
    events.emit({
      type: 'ProblemWithdrawn',
      projectId: project.id,
      dealId: deal.id,
      actorId: actor.id,
      disputeId: dispute.id,
      by: isDealClient(actor, deal) ? 'client' : 'engineer',
      backTo: back,
    });
    return dispute.id;
  });
  const row = await findDispute(ctx.db, disputeId);
  return presentDispute(ctx, row!, actor);
}
