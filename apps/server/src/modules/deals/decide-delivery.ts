// PATCH /api/submissions/{id}/approve: the client's decision on the waiting deliverable
// ('accept' or 'reject'), and auto-release ('autoRelease'), which accepts it for a client who
// made no decision in time. Accepting releases the escrow 80/20, creates the engineer's payout
// and completes the project; rejecting sends the engineer back to work and stops the clock.
import { SUBMISSION_MESSAGES, type SubmissionDto, sealOf } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { DealRow, SubmissionRow } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { isProjectOwner, lockProject, moveProject } from '../projects/index.ts';
import { findSubmission, getSubmission, lockSubmission, recordDecision } from '../submissions/index.ts';
import type { Emitter } from './deal-events.ts';
import { lockLiveDeal } from './deal-rows.ts';
import { assertAllowed, moveDeal } from './deal-state.ts';
import { dealTransaction } from './deal-transaction.ts';
import { isDealClient } from './deals.policy.ts';
import { releaseToEngineer } from './release-escrow.ts';

export async function decideDelivery(
  ctx: AppContext,
  actor: Actor,
  id: string,
  decision: { accept: boolean; comment: string | null },
): Promise<SubmissionDto> {
  const found = await findSubmission(ctx.db, id);
  if (!found) throw notFound(SUBMISSION_MESSAGES.notFound);
  await dealTransaction(ctx, async (tx, events) => {
    const project = await lockProject(tx, found.projectId);
    if (!project) throw notFound(SUBMISSION_MESSAGES.notFound);
    const deal = await lockLiveDeal(tx, project.id);
    authorize(isProjectOwner(actor, project), SUBMISSION_MESSAGES.onlyOwner);
    const submission = await lockSubmission(tx, id);
    if (!submission || submission.clientAcceptance !== null)
      throw conflict(SUBMISSION_MESSAGES.alreadyDecided);
    if (!deal) throw conflict(SUBMISSION_MESSAGES.projectNotActive);
    authorize(isDealClient(actor, deal), SUBMISSION_MESSAGES.onlyOwner);
    if (deal.state === 'disputed') throw conflict(SUBMISSION_MESSAGES.problemReported);
    const now = new Date();
    if (decision.accept) await accept(tx, events, deal, submission, now, 'accept', actor.id);
    else {
      assertAllowed('reject', deal);
      const rejected = await recordDecision(tx, id, decision, now);
      await moveDeal(tx, deal, 'reject', 'revising', { decisionDueAt: null });
      events.emit({
        type: 'DeliveryRejected',
        projectId: project.id,
        dealId: deal.id,
        actorId: actor.id,
        submissionId: id,
        title: rejected.title,
        fileSha256: rejected.fileSha256,
        comment: rejected.decisionComment,
      });
    }
  });
  return getSubmission(ctx, actor, id);
}

/** Accepts the waiting version and releases the escrow: by the client, or by the clock. */
export async function accept(
  tx: Tx,
  events: Emitter,
  deal: DealRow,
  submission: SubmissionRow,
  now: Date,
  op: 'accept' | 'autoRelease',
  actorId: string | null,
): Promise<void> {
  assertAllowed(op, deal);
  const accepted = await recordDecision(tx, submission.id, { accept: true, comment: null }, now);
  const released = await releaseToEngineer(tx, deal, deal.amountCents, now, submission.id);
  await moveDeal(tx, deal, op, 'released', {
    decisionDueAt: null,
    engineerCents: released.engineerCents,
    platformFeeCents: released.platformFeeCents,
    clientRefundCents: 0,
  });
  await moveProject(tx, deal.projectId, ['assigned', 'inprogress'], 'completed');
  events.emit({
    type: 'DeliveryAccepted',
    projectId: deal.projectId,
    dealId: deal.id,
    actorId,
    submissionId: submission.id,
    title: accepted.title,
    fileSha256: accepted.fileSha256,
    seal: accepted.signature ? sealOf(accepted.signature) : null,
    by: op === 'accept' ? 'client' : 'timer',
    engineerCents: released.engineerCents,
    platformFeeCents: released.platformFeeCents,
    payoutDate: released.payoutDate,
  });
}
