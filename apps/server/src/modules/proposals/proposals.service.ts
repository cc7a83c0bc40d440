// Proposals: applying (with the original design's eligibility checked on the database's facts),
// reading, changing and withdrawing while pending, and the owner's rejection. Acceptance
// happens through contract and checkout (payments), never through the status call.
import {
  type CreateProposalBody,
  checkApplyEligibility,
  type EligibilityDto,
  type EngineerProposalDto,
  type EngineerSetupDto,
  engineerSetup,
  licensesFittingProject,
  PROPOSAL_MESSAGES,
  type ProjectProposalDto,
  type ProposalDto,
  type ProposalStatus,
  type ProposalStatusBody,
  type UpdateProposalBody,
} from '@app/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  engineerAccounts,
  type ProposalRow,
  payoutAccounts,
  projectInvitations,
  projects,
  proposals,
  users,
} from '../../db/schema/index.ts';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { type Actor, actsAs, authorize } from '../../lib/policy.ts';
import { heldLicenses, heldLicensesOf } from '../licenses/index.ts';
import { notify } from '../notifications/index.ts';
import { hasLiveCheckout } from '../payments/index.ts';
import { canListProjectProposals, findProject, isProjectOwner } from '../projects/index.ts';
import { appendRecord } from '../record-chain/index.ts';
import { canChangeProposal, canDecideProposal, canProposeAs, canReadProposal } from './proposals.policy.ts';
import { presentProposal } from './proposals.presenter.ts';

/** What the project's record keeps of a proposal. */
const proposalData = (row: ProposalRow) => ({
  proposal_id: row.id,
  engineer_id: row.engineerId,
  license_type: row.licenseType,
  amount_cents: row.proposedAmount,
  delivery_days: row.deliveryDays,
});

type ProjectFacts = {
  id: string;
  customerId: string;
  licenseType: string | null;
  status: string;
  country: string | null;
  state: string | null;
};

/** The project facts a proposal is judged by, share-locked: it cannot be assigned, edited or deleted meanwhile. */
async function lockProjectFacts(tx: DbOrTx, projectId: string) {
  const [project] = await tx
    .select({
      id: projects.id,
      customerId: projects.customerId,
      licenseType: projects.licenseType,
      status: projects.status,
      title: projects.title,
      country: projects.country,
      state: projects.state,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('share');
  return project;
}

/** What the eligibility rule needs to know about an engineer and a project, read in `db`. */
async function eligibilityFor(db: DbOrTx, engineerId: string, project: ProjectFacts, now: Date) {
  // One after another: inside a transaction the queries share one connection.
  const held = await heldLicenses(db, engineerId);
  const [payout] = await db
    .select({ payoutsEnabled: payoutAccounts.payoutsEnabled })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, engineerId));
  const applied = await hasStandingProposal(db, project.id, engineerId);
  const result = checkApplyEligibility({
    licenses: held,
    payoutsEnabled: payout?.payoutsEnabled ?? false,
    projectLicenseType: project.licenseType,
    projectPlace: { country: project.country, state: project.state },
    alreadyApplied: applied,
    isOwner: project.customerId === engineerId,
    today: now,
  });
  return { result, held };
}

/** The HTTP status a refusal deserves: a repeat is a conflict, the rest are not allowed. */
function eligibilityError(message: string): AppError {
  if (message === PROPOSAL_MESSAGES.alreadyApplied) return conflict(message);
  return forbidden(message);
}

/** GET /api/proposals/eligibility/{projectId}: the message the dialog shows before opening. */
export async function checkEligibility(
  ctx: AppContext,
  caller: Actor,
  projectId: string,
): Promise<EligibilityDto> {
  const project = await findProject(ctx.db, projectId);
  if (!project) throw notFound('Project not found');
  if (project.customerId === caller.id) return { ok: false, message: PROPOSAL_MESSAGES.ownProject };
  if (!canProposeAs(caller, caller.id)) return { ok: false, message: PROPOSAL_MESSAGES.onlyEngineers };
  const { result } = await eligibilityFor(ctx.db, caller.id, project, new Date());
  if (!result.ok) return result;
  if (project.status !== 'open') return { ok: false, message: PROPOSAL_MESSAGES.projectNotOpen };
  return { ok: true };
}

