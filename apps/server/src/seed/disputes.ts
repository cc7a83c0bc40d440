// Demo problem reports (disputes), one in each state the support desk meets, on the two
// demo projects in `problem`:
// - the cell tower (Marcus Whitfield's, Priya Raman hired): reported by the engineer (the
//   chat's story: the client's reactions do not match the drawings) two days ago; its ticket
//   is open and unassigned, the payment frozen in escrow, ready for staff to release or
//   refund from the ticket;
// - the community hall ramp (Olivia Tran's, Charlotte Wilson hired): reported by the client,
//   settled by the demo admin a day ago by releasing the payment (80/20, payout created due the
//   following Sunday), so the project is completed and the ticket closed with the decision.
// Runs after payments.ts (the deals' payments) and support.ts; the ledger holds exactly the
// release, through the same function staff use.
import { formatCents, splitFee } from '@app/shared';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  disputes,
  payments,
  projects,
  submissions,
  supportTicketReplies,
  supportTickets,
} from '../db/schema/index.ts';
import { releaseFromEscrow } from '../modules/payments/escrow.ts';
import { createPayoutForRelease } from '../modules/payouts/payouts.service.ts';
import { moveProject } from '../modules/projects/projects.service.ts';
import { DEMO_PROJECT_TITLES } from './projects.ts';
import type { SeededUsers } from './users.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const DEMO_DISPUTES = {
  open: {
    project: DEMO_PROJECT_TITLES.tower,
    description:
      'The reactions the client sent are for a 120 ft monopole, but the drawings show 150 ft. I cannot stamp the foundation review until I have the carrier’s reactions for 150 ft, and the client wants it by Monday regardless. Please help us settle this.',
  },
  settled: {
    project: DEMO_PROJECT_TITLES.hall,
    description:
      'The ramp drawings came a week late and I am not sure the handrail details meet AS 1428.1. I do not want to accept them until someone checks.',
    note: 'We checked the handrail details against AS 1428.1 and the council approved the drawings; the work was delivered as agreed.',
  },
} as const;

async function projectByTitle(tx: DbOrTx, title: string) {
  const [row] = await tx.select().from(projects).where(eq(projects.title, title));
  return row;
}

export async function seedDisputes(tx: DbOrTx, people: SeededUsers, now = new Date()): Promise<void> {
  const admin = people.admin;

  // The tower: open, the ticket waiting for staff.
  const tower = await projectByTitle(tx, DEMO_DISPUTES.open.project);
  if (tower?.status === 'problem') {
    const reporter = people.eng2;
    const at = new Date(now.getTime() - 2 * DAY);
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        userId: reporter.id,
        userName: reporter.fullName,
        email: reporter.email,
        subject: `Problem reported on "${tower.title}"`,
        message: DEMO_DISPUTES.open.description,
        priority: 'high',
        status: 'open',
        projectId: tower.id,
        kind: 'dispute',
        counterpartId: tower.customerId,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: supportTickets.id });
    await tx.insert(disputes).values({
      projectId: tower.id,
      ticketId: ticket.id,
      reportedBy: reporter.id,
      description: DEMO_DISPUTES.open.description,
      createdAt: at,
    });
  }

  // The hall: settled by releasing the payment to the engineer.
  const hall = await projectByTitle(tx, DEMO_DISPUTES.settled.project);
  if (hall?.status === 'problem') {
    const engineer = people.eng6;
    const client = people.client3;
    const reportedAt = new Date(now.getTime() - 6 * DAY);
    const decidedAt = new Date(now.getTime() - DAY);
    // As staff releasing it would (resolve-dispute.ts), with the decision's date; the project's
    // record is rebuilt from these rows afterwards (record.ts).
    const [payment] = await tx
      .update(payments)
      .set({ releasedAt: decidedAt, updatedAt: decidedAt })
      .where(
        and(
          eq(payments.projectId, hall.id),
          eq(payments.status, 'succeeded'),
          isNotNull(payments.honouredAt),
          isNull(payments.releasedAt),
        ),
      )
      .returning();
    if (!payment) throw new Error('demo dispute: the hall ramp has no payment in escrow');
    await releaseFromEscrow(tx, payment, payment.amountCents, decidedAt);
    const engineerCents = splitFee(payment.amountCents).engineerCents;
    await moveProject(tx, hall.id, ['problem'], 'completed');
    const [latest] = await tx
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.projectId, hall.id))
      .orderBy(desc(submissions.createdAt))
      .limit(1);
    await createPayoutForRelease(tx, {
      submissionId: latest?.id ?? null,
      payment,
      engineerCents,
      releasedAt: decidedAt,
    });
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        userId: client.id,
        userName: client.fullName,
        email: client.email,
        subject: `Problem reported on "${hall.title}"`,
        message: DEMO_DISPUTES.settled.description,
        priority: 'high',
        status: 'closed',
        assignedToId: admin.id,
        supportName: admin.fullName,
        projectId: hall.id,
        kind: 'dispute',
        counterpartId: engineer.id,
        createdAt: reportedAt,
        updatedAt: decidedAt,
      })
      .returning({ id: supportTickets.id });
    const decision = `Support settled the problem on "${hall.title}": the payment of ${formatCents(
      payment.amountCents,
    )} was released to ${engineer.fullName} and the project completed. ${DEMO_DISPUTES.settled.note}`;
    await tx.insert(supportTicketReplies).values([
      {
        ticketId: ticket.id,
        senderId: admin.id,
        senderName: admin.fullName,
        isStaff: true,
        message: `Thanks, Olivia. We are checking the drawings with ${engineer.fullName} and will decide within three business days.`,
        createdAt: new Date(reportedAt.getTime() + 3 * HOUR),
      },
      {
        ticketId: ticket.id,
        senderId: admin.id,
        senderName: admin.fullName,
        isStaff: true,
        message: decision,
        createdAt: decidedAt,
      },
    ]);
    await tx.insert(disputes).values({
      projectId: hall.id,
      ticketId: ticket.id,
      reportedBy: client.id,
      description: DEMO_DISPUTES.settled.description,
      status: 'released',
      resolutionNote: DEMO_DISPUTES.settled.note,
      resolvedBy: admin.id,
      resolvedAt: decidedAt,
      createdAt: reportedAt,
    });
  }
}
