// Problem reports (disputes): reading them for the project page (its parties) and the
// support desk, and their rows for the deal's operations (modules/deals: report, withdraw,
// settle), which open and close them in their transactions.
import { DISPUTE_MESSAGES, type DisputeDto, type DisputeStatus } from '@app/shared';
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  type DisputeRow,
  deals,
  disputes,
  payments,
  projects,
  supportTickets,
  users,
} from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { type Actor, authorize, isStaff } from '../../lib/policy.ts';
import { findProject } from '../projects/index.ts';
import { dealOf } from '../submissions/index.ts';
import { canReadDispute, canResolveDispute, canWithdrawDispute } from './disputes.policy.ts';

async function present(db: DbOrTx, row: DisputeRow, actor: Actor): Promise<DisputeDto> {
  const [project] = await db
    .select({ title: projects.title, clientName: users.fullName })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.customerId))
    .where(eq(projects.id, row.projectId));
  const [reporter] = await db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, row.reportedBy));
  const [ticket] = row.ticketId
    ? await db
        .select({ number: supportTickets.ticketNumber })
        .from(supportTickets)
        .where(eq(supportTickets.id, row.ticketId))
    : [];
  // The deal's payment: its engineer, and what is still held in escrow.
  const [payment] = await db
    .select({
      amountCents: payments.amountCents,
      status: payments.status,
      releasedAt: payments.releasedAt,
      engineerName: users.fullName,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.engineerId))
    .where(
      and(
        eq(payments.projectId, row.projectId),
        isNotNull(payments.honouredAt),
        inArray(payments.status, ['succeeded', 'refunded']),
      ),
    )
    .orderBy(desc(payments.succeededAt));
  const held = payment && payment.status === 'succeeded' && !payment.releasedAt ? payment.amountCents : 0;
  // What a split settled: the deal's split (waiting for the refund) or its end amounts.
  const [deal] = await db
    .select({
      split: deals.splitEngineerCents,
      engineerCents: deals.engineerCents,
      feeCents: deals.platformFeeCents,
      clientRefundCents: deals.clientRefundCents,
      amountCents: deals.amountCents,
    })
    .from(deals)
    .where(eq(deals.projectId, row.projectId))
    .orderBy(desc(deals.createdAt))
    .limit(1);
  const splitGross =
    row.status === 'split'
      ? (deal?.split ?? (deal?.engineerCents != null ? deal.engineerCents + (deal.feeCents ?? 0) : null))
      : null;
  return {
    id: row.id,
    project_id: row.projectId,
    project_title: project?.title ?? '',
    ticket_id: row.ticketId,
    ticket_number: ticket?.number ?? null,
    reported_by: row.reportedBy,
    reported_by_name: reporter?.fullName ?? '',
    description: row.description,
    status: row.status,
    resolution_note: row.resolutionNote,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    escrow_cents: held,
    client_name: project?.clientName ?? '',
    engineer_name: payment?.engineerName ?? null,
    engineer_cents: splitGross,
    client_refund_cents:
      row.status === 'split' && splitGross !== null && deal ? deal.amountCents - splitGross : null,
    abilities: { resolve: canResolveDispute(actor, row), withdraw: canWithdrawDispute(actor, row) },
  };
}

export async function presentDispute(ctx: AppContext, row: DisputeRow, actor: Actor): Promise<DisputeDto> {
  return present(ctx.db, row, actor);
}

/** The project's latest problem report (GET /api/projects/{id}/dispute), or null. */
export async function projectDispute(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
): Promise<DisputeDto | null> {
  const project = await findProject(ctx.db, projectId);
  if (!project) throw notFound('Project not found.');
  const [row] = await ctx.db
    .select()
    .from(disputes)
    .where(eq(disputes.projectId, projectId))
    .orderBy(desc(disputes.createdAt))
    .limit(1);
  if (!canReadDispute(actor, await dealOf(ctx.db, project))) {
    // A refund rejects the deal's proposal, so its engineer is no longer the project's: they
    // still read how the problem they were party to ended (the decision's notification links here).
    const [deal] = row
      ? await ctx.db
          .select({ engineerId: payments.engineerId })
          .from(payments)
          .where(and(eq(payments.projectId, projectId), isNotNull(payments.honouredAt)))
          .orderBy(desc(payments.succeededAt))
          .limit(1)
      : [];
    if (!row || row.status === 'open' || deal?.engineerId !== actor.id)
      throw forbidden(DISPUTE_MESSAGES.onlyParties);
  }
  return row ? present(ctx.db, row, actor) : null;
}

/** The problem report a support ticket was opened for (the staff desk), or null. */
export async function ticketDispute(
  ctx: AppContext,
  actor: Actor,
  ticketId: string,
): Promise<DisputeDto | null> {
  authorize(isStaff(actor), DISPUTE_MESSAGES.onlyStaff);
  const [row] = await ctx.db.select().from(disputes).where(eq(disputes.ticketId, ticketId));
  return row ? present(ctx.db, row, actor) : null;
}

/** The open problem report of a project, locked (the project must be locked first). */
export async function lockOpenDispute(tx: DbOrTx, projectId: string): Promise<DisputeRow | undefined> {
  const [row] = await tx
    .select()
    .from(disputes)
    .where(and(eq(disputes.projectId, projectId), eq(disputes.status, 'open'), isNull(disputes.resolvedAt)))
    .for('update');
  return row;
}

export async function lockDispute(tx: DbOrTx, id: string): Promise<DisputeRow | undefined> {
  const [row] = await tx.select().from(disputes).where(eq(disputes.id, id)).for('update');
  return row;
}

export async function findDispute(db: DbOrTx, id: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id));
  return row;
}

/** Opens the project's problem report; one open per project (a unique index refuses a second). */
export async function insertDispute(
  tx: DbOrTx,
  values: { projectId: string; ticketId: string; reportedBy: string; description: string },
): Promise<DisputeRow> {
  const [row] = await tx.insert(disputes).values(values).returning();
  return row;
}

/** open -> how it ended; throws when it was not open any more (the caller's transaction rolls back). */
export async function closeDispute(
  tx: DbOrTx,
  id: string,
  end: { status: Exclude<DisputeStatus, 'open'>; by: string; note: string | null; at: Date },
): Promise<DisputeRow> {
  const [row] = await tx
    .update(disputes)
    .set({ status: end.status, resolutionNote: end.note, resolvedBy: end.by, resolvedAt: end.at })
    .where(and(eq(disputes.id, id), eq(disputes.status, 'open')))
    .returning();
  if (!row) throw new Error(`dispute ${id} is not open`);
  return row;
}

/**
 * A refund or split staff decided was refused by the provider: the problem is open again, so
 * staff can decide anew.
 */
export async function reopenDispute(tx: DbOrTx, projectId: string): Promise<void> {
  const [last] = await tx
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.projectId, projectId), inArray(disputes.status, ['refunded', 'split'])))
    .orderBy(desc(disputes.resolvedAt))
    .limit(1);
  if (last)
    await tx
      .update(disputes)
      .set({ status: 'open', resolvedAt: null, resolvedBy: null })
      .where(eq(disputes.id, last.id));
}
