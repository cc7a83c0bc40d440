// POST /api/disputes/{id}/resolve: staff settle a reported problem from the support desk
// (decisions.md 'Project lifecycle'), in one transaction with the project locked first:
// - release: the escrow goes to the engineer 80/20 as an accepted submission would, the
//   project is completed and the engineer's payout created;
// - refund: the client's payment is refunded in full through the provider; its refund
//   event closes the project (complete-refund.ts).
// The decision is written on the ticket (and the ticket closed); both parties are told.
import { DISPUTE_MESSAGES, type DisputeDto, formatCents, PAYMENT_MESSAGES } from '@app/shared';
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  type DisputeRow,
  disputes,
  type PaymentRow,
  payments,
  refunds,
  submissions,
  users,
} from '../../db/schema/index.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { mailEvent, notify } from '../notifications/notifications.service.ts';
import { releaseDealEscrow } from '../payments/escrow.ts';
import { executeRefund } from '../payments/request-refund.ts';
import { createPayoutForRelease } from '../payouts/payouts.service.ts';
import { appendRecord } from '../project-record/append-record.ts';
import { lockProject, type ProjectFields, settleProblem } from '../projects/projects.service.ts';
import { recordStaffDecision } from '../support/support.service.ts';
import { canResolveDispute } from './disputes.policy.ts';
import { presentDispute, reopenDispute } from './disputes.service.ts';

type Staff = Actor & { fullName: string };

/**
 * A problem settled for the engineer, after its escrow was released: the project completed and
 * the payout created, named after the latest version sent (if any), as an acceptance would.
 */
export async function completeReleasedProblem(
  tx: DbOrTx,
  projectId: string,
  released: { payment: PaymentRow; engineerCents: number },
  at: Date,
): Promise<void> {
  await settleProblem(tx, projectId, 'completed');
  const [latest] = await tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.projectId, projectId))
    .orderBy(desc(submissions.createdAt))
    .limit(1);
  await createPayoutForRelease(tx, {
    submissionId: latest?.id ?? null,
    payment: released.payment,
    engineerCents: released.engineerCents,
    releasedAt: at,
  });
}

export async function resolveDispute(
  ctx: AppContext,
  staff: Staff,
  disputeId: string,
  decision: { outcome: 'released' | 'refunded'; note: string | null },
): Promise<DisputeDto> {
  if (staff.role !== 'admin') throw forbidden(DISPUTE_MESSAGES.onlyStaff);
  const [found] = await ctx.db.select().from(disputes).where(eq(disputes.id, disputeId));
  if (!found) throw notFound(DISPUTE_MESSAGES.notFound);
  const refundId = await ctx.transaction(async (tx) => {
    const project = await lockProject(tx, found.projectId);
    const [dispute] = await tx.select().from(disputes).where(eq(disputes.id, disputeId)).for('update');
    if (!project || !canResolveDispute(staff, dispute) || project.status !== 'problem')
      throw conflict(DISPUTE_MESSAGES.alreadySettled);
    const now = new Date();
    const settled = async (status: 'released' | 'refunded') => {
      await tx
        .update(disputes)
        .set({ status, resolutionNote: decision.note, resolvedBy: staff.id, resolvedAt: now })
        .where(and(eq(disputes.id, dispute.id), eq(disputes.status, 'open')));
      await appendRecord(tx, project.id, {
        type: 'problem_settled',
        actorId: staff.id,
        data: { dispute_id: dispute.id, outcome: status, note: decision.note },
        at: now,
      });
    };
    if (decision.outcome === 'released') {
      const released = await releaseDealEscrow(tx, project.id, now);
      if (!released.ok) throw conflict(released.message);
      await completeReleasedProblem(tx, project.id, released, now);
      await settled('released');
      await announce(ctx, tx, project, dispute, staff, decision.note, {
        paymentCents: released.payment.amountCents,
        engineerId: released.payment.engineerId,
        outcome: 'released',
      });
      return null;
    }
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.projectId, project.id),
          eq(payments.status, 'succeeded'),
          isNotNull(payments.honouredAt),
          isNull(payments.releasedAt),
        ),
      )
      .for('update');
    if (!payment) throw conflict(PAYMENT_MESSAGES.refundNotSucceeded);
    const [live] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), inArray(refunds.status, ['pending', 'succeeded'])));
    if (live) throw conflict(PAYMENT_MESSAGES.refundInProgress);
    const [refund] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        amountCents: payment.amountCents,
        reason: 'dispute',
        requestedBy: staff.id,
      })
      .returning();
    await settled('refunded');
    await announce(ctx, tx, project, dispute, staff, decision.note, {
      paymentCents: payment.amountCents,
      engineerId: payment.engineerId,
      outcome: 'refunded',
    });
    return refund.id;
  });
  if (refundId) {
    const sent = await executeRefund(ctx, refundId);
    if (!sent.ok && !sent.retrying) {
      // The provider refused: the problem is open again for staff to decide.
      await ctx.transaction((tx) => reopenDispute(tx, found.projectId));
      throw new AppError('PROVIDER_ERROR', `${PAYMENT_MESSAGES.refundFailed} ${sent.message}`);
    }
  }
  const [row] = await ctx.db.select().from(disputes).where(eq(disputes.id, disputeId));
  return presentDispute(ctx, row, staff);
}

async function announce(
  ctx: AppContext,
  tx: Tx,
  project: ProjectFields,
  dispute: DisputeRow,
  staff: Staff,
  note: string | null,
  money: { paymentCents: number; engineerId: string; outcome: 'released' | 'refunded' },
) {
  const [client] = await tx.select().from(users).where(eq(users.id, project.customerId));
  const [engineer] = await tx.select().from(users).where(eq(users.id, money.engineerId));
  const amount = formatCents(money.paymentCents);
  const what =
    money.outcome === 'released'
      ? `the payment of ${amount} was released to ${engineer.fullName} and the project completed.`
      : `the payment of ${amount} is being refunded in full to ${client.fullName} and the project closed.`;
  const decisionText = `Support settled the problem on "${project.title}": ${what}${note ? ` ${note}` : ''}`;
  if (dispute.ticketId)
    await recordStaffDecision(tx, { ticketId: dispute.ticketId, staff, message: decisionText });
  const link = `/project_details/${project.id}`;
  for (const person of [client, engineer]) {
    await notify(ctx, person.id, decisionText, link, tx);
    await mailEvent(ctx, tx, person.email, {
      subject: 'A reported problem was settled',
      lines: [`Hello ${person.fullName},`, decisionText],
      action: { label: 'Open the project', url: `${ctx.config.publicUrl}/#${link}` },
    });
  }
}
