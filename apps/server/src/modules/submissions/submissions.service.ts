// Deliverables (spec §3 Submission, §4; decisions.md 'Project lifecycle'): the hired
// engineer submits versions of the stamped PDF; each is checked (a PDF by its bytes, the
// caller's own upload, its SHA-256 and embedded signatures recorded) and waits for the
// client's decision (decide-submission.ts). The first submission puts the project in
// progress. Only the project's client, its engineer and admins see them.
import { createHash, randomUUID } from 'node:crypto';
import {
  type CreateSubmissionBody,
  type ProjectSubmissionsDto,
  SUBMISSION_MESSAGES,
  type SubmissionDto,
  type SubmissionFilter,
  type SubmissionListQuery,
  type SubmissionSort,
  storedFileName,
  submissionListQuerySchema,
  type UpdateSubmissionBody,
} from '@app/shared';
import { and, asc, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { files, projects, type SubmissionRow, submissions, users } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { fileNamesOf, setFileField, sniff } from '../files/files.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { appendRecord } from '../project-record/append-record.ts';
import { findProject, lockProject, startProjectWork } from '../projects/projects.service.ts';
import { acceptedEngineerOf } from '../proposals/proposals.service.ts';
import { checkPdf } from '../seals/index.ts';
import { canReadSubmissions, canSubmit, type Deal } from './submissions.policy.ts';
import { presentSubmission } from './submissions.presenter.ts';

/** The two parties of a project's deal, and where the project stands. */
export async function dealOf(
  db: DbOrTx,
  project: { id: string; customerId: string; status: Deal['projectStatus'] },
) {
  return {
    clientId: project.customerId,
    engineerId: await acceptedEngineerOf(db, project.id),
    projectStatus: project.status,
  } satisfies Deal;
}

// ---------------------------------------------------------------------------------------
// Answers.

const columns = {
  submission: submissions,
  projectTitle: projects.title,
  engineerName: users.fullName,
};

function selectSubmissions(db: DbOrTx) {
  return db
    .select(columns)
    .from(submissions)
    .innerJoin(projects, eq(projects.id, submissions.projectId))
    .innerJoin(users, eq(users.id, submissions.engineerId));
}

const FILTERS: Record<Exclude<SubmissionFilter, 'all'>, SQL> = {
  pending: isNull(submissions.clientAcceptance),
  accepted: eq(submissions.clientAcceptance, true),
  rejected: eq(submissions.clientAcceptance, false),
};
const filterOf = (status: SubmissionFilter) => (status === 'all' ? undefined : FILTERS[status]);
const orderOf = (sort: SubmissionSort) =>
  sort === 'oldest'
    ? [asc(submissions.createdAt), asc(submissions.id)]
    : [desc(submissions.createdAt), desc(submissions.id)];

/** One submission as the caller may see it (the client, the engineer, admins). */
export async function getSubmission(ctx: AppContext, actor: Actor, id: string): Promise<SubmissionDto> {
  const [row] = await selectSubmissions(ctx.db).where(eq(submissions.id, id));
  if (!row) throw notFound(SUBMISSION_MESSAGES.notFound);
  const project = await findProject(ctx.db, row.submission.projectId);
  if (!project) throw notFound(SUBMISSION_MESSAGES.notFound);
  const deal = await dealOf(ctx.db, project);
  if (!canReadSubmissions(actor, deal) && actor.id !== row.submission.engineerId)
    throw notFound(SUBMISSION_MESSAGES.notFound);
  return presentSubmission(row, actor, deal, await fileNamesOf(ctx.db, [row.submission.attachments]));
}

/** GET /api/submissions/project/{projectId}: the project's versions and whether the caller may add one. */
export async function listProjectSubmissions(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  query: SubmissionListQuery,
): Promise<ProjectSubmissionsDto> {
  const { status, sort } = submissionListQuerySchema.parse(query);
  const project = await findProject(ctx.db, projectId);
  if (!project) throw notFound(SUBMISSION_MESSAGES.projectNotFound);
  const deal = await dealOf(ctx.db, project);
  if (!canReadSubmissions(actor, deal)) throw forbidden(SUBMISSION_MESSAGES.notYourProject);
  const rows = await selectSubmissions(ctx.db)
    .where(and(eq(submissions.projectId, projectId), filterOf(status)))
    .orderBy(...orderOf(sort));
  const names = await fileNamesOf(
    ctx.db,
    rows.map((r) => r.submission.attachments),
  );
  return {
    project_id: project.id,
    project_title: project.title,
    project_status: project.status,
    submissions: rows.map((r) => presentSubmission(r, actor, deal, names)),
    abilities: { create: canSubmit(actor, deal) && !(await hasPending(ctx.db, projectId)) },
  };
}

/** GET /api/submissions/engineer/{id}: every version an engineer sent (that engineer or an admin). */
export async function listEngineerSubmissions(
  ctx: AppContext,
  actor: Actor,
  engineerId: string,
  query: SubmissionListQuery,
): Promise<SubmissionDto[]> {
  if (actor.id !== engineerId && actor.role !== 'admin')
    throw forbidden('You can only list your own submissions.');
  const { status, sort } = submissionListQuerySchema.parse(query);
  const rows = await selectSubmissions(ctx.db)
    .where(and(eq(submissions.engineerId, engineerId), filterOf(status)))
    .orderBy(...orderOf(sort));
  const deals = new Map<string, Deal>();
  const names = await fileNamesOf(
    ctx.db,
    rows.map((r) => r.submission.attachments),
  );
  const out: SubmissionDto[] = [];
  for (const row of rows) {
    let deal = deals.get(row.submission.projectId);
    if (!deal) {
      const project = await findProject(ctx.db, row.submission.projectId);
      if (!project) continue;
      deal = await dealOf(ctx.db, project);
      deals.set(project.id, deal);
    }
    out.push(presentSubmission(row, actor, deal, names));
  }
  return out;
}

async function hasPending(db: DbOrTx, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.projectId, projectId), isNull(submissions.clientAcceptance)));
  return !!row;
}

