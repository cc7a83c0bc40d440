// POST /api/submissions and PUT /api/submissions/{id}: the hired engineer sends a version of
// the stamped deliverable, or replaces the one waiting ('deliver', 'editDelivery'). The file
// is read and checked (off the main thread) only after the cheap refusals, and before the
// transaction. The first deliverable ends the client's 24-hour refund and puts the project in
// progress; each starts the auto-release clock (AUTO_RELEASE_AFTER).
import { randomUUID } from 'node:crypto';
import {
  type CreateSubmissionBody,
  SUBMISSION_MESSAGES,
  type SubmissionDto,
  sealOf,
  type UpdateSubmissionBody,
} from '@app/shared';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { findProject, lockProject, moveProject } from '../projects/index.ts';
import {
  findSubmission,
  getSubmission,
  hasPendingSubmission,
  insertSubmission,
  inspectDeliverable,
  lockSubmission,
  replaceSubmission,
} from '../submissions/index.ts';
import { latestDeal, lockLiveDeal } from './deal-rows.ts';
import { assertAllowed, moveDeal } from './deal-state.ts';
import { dealTransaction } from './deal-transaction.ts';
import { isDealEngineer } from './deals.policy.ts';

type ParsedCreate = Omit<CreateSubmissionBody, 'attachments'> & { attachments: string | null };
type ParsedUpdate = Omit<UpdateSubmissionBody, 'attachments'> & { attachments?: string | null };

const signedBy = (signature: { signatures: Array<{ signer_name: string | null }> }) =>
  signature.signatures.at(-1)?.signer_name ?? null;

export async function deliver(ctx: AppContext, actor: Actor, body: ParsedCreate): Promise<SubmissionDto> {
  authorize(body.engineer_id === actor.id, SUBMISSION_MESSAGES.asYourself);
  if (!body.attachments)
    throw badRequest(SUBMISSION_MESSAGES.fileRequired, { attachments: SUBMISSION_MESSAGES.fileRequired });
  // Refused before a 25 MB file is read and checked: what the transaction would refuse anyway.
  const project0 = await findProject(ctx.db, body.project_id);
  if (!project0) throw notFound(SUBMISSION_MESSAGES.projectNotFound);
  const deal0 = await latestDeal(ctx.db, project0.id);
  authorize(!!deal0 && isDealEngineer(actor, deal0), SUBMISSION_MESSAGES.onlyEngineer);
  if (deal0.state === 'disputed') throw conflict(SUBMISSION_MESSAGES.problemReported);
  if (await hasPendingSubmission(ctx.db, project0.id)) throw conflict(SUBMISSION_MESSAGES.pendingExists);
  assertAllowed('deliver', deal0);
  const file = await inspectDeliverable(ctx, actor, body.attachments);
  const id = randomUUID();
  await dealTransaction(ctx, async (tx, events) => {
    const project = await lockProject(tx, body.project_id);
    if (!project) throw notFound(SUBMISSION_MESSAGES.projectNotFound);
    const deal = await lockLiveDeal(tx, project.id);
    authorize(!!deal && isDealEngineer(actor, deal), SUBMISSION_MESSAGES.onlyEngineer);
    if (deal.state === 'disputed') throw conflict(SUBMISSION_MESSAGES.problemReported);
    assertAllowed('deliver', deal);
    await insertSubmission(ctx, tx, actor, {
      id,
      projectId: project.id,
      title: body.title,
      description: body.description,
      file,
    });
    const now = new Date();
    const due = new Date(now.getTime() + ctx.config.autoReleaseMs);
    await moveDeal(tx, deal, 'deliver', 'awaiting_decision', {
      firstDeliveredAt: deal.firstDeliveredAt ?? now,
      decisionDueAt: due,
      remindersSent: 0,
    });
    if (project.status === 'assigned') await moveProject(tx, project.id, ['assigned'], 'inprogress');
    events.emit({
      type: 'DeliverySubmitted',
      projectId: project.id,
      dealId: deal.id,
      actorId: actor.id,
      submissionId: id,
      title: body.title,
      fileSha256: file.sha256,
      signature: file.signature.status,
      seal: sealOf(file.signature),
      signedBy: signedBy(file.signature),
      fileName: file.fileName,
      first: !deal.firstDeliveredAt,
      autoReleaseAt: due.toISOString(),
    });
  });
  return getSubmission(ctx, actor, id);
}

/**
 * Replacing the waiting version restarts the auto-release clock: the client needs the time to
 * review what is now there.
 */
export async function editDelivery(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: ParsedUpdate,
): Promise<SubmissionDto> {
  const before = await findSubmission(ctx.db, id);
  if (!before) throw notFound(SUBMISSION_MESSAGES.notFound);
  authorize(before.engineerId === actor.id, SUBMISSION_MESSAGES.onlyEngineer);
  if (body.attachments === null)
    throw badRequest(SUBMISSION_MESSAGES.fileRequired, { attachments: SUBMISSION_MESSAGES.fileRequired });
  // Refused before any file is read, as the transaction would refuse.
  if (before.clientAcceptance !== null) throw conflict(SUBMISSION_MESSAGES.notEditable);
  const deal0 = await latestDeal(ctx.db, before.projectId);
  authorize(!!deal0 && isDealEngineer(actor, deal0), SUBMISSION_MESSAGES.onlyEngineer);
  if (deal0.state === 'disputed') throw conflict(SUBMISSION_MESSAGES.problemReported);
  assertAllowed('editDelivery', deal0);
  const file =
    body.attachments && body.attachments !== before.attachments
      ? await inspectDeliverable(ctx, actor, body.attachments)
      : null;
  await dealTransaction(ctx, async (tx, events) => {
    const project = await lockProject(tx, before.projectId);
    if (!project) throw notFound(SUBMISSION_MESSAGES.notFound);
    const deal = await lockLiveDeal(tx, project.id);
    authorize(!!deal && isDealEngineer(actor, deal), SUBMISSION_MESSAGES.onlyEngineer);
    if (deal.state === 'disputed') throw conflict(SUBMISSION_MESSAGES.problemReported);
    assertAllowed('editDelivery', deal);
    const row = await lockSubmission(tx, id);
    if (!row || row.clientAcceptance !== null) throw conflict(SUBMISSION_MESSAGES.notEditable);
    const updated = await replaceSubmission(ctx, tx, actor, row, {
      title: body.title,
      description: body.description,
      file,
    });
    await moveDeal(tx, deal, 'editDelivery', 'awaiting_decision', {
      decisionDueAt: new Date(Date.now() + ctx.config.autoReleaseMs),
      remindersSent: 0,
    });
    events.emit({
      type: 'DeliveryUpdated',
      projectId: project.id,
      dealId: deal.id,
      actorId: actor.id,
      submissionId: id,
      title: updated.title,
      fileSha256: updated.fileSha256,
      signature: updated.signature.status,
      seal: sealOf(updated.signature),
      signedBy: signedBy(updated.signature),
      fileName: file?.fileName ?? null,
    });
  });
  return getSubmission(ctx, actor, id);
}
