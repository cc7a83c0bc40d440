// PATCH /api/submissions/{id}/approve: the client's decision on a version of the
// deliverable (spec §4; decisions.md 'Project lifecycle'). An operation across features,
// in one transaction with the project locked first (the order every payment operation
// uses, so a racing refund or a second click waits and then finds the new state):
// - rejected: the version is rejected with the client's comment; the engineer sends another;
// - accepted: the version is accepted, the deal's escrow released 80/20 through the ledger,
//   the project completed, and the engineer's payout created, due the Sunday of the
//   following week. From then on no refund is possible.
import { formatCents, SUBMISSION_MESSAGES, type SubmissionDto } from '@app/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { type SubmissionRow, submissions, users } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { mailEvent, notify } from '../notifications/notifications.service.ts';
import { releaseDealEscrow } from '../payments/escrow.ts';
import { createPayoutForRelease } from '../payouts/payouts.service.ts';
import { appendRecord } from '../project-record/append-record.ts';
import { completeProject, lockProject, type ProjectFields } from '../projects/projects.service.ts';
import { canDecideSubmission } from './submissions.policy.ts';
import { dealOf, getSubmission } from './submissions.service.ts';

export async function decideSubmission(
  ctx: AppContext,
  actor: Actor,
  id: string,
  decision: { accept: boolean; comment: string | null },
): Promise<SubmissionDto> {
  const [found] = await ctx.db
    .select({ projectId: submissions.projectId })
    .from(submissions)
    .where(eq(submissions.id, id));
  if (!found) throw notFound(SUBMISSION_MESSAGES.notFound);
  await ctx.transaction(async (tx) => {
    const project = await lockProject(tx, found.projectId);
    if (!project) throw notFound(SUBMISSION_MESSAGES.notFound);
    const [submission] = await tx.select().from(submissions).where(eq(submissions.id, id)).for('update');
    const deal = await dealOf(tx, project);
    if (!canDecideSubmission(actor, deal, submission)) {
      if (actor.id !== deal.clientId) throw forbidden(SUBMISSION_MESSAGES.onlyOwner);
      if (submission.clientAcceptance !== null) throw conflict(SUBMISSION_MESSAGES.alreadyDecided);
      if (project.status === 'problem') throw conflict(SUBMISSION_MESSAGES.problemReported);
      throw conflict(SUBMISSION_MESSAGES.projectNotActive);
    }
    const now = new Date();
    const [decided] = await tx
      .update(submissions)
      .set({
        clientAcceptance: decision.accept,
        decisionComment: decision.accept ? null : decision.comment,
        decidedAt: now,
        updatedAt: now,
      })
      .where(and(eq(submissions.id, id), isNull(submissions.clientAcceptance)))
      .returning();
    if (!decided) throw conflict(SUBMISSION_MESSAGES.alreadyDecided);
    await appendRecord(tx, project.id, {
      type: decision.accept ? 'submission_accepted' : 'submission_rejected',
      actorId: actor.id,
      data: { submission_id: id, file_sha256: decided.fileSha256, comment: decided.decisionComment },
      at: now,
    });
    if (decision.accept) await acceptAndRelease(ctx, tx, project, decided, now);
    else await announceRejection(ctx, tx, project, decided);
  });
  return getSubmission(ctx, actor, id);
}

async function acceptAndRelease(
  ctx: AppContext,
  tx: Tx,
  project: ProjectFields,
  submission: SubmissionRow,
  now: Date,
) {
  const released = await releaseDealEscrow(tx, project.id, now);
  // Rolls the whole decision back: the version stays pending, nothing moved.
  if (!released.ok) throw conflict(released.message);
  await completeProject(tx, project.id);
  const payout = await createPayoutForRelease(tx, {
    submissionId: submission.id,
    payment: released.payment,
    engineerCents: released.engineerCents,
    releasedAt: now,
  });
  const [client, engineer] = await Promise.all([
    person(tx, project.customerId),
    person(tx, submission.engineerId),
  ]);
  const paid = formatCents(released.payment.amountCents);
  const earned = formatCents(released.engineerCents);
  const due = dayText(payout.payoutDate);
  const link = `/submissions/${project.id}`;
  await notify(
    ctx,
    engineer.id,
    `${client.fullName} accepted "${submission.title}" for "${project.title}". ${earned} will be paid out on ${due}.`,
    link,
    tx,
  );
  await mailEvent(ctx, tx, engineer.email, {
    subject: 'Your submission was accepted',
    lines: [
      `Hello ${engineer.fullName},`,
      `${client.fullName} accepted "${submission.title}" for "${project.title}". The project is completed.`,
      `Your ${earned} (80% of ${paid}) is in your wallet and will be paid out to your payout account on ${due}.`,
    ],
    action: { label: 'Open your wallet', url: `${ctx.config.publicUrl}/#/engineer_dashboard/${engineer.id}` },
  });
  await notify(
    ctx,
    client.id,
    `You accepted "${submission.title}". "${project.title}" is completed and ${paid} was released to ${engineer.fullName}.`,
    link,
    tx,
  );
  await mailEvent(ctx, tx, client.email, {
    subject: 'Project completed',
    lines: [
      `Hello ${client.fullName},`,
      `You accepted "${submission.title}" for "${project.title}". The project is completed and the ${paid} held in escrow was released to ${engineer.fullName}.`,
      'You can download the stamped drawings at any time from the project’s submissions, and rate the engineer on their profile.',
    ],
    action: { label: 'Open the submissions', url: `${ctx.config.publicUrl}/#${link}` },
  });
}

async function announceRejection(ctx: AppContext, tx: Tx, project: ProjectFields, submission: SubmissionRow) {
  const [client, engineer] = await Promise.all([
    person(tx, project.customerId),
    person(tx, submission.engineerId),
  ]);
  const why = submission.decisionComment ? ` Their comment: "${submission.decisionComment}"` : '';
  await notify(
    ctx,
    engineer.id,
    `${client.fullName} rejected "${submission.title}" for "${project.title}".${why}`,
    `/submissions/${project.id}`,
    tx,
  );
  await mailEvent(ctx, tx, engineer.email, {
    subject: 'Your submission was rejected',
    lines: [
      `Hello ${engineer.fullName},`,
      `${client.fullName} rejected "${submission.title}" for "${project.title}".`,
      ...(submission.decisionComment ? [`Their comment: "${submission.decisionComment}"`] : []),
      'You can send a new version from the project’s submissions.',
    ],
    action: { label: 'Open the submissions', url: `${ctx.config.publicUrl}/#/submissions/${project.id}` },
  });
}

async function person(tx: Tx, id: string) {
  const [u] = await tx
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return u;
}

/** 'Sunday, December 6, 2026' from '2026-12-06' (a UTC calendar day). */
const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