// ---------------------------------------------------------------------------------------
// The deliverable file.

/** What the project's record keeps of a deliverable: its file's SHA-256 and signature result. */
function recordedFile(id: string, title: string, file: Pick<Inspected, 'sha256' | 'signature'>) {
  return {
    submission_id: id,
    title,
    file_sha256: file.sha256,
    signature: file.signature.status,
    signed_by: file.signature.signatures.at(-1)?.signer_name ?? null,
  };
}

type Inspected = { link: string; sha256: string; size: number; signature: SubmissionRow['signature'] };

/**
 * Reads the caller's own deliverable upload and checks it: a PDF by its bytes, its SHA-256
 * and its embedded signatures. Stored files never change, so this runs before the
 * transaction that puts the file into the submission (setFileField re-checks ownership).
 */
async function inspectDeliverable(ctx: AppContext, actor: Actor, link: string): Promise<Inspected> {
  const refuse = () =>
    badRequest(SUBMISSION_MESSAGES.invalidFile, { attachments: SUBMISSION_MESSAGES.invalidFile });
  const name = storedFileName(link);
  if (!name) throw refuse();
  const [file] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.name, name), eq(files.kind, 'deliverable'), eq(files.uploaderId, actor.id)));
  if (!file) throw refuse();
  const stream = await ctx.storage.read(name);
  if (!stream) throw refuse();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  const bytes = Buffer.concat(chunks);
  if ((await sniff(bytes))?.ext !== 'pdf') throw refuse();
  const checked = await checkPdf(bytes);
  return { link: `/files/${name}`, sha256: checked.sha256, size: bytes.length, signature: checked.signature };
}

const deliverableField = (actor: Actor, submissionId: string, current: string | null, next: string) => ({
  ownerId: actor.id,
  kind: 'deliverable' as const,
  subjectId: submissionId,
  current,
  next,
  field: 'attachments',
  message: SUBMISSION_MESSAGES.invalidFile,
});

/** Why the engineer cannot submit on this deal now (403 for who, 409 for when). */
function assertMaySubmit(actor: Actor, deal: Deal): void {
  if (canSubmit(actor, deal)) return;
  if (actor.id !== deal.engineerId || actor.role !== 'engineer')
    throw forbidden(SUBMISSION_MESSAGES.onlyEngineer);
  if (deal.projectStatus === 'problem') throw conflict(SUBMISSION_MESSAGES.problemReported);
  throw conflict(SUBMISSION_MESSAGES.projectNotActive);
}

// ---------------------------------------------------------------------------------------
// Submitting and editing.

type ParsedCreate = Omit<CreateSubmissionBody, 'attachments'> & { attachments: string | null };

