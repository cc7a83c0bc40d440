// POST /api/disputes/{id}/resolve: staff settle a reported problem, from the support desk or
// the project page ('settleRelease', 'settleRefund', 'settleSplit'):
// - released: the escrow goes to the engineer 80/20 as an acceptance would; the project completes;
// - refunded: the whole payment goes back to the client through the provider; the project closes;
// - split: the engineer's part (cents, chosen by staff) is released with the 20% fee on it only,
//   and the rest refunded to the client; the project closes. Both parts move when the
//   provider confirms the refund, so a refused refund moves nothing.
// The decision is written on the dispute's ticket and the dispute closed.
import { DEAL_MESSAGES, DISPUTE_MESSAGES, type DisputeDto, type SettleBody, splitFee } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { RefundRow } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { type Actor, authorize, isStaff } from '../../lib/policy.ts';
import { closeDispute, findDispute, lockDispute, presentDispute } from '../disputes/index.ts';
import { insertRefund } from '../payments/index.ts';
import { lockProject, moveProject } from '../projects/index.ts';
import { latestSubmissionId } from '../submissions/index.ts';
import { recordStaffDecision } from '../support/index.ts';
import { lockLiveDeal, person } from './deal-rows.ts';
import { assertAllowed, moveDeal } from './deal-state.ts';
import { dealTransaction } from './deal-transaction.ts';
import { canSettle } from './deals.policy.ts';
import { partiesOf } from './handlers/parties.ts';
import { settledTexts } from './handlers/texts.ts';
import { sendOrUndo } from './refund-deal.ts';
import { releaseToEngineer } from './release-escrow.ts';

type Decision = { outcome: SettleBody['outcome']; engineer_cents?: number | null; note: string | null };

export async function settleProblem(
  ctx: AppContext,
  staff: Actor,
  disputeId: string,
  decision: Decision,
): Promise<DisputeDto> {
  authorize(isStaff(staff), DEAL_MESSAGES.onlyStaff);
  const found = await findDispute(ctx.db, disputeId);
  if (!found) throw notFound(DISPUTE_MESSAGES.notFound);
  const refund = await dealTransaction(ctx, async (tx, events): Promise<RefundRow | null> => {
    const project = await lockProject(tx, found.projectId);
    const deal = project ? await lockLiveDeal(tx, project.id) : undefined;
    const dispute = await lockDispute(tx, disputeId);
    if (!project || !deal || dispute?.status !== 'open' || deal.state !== 'disputed')
      throw conflict(DISPUTE_MESSAGES.alreadySettled);
    authorize(canSettle(staff, deal), DEAL_MESSAGES.onlyStaff);
    const now = new Date();
    const me = await person(tx, staff.id);
    const base = {
      type: 'ProblemSettled' as const,
      projectId: project.id,
      dealId: deal.id,
      actorId: staff.id,
      disputeId,
      note: decision.note,
      amountCents: deal.amountCents,
    };
    let refund: RefundRow | null = null;
    let event: Parameters<typeof events.emit>[0];
    if (decision.outcome === 'released') {
      assertAllowed('settleRelease', deal);
      const released = await releaseToEngineer(
        tx,
        deal,
        deal.amountCents,
        now,
        await latestSubmissionId(tx, project.id),
      );
      await moveDeal(tx, deal, 'settleRelease', 'released', {
        engineerCents: released.engineerCents,
        platformFeeCents: released.platformFeeCents,
        clientRefundCents: 0,
        problemReportedBy: null,
      });
      await moveProject(tx, project.id, ['problem'], 'completed');
      event = {
        ...base,
        outcome: 'released',
        engineerCents: released.engineerCents,
        platformFeeCents: released.platformFeeCents,
        clientRefundCents: 0,
        payoutDate: released.payoutDate,
      };
    } else {
      const engineerPart = decision.outcome === 'split' ? (decision.engineer_cents ?? 0) : 0;
      if (decision.outcome === 'split' && !(engineerPart > 0 && engineerPart < deal.amountCents))
        throw badRequest(DEAL_MESSAGES.splitAmount, { engineer_cents: DEAL_MESSAGES.splitAmount });
      const op = decision.outcome === 'split' ? 'settleSplit' : 'settleRefund';
      assertAllowed(op, deal);
      refund = await insertRefund(tx, {
        paymentId: deal.paymentId,
        amountCents: deal.amountCents - engineerPart,
        reason: 'dispute',
        requestedBy: staff.id,
      });
      if (!refund) throw conflict(DEAL_MESSAGES.refundUnderWay);
      await moveDeal(tx, deal, op, 'refunding', {
        resumeState: 'disputed',
        splitEngineerCents: decision.outcome === 'split' ? engineerPart : null,
      });
      const fee = splitFee(engineerPart);
      event = {
        ...base,
        outcome: decision.outcome,
        engineerCents: fee.engineerCents,
        platformFeeCents: fee.platformFeeCents,
        clientRefundCents: deal.amountCents - engineerPart,
        payoutDate: null,
      };
    }
    await closeDispute(tx, disputeId, {
      status: decision.outcome,
      by: staff.id,
      note: decision.note,
      at: now,
    });
    if (dispute.ticketId)
      await recordStaffDecision(tx, {
        ticketId: dispute.ticketId,
        staff: me,
        message: settledTexts(
          event as Extract<typeof event, { type: 'ProblemSettled' }>,
          await partiesOf(tx, deal),
        ),
      });
    events.emit(event);
    return refund;
  });
  if (refund) await sendOrUndo(ctx, refund);
  const row = await findDispute(ctx.db, disputeId);
  return presentDispute(ctx, row!, staff);
}
