// Ticket and reply rows -> the answers' shapes (docs/DEVELOPING.md, 'Who may do what').
import type { Ticket, TicketReply } from '@app/shared';
import type { SupportTicketReplyRow, SupportTicketRow } from '../../db/schema/index.ts';

export function presentTicket(row: SupportTicketRow): Ticket {
  return {
    id: row.id,
    ticket_number: row.ticketNumber,
    subject: row.subject,
    message: row.message,
    priority: row.priority,
    status: row.status,
    user_id: row.userId,
    user_name: row.userName,
    email: row.email,
    customer_email: row.email,
    assigned_to_id: row.assignedToId,
    support_name: row.supportName,
    project_id: row.projectId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
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
    created_at: row.createdAt.toISOString(),
  };
}
