// POST /api/projects/{id}/problem: the client or the hired engineer reports a problem on
// a project under way (decisions.md 'Project lifecycle'). In one transaction, with the
// project locked first: the project becomes `problem` (which freezes release, refund and
// new submissions), a support ticket is opened for it through the support module, the
// report is recorded, and the other party is told.
import { DISPUTE_MESSAGES, type DisputeDto } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { disputes, users } from '../../db/schema/index.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { mailEvent, notify } from '../notifications/notifications.service.ts';
import { refundUnderWay } from '../payments/payments.service.ts';
import { appendRecord } from '../project-record/append-record.ts';
import { lockProject, markProblem } from '../projects/projects.service.ts';
import { dealOf } from '../submissions/submissions.service.ts';
import { createTicket } from '../support/support.service.ts';
import { canReportProblem, isDealParty } from './disputes.policy.ts';
import { presentDispute } from './disputes.service.ts';

export async function reportProblem(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  description: string,
): Promise<DisputeDto> {
  const row = await ctx
    .transaction(async (tx) => {
      const project = await lockProject(tx, projectId);
      if (!project) throw notFound('Project not found.');
      const deal = await dealOf(tx, project);
      if (!canReportProblem(actor, deal)) {
        if (!isDealParty(actor, deal)) throw forbidden(DISPUTE_MESSAGES.onlyParties);
        throw conflict(
          project.status === 'problem' ? DISPUTE_MESSAGES.alreadyReported : DISPUTE_MESSAGES.notUnderWay,
        );
      }
      // A refund the client asked for ends the deal when the provider completes it; a problem
      // opened meanwhile would leave the project frozen on a deal that is gone.
      if (await refundUnderWay(tx, project.id)) throw conflict(DISPUTE_MESSAGES.refundUnderWay);
      await markProblem(tx, project.id);
      const [reporter] = await tx.select().from(users).where(eq(users.id, actor.id));
      const ticket = await createTicket(
        ctx,
        {
          userId: actor.id,
          subject: `Problem reported on "${project.title}"`,
          message: description,
          priority: 'high',
          projectId: project.id,
        },
        tx,
      );
      const [dispute] = await tx
        .insert(disputes)
        .values({ projectId: project.id, ticketId: ticket.id, reportedBy: actor.id, description })
        .returning();
      await appendRecord(tx, project.id, {
        type: 'problem_reported',
        actorId: actor.id,
        data: { dispute_id: dispute.id, ticket_number: ticket.ticket_number, description },
      });
      const otherId = actor.id === deal.clientId ? deal.engineerId : deal.clientId;
      const link = `/project_details/${project.id}`;
      if (otherId) {
        const [other] = await tx.select().from(users).where(eq(users.id, otherId));
        await notify(
          ctx,
          other.id,
          `${reporter.fullName} reported a problem on "${project.title}". Support will contact you; the payment is on hold meanwhile.`,
          link,
          tx,
        );
        await mailEvent(ctx, tx, other.email, {
          subject: 'A problem was reported on your project',
          lines: [
            `Hello ${other.fullName},`,
            `${reporter.fullName} reported a problem on "${project.title}":`,
            description,
            'Our support team will contact you both. Until it is settled, the payment stays in escrow and new submissions are on hold.',
          ],
          action: { label: 'Open the project', url: `${ctx.config.publicUrl}/#${link}` },
        });
      }
      await mailEvent(ctx, tx, reporter.email, {
        subject: `Problem reported: ticket ${ticket.ticket_number}`,
        lines: [
          `Hello ${reporter.fullName},`,
          `We opened ticket ${ticket.ticket_number} for the problem you reported on "${project.title}". Our support team will contact you and the other party.`,
          'Until it is settled, the payment stays in escrow.',
        ],
        action: { label: 'Open your tickets', url: `${ctx.config.publicUrl}/#/contact` },
      });
      return dispute;
    })
    .catch((err) => {
      if (isUniqueViolation(err)) throw conflict(DISPUTE_MESSAGES.alreadyReported);
      throw err;
    });
  return presentDispute(ctx, row, actor);
}
