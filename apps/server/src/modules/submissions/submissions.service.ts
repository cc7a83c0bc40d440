// Deliverables (docs/PRODUCT.md#data Submission, docs/PRODUCT.md#states; docs/PRODUCT.md#project-lifecycle): the versions of
// the stamped PDF the hired engineer sends, each checked (a PDF by its bytes, the caller's own
// upload, its SHA-256 and embedded signatures recorded), and the client's decision on them.
// Sending and deciding are deal operations (modules/deals: deliver.ts, decide-delivery.ts);
// this module keeps the rows, the reading and the file check. Only the project's client, its
// engineer and admins see them.
import {
  type ProjectSubmissionsDto,
  SUBMISSION_MESSAGES,
  type SubmissionDto,
  type SubmissionFilter,
  type SubmissionListQuery,
  type SubmissionSort,
  storedFileName,
  submissionListQuerySchema,
} from '@app/shared';
import { and, asc, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { deals, files, projects, type SubmissionRow, submissions, users } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { fileNamesOf, setFileField, sniff } from '../files/index.ts';
import { findProject } from '../projects/index.ts';
import { checkPdf, engineerNameForSeal } from '../seals/index.ts';
import {
  canListEngineerSubmissions,
  canReadSubmission,
  canReadSubmissions,
  canSubmit,
  type Deal,
} from './submissions.policy.ts';
import { presentSubmission } from './submissions.presenter.ts';

/** The two parties of the project's latest deal, and where the deal stands (none before payment). */
export async function dealOf(db: DbOrTx, project: { id: string; customerId: string }): Promise<Deal> {
  const [row] = await db
    .select({ engineerId: deals.engineerId, state: deals.state })
    .from(deals)
    .where(eq(deals.projectId, project.id))
    .orderBy(desc(deals.createdAt))
    .limit(1);
  return { clientId: project.customerId, engineerId: row?.engineerId ?? null, state: row?.state ?? null };
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
  if (!canReadSubmission(actor, deal, row.submission)) throw notFound(SUBMISSION_MESSAGES.notFound);
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
  authorize(canListEngineerSubmissions(actor, engineerId), 'You can only list your own submissions.');
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

type Inspected = {
  link: string;
  sha256: string;
  size: number;
  signature: SubmissionRow['signature'];
  /** The name the engineer's file had, for the project's record. */
  fileName: string | null;
};

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
  // The seal is judged against the engineer it is delivered by (their verified licence's name).
  const checked = await checkPdf(bytes, undefined, {
    engineerName: await engineerNameForSeal(ctx, actor.id),
    trustRootsPem: ctx.config.sealTrustRoots,
  });
  return {
    link: `/files/${name}`,
    sha256: checked.sha256,
    size: bytes.length,
    signature: checked.signature,
    fileName: file.originalName,
  };
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

// ---------------------------------------------------------------------------------------
// Rows, for the deal's operations (modules/deals: deliver, decide, settle), in their transaction.

export type CheckedDeliverable = Inspected;
export { inspectDeliverable };

/** The project's deliverable waiting for the client's decision, locked, if any. */
export async function lockPendingSubmission(
  tx: DbOrTx,
  projectId: string,
): Promise<SubmissionRow | undefined> {
  const [row] = await tx
    .select()
    .from(submissions)
    .where(and(eq(submissions.projectId, projectId), isNull(submissions.clientAcceptance)))
    .for('update');
  return row;
}

export async function lockSubmission(tx: DbOrTx, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await tx.select().from(submissions).where(eq(submissions.id, id)).for('update');
  return row;
}

export async function findSubmission(db: DbOrTx, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
  return row;
}

/** The latest version sent on a project (what a settlement names), or null. */
export async function latestSubmissionId(db: DbOrTx, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.projectId, projectId))
    .orderBy(desc(submissions.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** Whether a version of the project waits for the client. */
export async function hasPendingSubmission(db: DbOrTx, projectId: string): Promise<boolean> {
  return hasPending(db, projectId);
}

/** A new version with its checked file; the one-pending-version index refuses a second one (409). */
export async function insertSubmission(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  values: { id: string; projectId: string; title: string; description: string; file: CheckedDeliverable },
): Promise<SubmissionRow> {
  const attachments = await setFileField(ctx, tx, deliverableField(actor, values.id, null, values.file.link));
  try {
    const [row] = await tx
      .insert(submissions)
      .values({
        id: values.id,
        projectId: values.projectId,
        engineerId: actor.id,
        title: values.title,
        description: values.description,
        attachments: attachments ?? values.file.link,
        fileSha256: values.file.sha256,
        fileSize: values.file.size,
        signature: values.file.signature,
      })
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(SUBMISSION_MESSAGES.pendingExists);
    throw err;
  }
}

/** Changes a pending version (title, description, file); 409 once the client decided. */
export async function replaceSubmission(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  row: SubmissionRow,
  changes: { title?: string; description?: string; file: CheckedDeliverable | null },
): Promise<SubmissionRow> {
  const fileFields = changes.file
    ? {
        attachments:
          (await setFileField(
            ctx,
            tx,
            deliverableField(actor, row.id, row.attachments, changes.file.link),
          )) ?? changes.file.link,
        fileSha256: changes.file.sha256,
        fileSize: changes.file.size,
        signature: changes.file.signature,
      }
    : {};
  const [updated] = await tx
    .update(submissions)
    .set({
      title: changes.title ?? row.title,
      description: changes.description ?? row.description,
      ...fileFields,
      updatedAt: new Date(),
    })
    .where(and(eq(submissions.id, row.id), isNull(submissions.clientAcceptance)))
    .returning();
  if (!updated) throw conflict(SUBMISSION_MESSAGES.notEditable);
  return updated;
}

/** The client's decision on a pending version; 409 when it was decided meanwhile. */
export async function recordDecision(
  tx: DbOrTx,
  id: string,
  decision: { accept: boolean; comment: string | null },
  now: Date,
): Promise<SubmissionRow> {
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
  return decided;
}