/** GET /api/proposals/setup: the caller's checklist before proposing (engineers only). */
export async function getEngineerSetup(ctx: AppContext, caller: Actor): Promise<EngineerSetupDto> {
  authorize(canProposeAs(caller, caller.id), PROPOSAL_MESSAGES.onlyEngineers);
  const [held, [payout], [profile]] = await Promise.all([
    heldLicenses(ctx.db, caller.id),
    ctx.db
      .select({ payoutsEnabled: payoutAccounts.payoutsEnabled })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, caller.id)),
    ctx.db
      .select({ id: engineerAccounts.id })
      .from(engineerAccounts)
      .where(eq(engineerAccounts.userId, caller.id)),
  ]);
  const steps = engineerSetup({
    hasProfile: !!profile,
    licenses: held,
    payoutsEnabled: payout?.payoutsEnabled ?? false,
    today: new Date(),
  });
  return { done: steps.every((s) => s.done), steps };
}

/**
 * The licence type named in a proposal: the project's required type when it has one, and
 * one the engineer holds as a valid verified licence for the project's jurisdiction.
 */
function assertProposalLicense(
  licenseType: string,
  project: ProjectFacts,
  held: Parameters<typeof licensesFittingProject>[0],
  now: Date,
) {
  if (project.licenseType && licenseType !== project.licenseType) {
    const message = `This project requires a ${project.licenseType} license.`;
    throw badRequest(message, { license_type: message });
  }
  if (!licensesFittingProject(held, project, now).some((l) => l.license_type === licenseType))
    throw badRequest(PROPOSAL_MESSAGES.noMatchingLicense, {
      license_type: PROPOSAL_MESSAGES.noMatchingLicense,
    });
}

export async function createProposal(
  ctx: AppContext,
  caller: Actor & { fullName: string },
  engineerId: string,
  body: CreateProposalBody & { proposed_amount: number },
): Promise<ProposalDto> {
  authorize(actsAs(caller, engineerId), 'You can only submit proposals as yourself.');
  const now = new Date();
  return ctx.transaction(async (tx) => {
    const project = await lockProjectFacts(tx, body.project_id);
    if (!project) throw notFound('Project not found');
    authorize(!isProjectOwner(caller, project), PROPOSAL_MESSAGES.ownProject);
    authorize(canProposeAs(caller, engineerId), PROPOSAL_MESSAGES.onlyEngineers);
    const { result, held } = await eligibilityFor(tx, caller.id, project, now);
    if (!result.ok) throw eligibilityError(result.message);
    if (project.status !== 'open') throw conflict(PROPOSAL_MESSAGES.projectNotOpen);
    assertProposalLicense(body.license_type, project, held, now);
    const [row] = await tx
      .insert(proposals)
      .values({
        projectId: project.id,
        engineerId: caller.id,
        description: body.description,
        licenseType: body.license_type,
        proposedAmount: body.proposed_amount,
        deliveryDays: body.delivery_days,
      })
      // A racing twin of this request lands first: the unique index of live proposals answers for it.
      .onConflictDoNothing({
        target: [proposals.projectId, proposals.engineerId],
        where: sql`${proposals.status} in ('pending', 'accepted')`,
      })
      .returning();
    if (!row) throw conflict(PROPOSAL_MESSAGES.alreadyApplied);
    await notify(
      ctx,
      project.customerId,
      `New proposal from ${caller.fullName} on "${project.title}".`,
      `/project_details/${project.id}`,
      tx,
    );
    await appendRecord(tx, project.id, {
      type: 'proposal_sent',
      actorId: caller.id,
      data: proposalData(row),
    });
    return presentProposal(row);
  });
}

