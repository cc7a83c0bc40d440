// Projects: the explore search, a client's and an engineer's lists, the project page, and
// posting, editing and deleting (owner only, while open — guarded in the UPDATE/DELETE).

import { randomUUID } from 'node:crypto';
import {
  type CreateProjectInput,
  type CustomerProjectDto,
  deadlineProblem,
  type EngineerProjectDto,
  earliestToday,
  PROJECT_MESSAGES,
  PROJECT_PAGE_SIZE,
  type ProjectDetailDto,
  type ProjectDto,
  type ProjectListDto,
  type ProjectListFilters,
  type ProjectStatus,
  projectChanges,
  projectLocationProblem,
  type RecordedProjectField,
  stateMissing,
  type UpdateProjectInput,
} from '@app/shared';
import { and, arrayContains, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { clientAccounts, projects, proposals, users } from '../../db/schema/index.ts';
import { cappedTotal } from '../../lib/capped-count.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { type Actor, actsAs, authorize } from '../../lib/policy.ts';
import { enqueueProjectAlerts } from '../alerts/index.ts';
import { discardFilesOf, setFileField } from '../files/index.ts';
import { notify } from '../notifications/index.ts';
import { hasPaymentRecords } from '../payments/index.ts';
import { ratingStatsFor } from '../rating-stats/index.ts';
import { appendRecord } from '../record-chain/index.ts';
import { type ProjectFields, presentProject, presentProjectDetail } from './projects.presenter.ts';

/** Other features read project rows through findProject. */
export type { ProjectFields };

import {
  canListClientProjects,
  canListEngineerProjects,
  canListProjectsOfStatus,
  canPostProjectAs,
  isProjectOwner,
  listsEveryProjectOfStatus,
} from './projects.policy.ts';

// Every column but the search vector, which no answer shows.
const projectColumns = {
  id: projects.id,
  customerId: projects.customerId,
  title: projects.title,
  description: projects.description,
  specializations: projects.specializations,
  licenseType: projects.licenseType,
  budget: projects.budget,
  deadline: projects.deadline,
  country: projects.country,
  state: projects.state,
  attachments: projects.attachments,
  notes: projects.notes,
  urgencyLevel: projects.urgencyLevel,
  status: projects.status,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

export async function findProject(db: DbOrTx, id: string): Promise<ProjectFields | undefined> {
  const [row] = await db.select(projectColumns).from(projects).where(eq(projects.id, id));
  return row;
}

/**
 * The rating summary shown in a project's client block, read through the one function the
 * ratings feature owns (rating-stats/rating-stats.ts), like every other page with ratings.
 */
export async function clientRatingSummary(
  db: DbOrTx,
  clientId: string,
): Promise<{ avg_rating: number; rating_count: number }> {
  const stats = await ratingStatsFor(db, [clientId]);
  return stats.get(clientId) ?? { avg_rating: 0, rating_count: 0 };
}

// ---------------------------------------------------------------------------------------
// Explore.

/** The WHERE of the explore list; also used by scripts/seed-large.ts to EXPLAIN it. */
export function exploreWhere(f: ProjectListFilters, viewer: Actor | null = null): SQL | undefined {
  const conditions: SQL[] = [eq(projects.status, f.status)];
  if (!listsEveryProjectOfStatus(viewer, f.status)) {
    if (!viewer) throw forbidden(PROJECT_MESSAGES.onlyOpenPublic);
    conditions.push(sql`(${projects.customerId} = ${viewer.id} or exists (
      select 1 from ${proposals} where ${proposals.projectId} = ${projects.id}
        and ${proposals.engineerId} = ${viewer.id} and ${proposals.status} = 'accepted'))`);
  }
  if (f.q) conditions.push(sql`${projects.search} @@ websearch_to_tsquery('english', ${f.q})`);
  if (f.specialization) conditions.push(arrayContains(projects.specializations, [f.specialization]));
  if (f.license_type) conditions.push(eq(projects.licenseType, f.license_type));
  if (f.country) conditions.push(eq(projects.country, f.country));
  if (f.state) conditions.push(eq(projects.state, f.state));
  if (f.urgency) conditions.push(eq(projects.urgencyLevel, f.urgency));
  if (f.min_budget !== undefined) conditions.push(gte(projects.budget, f.min_budget));
  if (f.max_budget !== undefined) conditions.push(lte(projects.budget, f.max_budget));
  return and(...conditions);
}

/** Orders matching the list indexes; id breaks ties so pages never overlap. */
export function exploreOrder(sort: ProjectListFilters['sort']): SQL[] {
  switch (sort) {
    case 'budget_asc':
      return [sql`${projects.budget} asc nulls last`, sql`${projects.id} asc`];
    case 'budget_desc':
      return [sql`${projects.budget} desc nulls last`, sql`${projects.id} desc nulls last`];
    default:
      return [sql`${projects.createdAt} desc nulls last`, sql`${projects.id} desc nulls last`];
  }
}

/** Explore. `viewer` (null for a visitor) decides which states it may list (canListProjectsOfStatus). */
export async function listProjects(
  ctx: AppContext,
  f: ProjectListFilters,
  viewer: Actor | null = null,
): Promise<ProjectListDto> {
  authorize(canListProjectsOfStatus(viewer, f.status), PROJECT_MESSAGES.onlyOpenPublic);
  if (f.min_budget !== undefined && f.max_budget !== undefined && f.min_budget > f.max_budget)
    throw badRequest('Minimum budget cannot be more than the maximum budget.', {
      min_budget: 'Minimum budget cannot be more than the maximum budget.',
    });
  const where = exploreWhere(f, viewer);
  const offset = (f.page - 1) * PROJECT_PAGE_SIZE;
  // The page's ids first: skipping `offset` rows reads the list index alone (an index-only
  // scan when no filter needs the row); the full rows are read for those 20 ids.
  const pageIds = ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(where)
    .orderBy(...exploreOrder(f.sort))
    .limit(PROJECT_PAGE_SIZE)
    .offset(offset);
  const [rows, counted] = await Promise.all([
    ctx.db
      .select({ ...projectColumns, companyName: clientAccounts.companyName })
      .from(projects)
      .leftJoin(clientAccounts, eq(clientAccounts.userId, projects.customerId))
      .where(inArray(projects.id, pageIds))
      .orderBy(...exploreOrder(f.sort)),
    cappedTotal(ctx.db, ctx.db.select({ one: sql`1` }).from(projects).where(where).$dynamic(), offset),
  ]);
  return {
    items: rows.map(({ companyName, ...row }) => ({ ...presentProject(row), company_name: companyName })),
    ...counted,
    page: f.page,
    pageSize: PROJECT_PAGE_SIZE,
  };
}

// ---------------------------------------------------------------------------------------
// The project page and the dashboards' lists.

/** The project page; `actor` (null for a visitor) decides the abilities it carries. */
export async function getProjectDetail(
  ctx: AppContext,
  id: string,
  actor: Actor | null,
): Promise<ProjectDetailDto> {
  // The engineer hired for it, whose abilities differ (the record); written out like the
  // proposal count below, so the page stays one query.
  const hiredEngineerId = sql<
    string | null
  >`(select p."engineer_id" from "proposals" p where p."project_id" = "projects"."id" and p."status" = 'accepted' limit 1)`;
  // The engineer of the latest deal, a party to it even after a refund (who reads the deal).
  const dealEngineerId = sql<
    string | null
  >`(select d."engineer_id" from "deals" d where d."project_id" = "projects"."id" order by d."created_at" desc limit 1)`;
  // The hired engineer's promised delivery time, shown on the project once a deal is made.
  const deliveryDays = sql<
    number | null
  >`(select p."delivery_days" from "proposals" p where p."project_id" = "projects"."id" and p."status" = 'accepted' limit 1)`;
  const [row] = await ctx.db
    .select({
      ...projectColumns,
      companyName: clientAccounts.companyName,
      clientName: users.fullName,
      memberSince: users.createdAt,
      hiredEngineerId,
      dealEngineerId,
      deliveryDays,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.customerId))
    .leftJoin(clientAccounts, eq(clientAccounts.userId, projects.customerId))
    .where(eq(projects.id, id));
  if (!row) throw notFound(PROJECT_MESSAGES.notFound);
  const {
    companyName,
    clientName,
    memberSince,
    hiredEngineerId: hired,
    dealEngineerId: dealt,
    deliveryDays: days,
    ...project
  } = row;
  const rating = await clientRatingSummary(ctx.db, project.customerId);
  return presentProjectDetail(
    project,
    { companyName, clientName, memberSince, rating },
    hired,
    actor,
    days == null ? null : Number(days),
    dealt,
  );
}

export async function listCustomerProjects(
  ctx: AppContext,
  caller: Actor,
  clientId: string,
  status: ProjectStatus | undefined,
): Promise<CustomerProjectDto[]> {
  authorize(canListClientProjects(caller, clientId), 'You can only list your own projects.');
  // Written out: drizzle leaves columns unqualified in a one-table select, which would
  // make "id" inside the subquery mean the proposal's id.
  const proposalCount = sql<number>`(select count(*)::int from "proposals" p where p."project_id" = "projects"."id")`;
  // The price of the deal once one is made: the accepted proposal's amount.
  const contractPrice = sql<
    number | null
  >`(select p."proposed_amount" from "proposals" p where p."project_id" = "projects"."id" and p."status" = 'accepted' limit 1)`;
  const rows = await ctx.db
    .select({ ...projectColumns, proposalCount, contractPrice })
    .from(projects)
    .where(and(eq(projects.customerId, clientId), status ? eq(projects.status, status) : undefined))
    .orderBy(sql`${projects.createdAt} desc nulls last`);
  return rows.map(({ proposalCount: n, contractPrice, ...row }) => ({
    ...presentProject(row),
    proposal_count: Number(n),
    contract_price: contractPrice === null ? null : Number(contractPrice),
  }));
}

export async function listEngineerProjects(
  ctx: AppContext,
  caller: Actor,
  engineerId: string,
  status: ProjectStatus | undefined,
): Promise<EngineerProjectDto[]> {
  authorize(canListEngineerProjects(caller, engineerId), 'You can only list your own projects.');
  const rows = await ctx.db
    .select({
      ...projectColumns,
      companyName: clientAccounts.companyName,
      clientName: users.fullName,
      proposalId: proposals.id,
      proposedAmount: proposals.proposedAmount,
    })
    .from(proposals)
    .innerJoin(projects, eq(projects.id, proposals.projectId))
    .innerJoin(users, eq(users.id, projects.customerId))
    .leftJoin(clientAccounts, eq(clientAccounts.userId, projects.customerId))
    .where(
      and(
        eq(proposals.engineerId, engineerId),
        eq(proposals.status, 'accepted'),
        status ? eq(projects.status, status) : undefined,
      ),
    )
    .orderBy(sql`${projects.createdAt} desc nulls last`);
  return rows.map(({ companyName, clientName, proposalId, proposedAmount, ...row }) => ({
    ...presentProject(row),
    company_name: companyName,
    client_name: clientName,
    proposal_id: proposalId,
    proposed_amount: proposedAmount,
  }));
}

// ---------------------------------------------------------------------------------------
// Posting and editing.

/** The attachment field: the client's own `project_attachment` upload, held by the project. */
const attachmentField = (caller: Actor, projectId: string, current: string | null) => ({
  ownerId: caller.id,
  kind: 'project_attachment' as const,
  subjectId: projectId,
  current,
  field: 'attachments',
  message: PROJECT_MESSAGES.invalidAttachment,
});

function assertLocation(country: string | null, state: string | null): void {
  const problem = projectLocationProblem(country, state);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
}

export async function createProject(
  ctx: AppContext,
  caller: Actor,
  userId: string,
  input: CreateProjectInput,
): Promise<ProjectDto> {
  authorize(actsAs(caller, userId), 'You can only post projects as yourself.');
  authorize(canPostProjectAs(caller, userId), PROJECT_MESSAGES.onlyClients);
  assertLocation(input.country, input.state);
  return ctx.transaction(async (tx) => {
    const id = randomUUID();
    const attachments = await setFileField(ctx, tx, {
      ...attachmentField(caller, id, null),
      next: input.attachments,
    });
    const [row] = await tx
      .insert(projects)
      .values({
        id,
        customerId: caller.id,
        ...columnsOf(input),
        attachments,
      })
      .returning(projectColumns);
    await appendRecord(tx, id, {
      type: 'project_posted',
      actorId: caller.id,
      data: { title: row.title, license_type: row.licenseType, country: row.country, state: row.state },
    });
    // Its engineers are alerted after commit by the fan-out worker, never in this request.
    await enqueueProjectAlerts(ctx, tx, id);
    return presentProject(row);
  });
}

/** The fields a client writes (create and edit) and the columns they are kept in. */
const CLIENT_COLUMNS = {
  title: 'title',
  description: 'description',
  specializations: 'specializations',
  license_type: 'licenseType',
  budget: 'budget',
  deadline: 'deadline',
  country: 'country',
  state: 'state',
  notes: 'notes',
  urgency_level: 'urgencyLevel',
} as const;
type ClientField = keyof typeof CLIENT_COLUMNS;
const CLIENT_FIELDS = Object.keys(CLIENT_COLUMNS) as ClientField[];

/**
 * A new project's or an edit's fields as columns: an edit's fields left out stay undefined,
 * which leaves those columns as they are. The attachments go through the file store
 * (setFileField), so each caller sets that column itself.
 */
function columnsOf<I extends UpdateProjectInput>(input: I) {
  return Object.fromEntries(CLIENT_FIELDS.map((f) => [CLIENT_COLUMNS[f], input[f]])) as {
    [F in ClientField as (typeof CLIENT_COLUMNS)[F]]: I[F];
  };
}

/** Loads a project for a change by its owner while open, with the reason when refused. */
async function projectForChange(db: DbOrTx, caller: Actor, id: string): Promise<ProjectFields> {
  const project = await findProject(db, id);
  if (!project) throw notFound(PROJECT_MESSAGES.notFound);
  authorize(isProjectOwner(caller, project), PROJECT_MESSAGES.onlyOwner);
  if (project.status !== 'open') throw conflict(PROJECT_MESSAGES.onlyWhileOpen);
  return project;
}

export async function updateProject(
  ctx: AppContext,
  caller: Actor,
  id: string,
  input: UpdateProjectInput,
): Promise<ProjectDto> {
  const current = await projectForChange(ctx.db, caller, id);
  const country = input.country !== undefined ? input.country : current.country;
  const state = input.state !== undefined ? input.state : current.state;
  assertLocation(country, state);
  // A change of place must name a state where the country has states (docs/PRODUCT.md
  // 'Projects'); an older project left without one keeps it until its place is edited.
  if ((input.country !== undefined || input.state !== undefined) && stateMissing(country, state))
    throw badRequest(PROJECT_MESSAGES.stateRequired, { state: PROJECT_MESSAGES.stateRequired });
  // A deadline that already passed may stay as it is; a new one must not be in the past.
  if (input.deadline && input.deadline !== current.deadline) {
    const late = deadlineProblem(input.deadline, earliestToday(new Date()));
    if (late) throw badRequest(late, { deadline: late });
  }
  return ctx.transaction(async (tx) => {
    const attachments = await setFileField(ctx, tx, {
      ...attachmentField(caller, id, current.attachments),
      next: input.attachments,
    });
    const [row] = await tx
      .update(projects)
      .set({
        ...columnsOf(input),
        attachments,
        updatedAt: new Date(),
      })
      // Guarded: a project assigned meanwhile (checkout) is no longer the owner's to edit.
      .where(and(eq(projects.id, id), eq(projects.customerId, caller.id), eq(projects.status, 'open')))
      .returning(projectColumns);
    if (!row) throw conflict(PROJECT_MESSAGES.onlyWhileOpen);
    const changes = projectChanges(recordedFields(current), recordedFields(row));
    if (changes.length > 0)
      await appendRecord(tx, id, { type: 'project_updated', actorId: caller.id, data: { changes } });
    return presentProject(row);
  });
}

/** A project's fields as its record names them (RECORDED_PROJECT_FIELDS). */
function recordedFields(p: ProjectFields): Record<RecordedProjectField, unknown> {
  const fields = Object.fromEntries(CLIENT_FIELDS.map((f) => [f, p[CLIENT_COLUMNS[f]]]));
  return { ...(fields as Record<ClientField, unknown>), attachments: p.attachments };
}

export async function deleteProject(ctx: AppContext, caller: Actor, id: string): Promise<void> {
  await ctx.transaction(async (tx) => {
    // Locked so no proposal lands between reading the pending ones and the delete.
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).for('update');
    await projectForChange(tx, caller, id);
    if (await hasPaymentRecords(tx, id)) throw conflict(PROJECT_MESSAGES.hasPayments);
    // The pending proposals go with the project (cascade); their engineers are told.
    const pending = await tx
      .select({ engineerId: proposals.engineerId })
      .from(proposals)
      .where(and(eq(proposals.projectId, id), eq(proposals.status, 'pending')));
    const [row] = await tx
      .delete(projects)
      .where(and(eq(projects.id, id), eq(projects.customerId, caller.id), eq(projects.status, 'open')))
      .returning({ id: projects.id, title: projects.title });
    if (!row) throw conflict(PROJECT_MESSAGES.onlyWhileOpen);
    await discardFilesOf(ctx, tx, id);
    for (const p of pending)
      await notify(ctx, p.engineerId, `The project "${row.title}" was withdrawn by its client.`, null, tx);
  });
}

// ---------------------------------------------------------------------------------------
// The deal, called inside the payment operations' transactions (modules/payments).

/** Locks the project row for the rest of the transaction (payments lock project first). */
export async function lockProject(tx: DbOrTx, id: string): Promise<ProjectFields | undefined> {
  const [row] = await tx.select(projectColumns).from(projects).where(eq(projects.id, id)).for('update');
  return row;
}

/**
 * Moves the project to `to` when it is in one of `from`, in one guarded update (the deal's
 * operations decide when: modules/deals). Throws when it was not: the caller's transaction
 * rolls back rather than leave the deal and its project disagreeing.
 */
export async function moveProject(
  tx: DbOrTx,
  id: string,
  from: readonly ProjectStatus[],
  to: ProjectStatus,
): Promise<void> {
  const rows = await tx
    .update(projects)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(projects.id, id), inArray(projects.status, [...from])))
    .returning({ id: projects.id });
  if (rows.length === 0)
    throw new Error(`project ${id} is not in ${from.join(' or ')} and cannot become ${to}`);
}
