// Demo support tickets: every status and priority, some taken by the demo admin, with
// conversations, so the staff desk and the customers' portals have something to show.
import type { TicketPriority, TicketStatus } from '@app/shared';
import type { DbOrTx } from '../db/client.ts';
import { supportTicketReplies, supportTickets } from '../db/schema/index.ts';
import type { SeededUsers } from './users.ts';

type DemoTicket = {
  customer: string;
  subject: string;
  message: string;
  priority: TicketPriority;
  status: TicketStatus;
  assigned: boolean;
  daysAgo: number;
  replies: Array<{ staff: boolean; message: string }>;
};

const TICKETS: DemoTicket[] = [
  {
    customer: 'client',
    subject: 'Payment charged twice for one project',
    message:
      'My card shows two charges for the structural review of my deck project. Could you check and refund the duplicate?',
    priority: 'urgent',
    status: 'open',
    assigned: true,
    daysAgo: 1,
    replies: [
      {
        staff: true,
        message:
          'Thanks for reporting this. I can see both charges and have asked the payment provider about the second one.',
      },
      { staff: false, message: 'Thank you. The second charge is still pending on my statement.' },
    ],
  },
  {
    customer: 'engineer',
    subject: 'Licence verification taking long',
    message:
      'I uploaded my PE licence for California five days ago and it is still pending. Is anything missing?',
    priority: 'high',
    status: 'pending',
    assigned: true,
    daysAgo: 3,
    replies: [
      {
        staff: true,
        message:
          'We are waiting for the state board to confirm your licence number. We will update you as soon as they answer.',
      },
    ],
  },
  {
    customer: 'client2',
    subject: 'How do I change my project deadline?',
    message: 'I posted a retaining wall project but need to move the deadline by two weeks.',
    priority: 'low',
    status: 'closed',
    assigned: true,
    daysAgo: 9,
    replies: [
      {
        staff: true,
        message: 'Open the project details page and choose Update Project: the deadline is in that form.',
      },
      { staff: false, message: 'Found it, thanks!' },
    ],
  },
  {
    customer: 'eng2',
    subject: 'Payout not received',
    message: 'My payout for the HVAC load calculation was due last Sunday but has not arrived in my account.',
    priority: 'high',
    status: 'open',
    assigned: false,
    daysAgo: 0,
    replies: [],
  },
  {
    customer: 'client3',
    subject: 'Question about stamped drawings for permits',
    message: 'Will the stamped drawings be accepted by the City of Austin permitting office?',
    priority: 'medium',
    status: 'open',
    assigned: false,
    daysAgo: 2,
    replies: [],
  },
  {
    customer: 'eng3',
    subject: 'Cannot upload my deliverable PDF',
    message: 'The upload stops at 90% every time for a 20 MB signed PDF.',
    priority: 'medium',
    status: 'pending',
    assigned: true,
    daysAgo: 5,
    replies: [
      {
        staff: true,
        message: 'Could you tell us which browser you use? Meanwhile, please try again from another network.',
      },
    ],
  },
  {
    customer: 'client',
    subject: 'Update company name on invoices',
    message: 'Our company was renamed; please show the new name on future receipts.',
    priority: 'low',
    status: 'closed',
    assigned: false,
    daysAgo: 14,
    replies: [],
  },
  {
    customer: 'eng4',
    subject: 'Client unresponsive after submission',
    message: 'I submitted the final drawings a week ago and the client has not accepted or rejected them.',
    priority: 'urgent',
    status: 'pending',
    assigned: false,
    daysAgo: 6,
    replies: [{ staff: false, message: 'Any update? The project is still waiting.' }],
  },
];

export async function seedSupport(tx: DbOrTx, people: SeededUsers): Promise<void> {
  const admin = people.admin;
  const now = Date.now();
  for (const t of TICKETS) {
    const customer = people[t.customer];
    const createdAt = new Date(now - t.daysAgo * 86_400_000 - 3_600_000);
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        userId: customer.id,
        userName: customer.fullName,
        email: customer.email,
        subject: t.subject,
        message: t.message,
        priority: t.priority,
        status: t.status,
        assignedToId: t.assigned ? admin.id : null,
        supportName: t.assigned ? admin.fullName : null,
        createdAt,
        updatedAt: new Date(createdAt.getTime() + t.replies.length * 1_800_000),
      })
      .returning({ id: supportTickets.id });
    if (t.replies.length) {
      await tx.insert(supportTicketReplies).values(
        t.replies.map((r, i) => ({
          ticketId: ticket.id,
          senderId: r.staff ? admin.id : customer.id,
          senderName: r.staff ? admin.fullName : customer.fullName,
          isStaff: r.staff,
          message: r.message,
          createdAt: new Date(createdAt.getTime() + (i + 1) * 1_800_000),
        })),
      );
    }
  }
}