async function proposalWithProject(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      proposal: proposals,
      project: {
        id: projects.id,
        customerId: projects.customerId,
        title: projects.title,
        status: projects.status,
      },
    })
    .from(proposals)
    .innerJoin(projects, eq(projects.id, proposals.projectId))
    .where(eq(proposals.id, id));
  if (!row) throw notFound(PROPOSAL_MESSAGES.notFound);
  return row;
}

export async function getProposal(ctx: AppContext, caller: Actor, id: string): Promise<ProposalDto> {
  const { proposal, project } = await proposalWithProject(ctx.db, id);
  authorize(canReadProposal(caller, proposal, project), 'You can only read your own proposals.');
  return presentProposal(proposal);
}

export async function listProjectProposals(
  ctx: AppContext,
  caller: Actor,
  projectId: string,
): Promise<ProjectProposalDto[]> {
  const project = await findProject(ctx.db, projectId);
  if (!project) throw notFound('Project not found');
  if (!canListProjectProposals(caller, project))
    throw forbidden('Only the project owner can see its proposals.');
  const rows = await ctx.db
    .select({ proposal: proposals, fullName: users.fullName, profilePicture: users.profilePicture })
    .from(proposals)
    .innerJoin(users, eq(users.id, proposals.engineerId))
    .where(eq(proposals.projectId, projectId))
    .orderBy(sql`${proposals.createdAt} desc`, sql`${proposals.id} desc`);
  const engineerIds = [...new Set(rows.map((r) => r.proposal.engineerId))];
  const held = await heldLicensesOf(ctx.db, engineerIds);
  const now = new Date();
  return rows.map((r) => {
    const own = held.get(r.proposal.engineerId) ?? [];
    const fitting = licensesFittingProject(
      own,
      { licenseType: r.proposal.licenseType, country: project.country, state: project.state },
      now,
    );
    return {
      ...presentProposal(r.proposal),
      full_name: r.fullName,
      profile_picture: r.profilePicture,
      licensed_in: [...new Set(fitting.map((l) => `${l.issue_state}, ${l.issue_country}`))],
    };
  });
}

export async function listEngineerProposals(
  ctx: AppContext,
  caller: Actor,
  engineerId: string,
  status: ProposalStatus | undefined,
): Promise<EngineerProposalDto[]> {
  authorize(actsAs(caller, engineerId), 'You can only list your own proposals.');
  const rows = await ctx.db
    .select({ proposal: proposals, projectTitle: projects.title, projectStatus: projects.status })
    .from(proposals)
    .innerJoin(projects, eq(projects.id, proposals.projectId))
    .where(and(eq(proposals.engineerId, engineerId), status ? eq(proposals.status, status) : undefined))
    .orderBy(sql`${proposals.createdAt} desc nulls last`, sql`${proposals.id} desc`);
  return rows.map((r) => ({
    ...presentProposal(r.proposal),
    project_title: r.projectTitle,
    project_status: r.projectStatus,
  }));
}

export async function countProposals(ctx: AppContext, projectId: string): Promise<{ count: number }> {
  const project = await findProject(ctx.db, projectId);
  if (!project) throw notFound('Project not found');
  const [row] = await ctx.db.select({ n: count() }).from(proposals).where(eq(proposals.projectId, projectId));
  return { count: Number(row.n) };
}

/**
 * Shares the lock a checkout takes on the proposal's project (checkout locks the project
 * first too), so no checkout starts between the live-checkout check and the change.
 */
async function lockProjectOfProposal(tx: DbOrTx, proposalId: string): Promise<void> {
  await tx
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(proposals, eq(proposals.projectId, projects.id))
    .where(eq(proposals.id, proposalId))
    .for('share', { of: projects });
}

/** Loads a proposal its engineer wants to change, with the reason when refused. */
async function proposalForChange(db: DbOrTx, caller: Actor, id: string) {
  const found = await proposalWithProject(db, id);
  if (found.proposal.engineerId !== caller.id) throw forbidden('You can only change your own proposals.');
  if (!canChangeProposal(caller, found.proposal)) throw conflict(PROPOSAL_MESSAGES.onlyPending);
  if (await hasLiveCheckout(db, id)) throw conflict(PROPOSAL_MESSAGES.checkoutInProgress);
  return found;
}

