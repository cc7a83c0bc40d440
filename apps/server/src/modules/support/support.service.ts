// Support tickets: customers open tickets and talk with staff (admins) in a
// conversation of replies; staff assign tickets to themselves and move their status.
// Every reply and status change tells the other side, in the app and (replies) by mail,
// once the change has committed.
import { randomUUID } from 'node:crypto';
import {
  DEAL_MESSAGES,
  SUPPORT_MESSAGES,
  TICKET_ATTACHMENT_NOT_OURS,
  TICKET_STATUS_LABELS,
  type Ticket,
  type TicketListQuery,
  type TicketPage,
  type TicketPriority,
  type TicketReply,
  type TicketStatus,
} from '@app/shared';
import { aliasedTable, and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type SupportTicketRow, supportTicketReplies, supportTickets, users } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { setFileField } from '../files/index.ts';
import { mailEvent, notify } from '../notifications/index.ts';
import {
  canAssignTicketTo,
  canDeleteTicket,
  canReadTicket,
  canReplyToTicket,
  isSupportStaff,
  isTicketPerson,
} from './support.policy.ts';
import { presentReply, presentTicket } from './support.presenter.ts';

/** The signed-in actor with what tickets show of them. */
export type Caller = Actor & { fullName: string; email: string };

const TICKET_NOT_FOUND = 'Ticket not found.';

const staffDeskLink = (adminId: string) => `/admin_dashboard/${adminId}`;
const CUSTOMER_LINK = '/contact';

async function adminIds(tx: DbOrTx): Promise<Array<{ id: string; email: string }>> {
  return tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'admin'));
}

/**
 * Opens a ticket for a user, with their name and e-mail as they are now. Used by the
 * support portal and by a project's problem report (pass its transaction as `tx`).
 */
export async function createTicket(
  ctx: AppContext,
  input: {
    userId: string;
    subject: string;
    message: string;
    priority: TicketPriority;
    projectId?: string | null;
    /** A problem report's ticket: the deal's other party takes part, and it cannot be deleted. */
    dispute?: { counterpartId: string };
  },
  tx?: DbOrTx,
): Promise<SupportTicketRow> {
  if (!tx) return ctx.transaction((t) => createTicket(ctx, input, t));
  const [user] = await tx
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED', SUPPORT_MESSAGES.signInRequired);
  const [row] = await tx
    .insert(supportTickets)
    .values({
      userId: user.id,
      userName: user.fullName,
      email: user.email,
      subject: input.subject,
      message: input.message,
      priority: input.priority,
      projectId: input.projectId ?? null,
      kind: input.dispute ? 'dispute' : 'general',
      counterpartId: input.dispute?.counterpartId ?? null,
    })
    .returning();
  for (const admin of await adminIds(tx)) {
    if (admin.id === user.id) continue;
    await notify(
      ctx,
      admin.id,
      `New support ticket ${row.ticketNumber} from ${row.userName}: ${row.subject}`,
      staffDeskLink(admin.id),
      tx,
    );
  }
  return row;
}

const counterparts = aliasedTable(users, 'counterpart');

/** Ticket rows with the name of a dispute's other party. */
function ticketsWithCounterpart(db: DbOrTx) {
  return db
    .select({ ticket: supportTickets, counterpartName: counterparts.fullName })
    .from(supportTickets)
    .leftJoin(counterparts, eq(counterparts.id, supportTickets.counterpartId));
}

async function present(db: DbOrTx, viewer: Actor, row: SupportTicketRow): Promise<Ticket> {
  const [name] = row.counterpartId
    ? await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, row.counterpartId))
    : [];
  return presentTicket(row, viewer, name?.fullName ?? null);
}

/** The caller's tickets, newest first: those they opened and the disputes they are the other party of. */
export async function listMyTickets(ctx: AppContext, caller: Actor): Promise<Ticket[]> {
  const rows = await ticketsWithCounterpart(ctx.db)
    .where(or(eq(supportTickets.userId, caller.id), eq(supportTickets.counterpartId, caller.id)))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.ticketNumber))
    .limit(500);
  return rows.map((r) => presentTicket(r.ticket, caller, r.counterpartName));
}

/** `%` and `_` typed by a person are letters, not wildcards. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The staff desk: every ticket, searched, filtered and paged, newest first. */
export async function listTickets(
  ctx: AppContext,
  caller: Actor,
  query: Required<Pick<TicketListQuery, 'page' | 'pageSize'>> & {
    search?: string;
    status?: TicketStatus;
    priority?: TicketPriority;
  },
): Promise<TicketPage> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(supportTickets.status, query.status));
  if (query.priority) conditions.push(eq(supportTickets.priority, query.priority));
  if (query.search) {
    const p = likePattern(query.search);
    conditions.push(
      or(
        ilike(supportTickets.subject, p),
        ilike(supportTickets.message, p),
        ilike(supportTickets.ticketNumber, p),
        ilike(supportTickets.userName, p),
        ilike(supportTickets.email, p),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const page = Number(query.page);
  const pageSize = Number(query.pageSize);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.ticketNumber))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ total: count() }).from(supportTickets).where(where),
  ]);
  const items = await Promise.all(rows.map((r) => present(ctx.db, caller, r)));
  return { items, total: Number(total), page, pageSize };
}

