// Ticket and reply rows -> the answers' shapes (docs/DEVELOPING.md, 'Who may do what').
import type { Ticket, TicketReply } from '@app/shared';
import type { SupportTicketReplyRow, SupportTicketRow } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/policy.ts';
import { canDeleteTicket, canReplyToTicket, canSeeTicketAddress } from './support.policy.ts';

export function presentTicket(row: SupportTicketRow, viewer: Actor, counterpartName: string | null): Ticket {
  // A dispute's other party reads the ticket, but the reporter's address stays theirs and staff's.
  const email = canSeeTicketAddress(viewer, row) ? row.email : '';
  return {
    id: row.id,
    ticket_number: row.ticketNumber,
    subject: row.subject,
    message: row.message,
    priority: row.priority,
    status: row.status,
    user_id: row.userId,
    user_name: row.userName,
    email,
    customer_email: email,
    assigned_to_id: row.assignedToId,
    support_name: row.supportName,
    project_id: row.projectId,
    kind: row.kind,
    counterpart_id: row.counterpartId,
    counterpart_name: counterpartName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: { reply: canReplyToTicket(viewer, row), delete: canDeleteTicket(viewer, row) },
  };
}

export function presentReply(row: SupportTicketReplyRow): TicketReply {
  return {
    id: row.id,
    ticket_id: row.ticketId,
    sender_id: row.senderId,
    sender_name: row.senderName,
    is_staff: row.isStaff,
    message: row.message,
    attachments: row.attachments,
    created_at: row.createdAt.toISOString(),
  };
}