export async function updateProposal(
  ctx: AppContext,
  caller: Actor,
  id: string,
  body: UpdateProposalBody & { proposed_amount: number },
): Promise<ProposalDto> {
  const now = new Date();
  return ctx.transaction(async (tx) => {
    await lockProjectOfProposal(tx, id);
    const { proposal } = await proposalForChange(tx, caller, id);
    if (body.project_id && body.project_id !== proposal.projectId)
      throw badRequest(PROPOSAL_MESSAGES.projectMismatch, { project_id: PROPOSAL_MESSAGES.projectMismatch });
    const project = await lockProjectFacts(tx, proposal.projectId);
    if (project.status !== 'open') throw conflict(PROPOSAL_MESSAGES.projectNotOpen);
    const held = await heldLicenses(tx, caller.id);
    assertProposalLicense(body.license_type, project, held, now);
    const [row] = await tx
      .update(proposals)
      .set({
        description: body.description,
        licenseType: body.license_type,
        proposedAmount: body.proposed_amount,
        deliveryDays: body.delivery_days,
        updatedAt: now,
      })
      // Guarded: a proposal rejected or accepted meanwhile stays as decided.
      .where(and(eq(proposals.id, id), eq(proposals.engineerId, caller.id), eq(proposals.status, 'pending')))
      .returning();
    if (!row) throw conflict(PROPOSAL_MESSAGES.onlyPending);
    await appendRecord(tx, row.projectId, {
      type: 'proposal_updated',
      actorId: caller.id,
      data: proposalData(row),
    });
    return presentProposal(row);
  });
}

export async function withdrawProposal(ctx: AppContext, caller: Actor, id: string): Promise<void> {
  await ctx.transaction(async (tx) => {
    await lockProjectOfProposal(tx, id);
    await proposalForChange(tx, caller, id);
    const rows = await tx
      .delete(proposals)
      .where(and(eq(proposals.id, id), eq(proposals.engineerId, caller.id), eq(proposals.status, 'pending')))
      .returning({ id: proposals.id, projectId: proposals.projectId });
    if (rows.length === 0) throw conflict(PROPOSAL_MESSAGES.onlyPending);
    await appendRecord(tx, rows[0].projectId, {
      type: 'proposal_withdrawn',
      actorId: caller.id,
      data: { proposal_id: id },
    });
  });
}

/** PUT /api/proposals/status/{userId}: the owner rejects a pending proposal. */
export async function setProposalStatus(
  ctx: AppContext,
  caller: Actor,
  userId: string,
  body: ProposalStatusBody,
): Promise<ProposalDto> {
  authorize(actsAs(caller, userId), 'You can only decide proposals as yourself.');
  return ctx.transaction(async (tx) => {
    const { proposal, project } = await proposalWithProject(tx, body.proposal_id);
    if (!canDecideProposal(caller, project))
      throw forbidden('Only the project owner can decide its proposals.');
    if (body.new_status === 'accepted') throw badRequest(PROPOSAL_MESSAGES.acceptThroughCheckout);
    if (body.new_status === 'pending') throw badRequest('A decided proposal cannot be set back to pending.');
    const [row] = await tx
      .update(proposals)
      .set({ status: 'rejected', updatedAt: new Date() })
      .where(and(eq(proposals.id, proposal.id), eq(proposals.status, 'pending')))
      .returning();
    if (!row) throw conflict(PROPOSAL_MESSAGES.onlyRejectPending);
    await notify(
      ctx,
      row.engineerId,
      `Your proposal for "${project.title}" was rejected.`,
      `/project_details/${project.id}`,
      tx,
    );
    await appendRecord(tx, project.id, {
      type: 'proposal_rejected',
      actorId: caller.id,
      data: { proposal_id: row.id, engineer_id: row.engineerId },
    });
    return presentProposal(row);
  });
}

// ---------------------------------------------------------------------------------------
// The deal, called inside the payment operations' transactions (modules/payments): a
// successful payment accepts its proposal and rejects the others; its refund undoes it.