async function findTicket(tx: DbOrTx, id: string): Promise<SupportTicketRow | undefined> {
  const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).limit(1);
  return row;
}

/** A ticket the caller may read: their own, or any for staff. Others' tickets do not exist for them. */
async function readableTicket(tx: DbOrTx, caller: Caller, id: string): Promise<SupportTicketRow> {
  const row = await findTicket(tx, id);
  if (!row || !canReadTicket(caller, row)) throw notFound(TICKET_NOT_FOUND);
  return row;
}

export async function getTicket(ctx: AppContext, caller: Caller, id: string): Promise<Ticket> {
  return present(ctx.db, caller, await readableTicket(ctx.db, caller, id));
}

/** The conversation of a ticket, oldest first. */
export async function listReplies(ctx: AppContext, caller: Caller, ticketId: string): Promise<TicketReply[]> {
  await readableTicket(ctx.db, caller, ticketId);
  const rows = await ctx.db
    .select()
    .from(supportTicketReplies)
    .where(eq(supportTicketReplies.ticketId, ticketId))
    .orderBy(asc(supportTicketReplies.createdAt), asc(supportTicketReplies.id));
  return rows.map(presentReply);
}

/**
 * Adds a reply, with a file if given. A staff reply notifies the ticket's people (its
 * customer and, for a dispute, the deal's other party); a customer's reply notifies the other
 * party of a dispute and the assigned staff member, or every admin while nobody has taken the
 * ticket. A customer answering a closed ticket opens it again.
 */
export async function addReply(
  ctx: AppContext,
  caller: Caller,
  ticketId: string,
  reply: { message: string; attachments: string | null },
): Promise<TicketReply> {
  const { message } = reply;
  return ctx.transaction(async (tx) => {
    const ticket = await findTicket(tx, ticketId);
    if (!ticket || !canReplyToTicket(caller, ticket)) throw notFound(TICKET_NOT_FOUND);
    const fromStaff = isSupportStaff(caller) && !isTicketPerson(caller, ticket);
    const id = randomUUID();
    const attachments = await setFileField(ctx, tx, {
      ownerId: caller.id,
      kind: 'ticket_attachment',
      subjectId: id,
      current: null,
      next: reply.attachments,
      field: 'attachments',
      message: TICKET_ATTACHMENT_NOT_OURS,
    });
    const [row] = await tx
      .insert(supportTicketReplies)
      .values({
        id,
        ticketId,
        senderId: caller.id,
        senderName: caller.fullName,
        isStaff: fromStaff,
        message,
        attachments,
      })
      .returning();
    await tx
      .update(supportTickets)
      .set({ updatedAt: new Date(), ...(!fromStaff && ticket.status === 'closed' ? { status: 'open' } : {}) })
      .where(eq(supportTickets.id, ticketId));

    const mail = {
      subject: `New reply on ticket ${ticket.ticketNumber}`,
      lines: [`${caller.fullName} replied to “${ticket.subject}”:`, message],
    };
    // The ticket's people other than the writer: its customer and a dispute's other party.
    const people = [ticket.userId, ticket.counterpartId].filter(
      (id): id is string => !!id && id !== caller.id,
    );
    for (const personId of people) {
      const [person] = await tx.select({ email: users.email }).from(users).where(eq(users.id, personId));
      await notify(
        ctx,
        personId,
        fromStaff
          ? `Support replied to your ticket ${ticket.ticketNumber}: ${ticket.subject}`
          : `${caller.fullName} replied to ticket ${ticket.ticketNumber}: ${ticket.subject}`,
        CUSTOMER_LINK,
        tx,
      );
      if (person)
        await mailEvent(ctx, tx, person.email, {
          ...mail,
          action: { label: 'View the ticket', url: `${ctx.config.publicUrl}/#${CUSTOMER_LINK}` },
        });
    }
    if (!fromStaff) {
      let staff: Array<{ id: string; email: string }>;
      if (ticket.assignedToId) {
        staff = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(eq(users.id, ticket.assignedToId));
      } else staff = await adminIds(tx);
      for (const member of staff) {
        if (member.id === caller.id) continue;
        await notify(
          ctx,
          member.id,
          `${caller.fullName} replied to ticket ${ticket.ticketNumber}: ${ticket.subject}`,
          staffDeskLink(member.id),
          tx,
        );
        await mailEvent(ctx, tx, member.email, {
          ...mail,
          action: {
            label: 'Open the support desk',
            url: `${ctx.config.publicUrl}/#${staffDeskLink(member.id)}`,
          },
        });
      }
    }
    return presentReply(row);
  });
}