export async function createSubmission(
  ctx: AppContext,
  actor: Actor,
  body: ParsedCreate,
): Promise<SubmissionDto> {
  if (body.engineer_id !== actor.id) throw forbidden(SUBMISSION_MESSAGES.asYourself);
  if (!body.attachments)
    throw badRequest(SUBMISSION_MESSAGES.fileRequired, { attachments: SUBMISSION_MESSAGES.fileRequired });
  const project0 = await findProject(ctx.db, body.project_id);
  if (!project0) throw notFound(SUBMISSION_MESSAGES.projectNotFound);
  // Refuse early (before reading and checking a 25 MB file) what the transaction would refuse anyway.
  assertMaySubmit(actor, await dealOf(ctx.db, project0));
  if (await hasPending(ctx.db, project0.id)) throw conflict(SUBMISSION_MESSAGES.pendingExists);
  const file = await inspectDeliverable(ctx, actor, body.attachments);
  const id = randomUUID();
  try {
    await ctx.transaction(async (tx) => {
      const project = await lockProject(tx, body.project_id);
      if (!project) throw notFound(SUBMISSION_MESSAGES.projectNotFound);
      assertMaySubmit(actor, await dealOf(tx, project));
      if (await hasPending(tx, project.id)) throw conflict(SUBMISSION_MESSAGES.pendingExists);
      const attachments = await setFileField(ctx, tx, deliverableField(actor, id, null, file.link));
      await tx.insert(submissions).values({
        id,
        projectId: project.id,
        engineerId: actor.id,
        title: body.title,
        description: body.description,
        attachments: attachments ?? file.link,
        fileSha256: file.sha256,
        fileSize: file.size,
        signature: file.signature,
      });
      await startProjectWork(tx, project.id);
      await appendRecord(tx, project.id, {
        type: 'submission_sent',
        actorId: actor.id,
        data: recordedFile(id, body.title, file),
      });
      await notify(
        ctx,
        project.customerId,
        `${await nameOf(tx, actor.id)} sent "${body.title}" for "${project.title}". Review it and accept or reject it.`,
        `/submissions/${project.id}`,
        tx,
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(SUBMISSION_MESSAGES.pendingExists);
    throw err;
  }
  return getSubmission(ctx, actor, id);
}

type ParsedUpdate = Omit<UpdateSubmissionBody, 'attachments'> & { attachments?: string | null };

export async function updateSubmission(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: ParsedUpdate,
): Promise<SubmissionDto> {
  const [before] = await ctx.db.select().from(submissions).where(eq(submissions.id, id));
  if (!before) throw notFound(SUBMISSION_MESSAGES.notFound);
  if (before.engineerId !== actor.id) throw forbidden(SUBMISSION_MESSAGES.onlyEngineer);
  if (body.attachments === null)
    throw badRequest(SUBMISSION_MESSAGES.fileRequired, { attachments: SUBMISSION_MESSAGES.fileRequired });
  // Refuse early, before any file is read, what the transaction would refuse anyway.
  if (before.clientAcceptance !== null) throw conflict(SUBMISSION_MESSAGES.notEditable);
  const project0 = await findProject(ctx.db, before.projectId);
  if (!project0) throw notFound(SUBMISSION_MESSAGES.notFound);
  assertMaySubmit(actor, await dealOf(ctx.db, project0));
  const newFile =
    body.attachments && body.attachments !== before.attachments
      ? await inspectDeliverable(ctx, actor, body.attachments)
      : null;
  await ctx.transaction(async (tx) => {
    const project = await lockProject(tx, before.projectId);
    if (!project) throw notFound(SUBMISSION_MESSAGES.notFound);
    const [row] = await tx.select().from(submissions).where(eq(submissions.id, id)).for('update');
    const deal = await dealOf(tx, project);
    if (row.clientAcceptance !== null) throw conflict(SUBMISSION_MESSAGES.notEditable);
    assertMaySubmit(actor, deal);
    const now = new Date();
    const fileFields = newFile
      ? {
          attachments:
            (await setFileField(ctx, tx, deliverableField(actor, id, row.attachments, newFile.link))) ??
            newFile.link,
          fileSha256: newFile.sha256,
          fileSize: newFile.size,
          signature: newFile.signature,
        }
      : {};
    const [updated] = await tx
      .update(submissions)
      .set({
        title: body.title ?? row.title,
        description: body.description ?? row.description,
        ...fileFields,
        updatedAt: now,
      })
      .where(and(eq(submissions.id, id), isNull(submissions.clientAcceptance)))
      .returning();
    if (!updated) throw conflict(SUBMISSION_MESSAGES.notEditable);
    await appendRecord(tx, project.id, {
      type: 'submission_updated',
      actorId: actor.id,
      data: recordedFile(id, updated.title, {
        sha256: updated.fileSha256,
        signature: updated.signature,
      }),
    });
    await notify(
      ctx,
      project.customerId,
      `${await nameOf(tx, actor.id)} updated "${updated.title}" for "${project.title}".`,
      `/submissions/${project.id}`,
      tx,
    );
  });
  return getSubmission(ctx, actor, id);
}

async function nameOf(db: DbOrTx, userId: string): Promise<string> {
  const [u] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return u?.fullName ?? 'The engineer';
}