/** pending -> accepted, guarded; null when the proposal is no longer pending. */
export async function acceptProposal(tx: DbOrTx, proposalId: string): Promise<ProposalRow | null> {
  const [row] = await tx
    .update(proposals)
    .set({ status: 'accepted', rejectedByPaymentId: null, updatedAt: new Date() })
    .where(and(eq(proposals.id, proposalId), eq(proposals.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Rejects the project's other pending proposals because `paymentId` made the deal; answers them. */
export async function rejectOtherProposals(
  tx: DbOrTx,
  projectId: string,
  acceptedId: string,
  paymentId: string,
): Promise<ProposalRow[]> {
  return tx
    .update(proposals)
    .set({ status: 'rejected', rejectedByPaymentId: paymentId, updatedAt: new Date() })
    .where(
      and(
        eq(proposals.projectId, projectId),
        eq(proposals.status, 'pending'),
        sql`${proposals.id} <> ${acceptedId}`,
      ),
    )
    .returning();
}

/**
 * A refunded deal: the accepted proposal becomes rejected (docs/PRODUCT.md#money), and the
 * proposals that were rejected only because of that deal are pending again (unless the
 * project is closing: `restoreOthers` false).
 */
export async function unwindAcceptance(
  tx: DbOrTx,
  proposalId: string,
  paymentId: string,
  { restoreOthers = true }: { restoreOthers?: boolean } = {},
): Promise<{ rejected: ProposalRow | null; restored: ProposalRow[] }> {
  const now = new Date();
  const [rejected] = await tx
    .update(proposals)
    .set({ status: 'rejected', updatedAt: now })
    .where(and(eq(proposals.id, proposalId), eq(proposals.status, 'accepted')))
    .returning();
  if (!restoreOthers) return { rejected: rejected ?? null, restored: [] };
  const restored = await tx
    .update(proposals)
    .set({ status: 'pending', rejectedByPaymentId: null, updatedAt: now })
    .where(and(eq(proposals.rejectedByPaymentId, paymentId), eq(proposals.status, 'rejected')))
    .returning();
  return { rejected: rejected ?? null, restored };
}

/**
 * Whether the engineer's proposal on the project still answers for them ('Already Applied'):
 * a live one (pending or accepted), or an ended one (rejected, or its deal refunded) unless the
 * client invited them again since it ended; the ended one then stays in history beside the
 * new proposal (docs/DEALS.md).
 */
export async function hasStandingProposal(
  db: DbOrTx,
  projectId: string,
  engineerId: string,
): Promise<boolean> {
  const history = await proposalHistory(db, projectId, engineerId);
  if (history.live) return true;
  if (!history.ended) return false;
  const [invited] = await db
    .select({ at: projectInvitations.createdAt })
    .from(projectInvitations)
    .where(and(eq(projectInvitations.projectId, projectId), eq(projectInvitations.engineerId, engineerId)));
  return !invited || invited.at <= history.ended;
}

/** The engineer whose proposal the project's client accepted (paid for), or null. */
export async function acceptedEngineerOf(db: DbOrTx, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ engineerId: proposals.engineerId })
    .from(proposals)
    .where(and(eq(proposals.projectId, projectId), eq(proposals.status, 'accepted')));
  return row?.engineerId ?? null;
}

/**
 * An engineer's proposals on a project: the live one (pending or accepted), if any, and when
 * the last one ended (rejected: another was chosen, or its deal was refunded).
 */
export async function proposalHistory(
  db: DbOrTx,
  projectId: string,
  engineerId: string,
): Promise<{ live: ProposalRow | null; ended: Date | null }> {
  const rows = await db
    .select()
    .from(proposals)
    .where(and(eq(proposals.projectId, projectId), eq(proposals.engineerId, engineerId)));
  const live = rows.find((r) => r.status !== 'rejected') ?? null;
  const ended = rows
    .filter((r) => r.status === 'rejected')
    .reduce<Date | null>((last, r) => (!last || r.updatedAt > last ? r.updatedAt : last), null);
  return { live, ended };
}