/**
 * What staff decided on a ticket, inside the transaction that carries the decision out
 * (a dispute settled): written on the ticket as a staff reply, and the ticket closed.
 * The people concerned are told by the operation itself.
 */
export async function recordStaffDecision(
  tx: DbOrTx,
  input: { ticketId: string; staff: { id: string; fullName: string }; message: string },
): Promise<void> {
  await tx.insert(supportTicketReplies).values({
    ticketId: input.ticketId,
    senderId: input.staff.id,
    senderName: input.staff.fullName,
    isStaff: true,
    message: input.message,
  });
  await tx
    .update(supportTickets)
    .set({ status: 'closed', updatedAt: new Date() })
    .where(eq(supportTickets.id, input.ticketId));
}

/**
 * Staff take an unassigned ticket. The update only matches while nobody holds the
 * ticket, so of two staff members assigning at once exactly one wins.
 */
export async function assignTicket(
  ctx: AppContext,
  caller: Caller,
  ticketId: string,
  assigneeId: string,
): Promise<Ticket> {
  authorize(isSupportStaff(caller));
  authorize(canAssignTicketTo(caller, assigneeId), 'You can only assign tickets to yourself.');
  const [row] = await ctx.db
    .update(supportTickets)
    .set({ assignedToId: caller.id, supportName: caller.fullName, updatedAt: new Date() })
    .where(and(eq(supportTickets.id, ticketId), isNull(supportTickets.assignedToId)))
    .returning();
  if (row) return present(ctx.db, caller, row);
  const existing = await findTicket(ctx.db, ticketId);
  if (!existing) throw notFound(TICKET_NOT_FOUND);
  throw conflict(
    existing.assignedToId === caller.id
      ? 'This ticket is already assigned to you.'
      : `This ticket is already assigned to ${existing.supportName ?? 'another staff member'}.`,
  );
}

/** Staff move a ticket between open, pending and closed; the owner is told. */
export async function updateTicketStatus(
  ctx: AppContext,
  caller: Caller,
  ticketId: string,
  status: TicketStatus,
): Promise<Ticket> {
  authorize(isSupportStaff(caller));
  return ctx.transaction(async (tx) => {
    const current = await findTicket(tx, ticketId);
    if (!current) throw notFound(TICKET_NOT_FOUND);
    if (current.status === status) return present(tx, caller, current);
    const [row] = await tx
      .update(supportTickets)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.status, current.status)))
      .returning();
    if (!row) throw conflict('The ticket was changed meanwhile. Reload it and try again.');
    if (row.userId && row.userId !== caller.id) {
      await notify(
        ctx,
        row.userId,
        `Your ticket ${row.ticketNumber} is now ${TICKET_STATUS_LABELS[status].toLowerCase()}: ${row.subject}`,
        CUSTOMER_LINK,
        tx,
      );
    }
    return present(tx, caller, row);
  });
}

/**
 * The customer who opened a ticket deletes it, with its conversation. A dispute's ticket stays
 * (409): it holds the deal's problem until support settles it or its reporter withdraws it.
 */
export async function deleteTicket(ctx: AppContext, caller: Caller, ticketId: string): Promise<void> {
  const existing = await findTicket(ctx.db, ticketId);
  if (!existing || !canReadTicket(caller, existing)) throw notFound(TICKET_NOT_FOUND);
  if (existing.kind === 'dispute' && isTicketPerson(caller, existing))
    throw conflict(DEAL_MESSAGES.disputeTicketKept);
  authorize(canDeleteTicket(caller, existing), 'Only the customer who opened a ticket can delete it.');
  await ctx.db
    .delete(supportTickets)
    .where(
      and(
        eq(supportTickets.id, ticketId),
        eq(supportTickets.userId, caller.id),
        eq(supportTickets.kind, 'general'),
      ),
    );
}

/** Closes a ticket with a note in its conversation (a dispute withdrawn), in the caller's transaction. */
export async function closeTicketWithNote(
  tx: DbOrTx,
  input: { ticketId: string; by: { id: string; fullName: string }; message: string },
): Promise<void> {
  await tx.insert(supportTicketReplies).values({
    ticketId: input.ticketId,
    senderId: input.by.id,
    senderName: input.by.fullName,
    isStaff: false,
    message: input.message,
  });
  await tx
    .update(supportTickets)
    .set({ status: 'closed', updatedAt: new Date() })
    .where(eq(supportTickets.id, input.ticketId));
}
