// Demo project records. The demo rows are written straight into their tables, so no feature
// appended to their records; this rebuilds each demo project's history from those rows, in
// time order, through the same appendRecord the features call. Run last, after every other
// demo seed, so whatever they wrote is on the record.
import type { ProjectRecordEvent } from '@app/shared';
import { splitFee } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  contractSignatures,
  disputes,
  payments,
  payouts,
  projects,
  proposals,
  ratings,
  refunds,
  submissions,
  supportTickets,
} from '../db/schema/index.ts';
import { appendRecord } from '../modules/record-chain/index.ts';

type Pending = {
  projectId: string;
  at: Date;
  type: ProjectRecordEvent;
  actorId: string | null;
  data: Record<string, unknown>;
};

export async function seedRecords(tx: Tx): Promise<void> {
  const events: Pending[] = [];
  const add = (e: Pending | null) => {
    if (e) events.push(e);
  };

  for (const p of await tx.select().from(projects))
    add({
      projectId: p.id,
      at: p.createdAt,
      type: 'project_posted',
      actorId: p.customerId,
      data: { title: p.title, license_type: p.licenseType, country: p.country, state: p.state },
    });
  for (const p of await tx.select().from(proposals))
    add({
      projectId: p.projectId,
      at: p.createdAt,
      type: 'proposal_sent',
      actorId: p.engineerId,
      data: {
        proposal_id: p.id,
        engineer_id: p.engineerId,
        license_type: p.licenseType,
        amount_cents: p.proposedAmount,
      },
    });
  for (const { c, amount } of await tx
    .select({ c: contractSignatures, amount: proposals.proposedAmount })
    .from(contractSignatures)
    .innerJoin(proposals, eq(proposals.id, contractSignatures.proposalId)))
    add({
      projectId: c.projectId,
      at: c.signedAt,
      type: 'contract_signed',
      actorId: c.signerId,
      data: {
        proposal_id: c.proposalId,
        signature_id: c.id,
        signed_name: c.signedName,
        text_sha256: c.textSha256,
        amount_cents: amount,
      },
    });
  const paymentRows = await tx.select().from(payments);
  const projectOfPayment = new Map(paymentRows.map((p) => [p.id, p.projectId]));
  for (const p of paymentRows) {
    if (p.succeededAt)
      add({
        projectId: p.projectId,
        at: p.succeededAt,
        type: 'payment_succeeded',
        actorId: null,
        data: {
          payment_id: p.id,
          proposal_id: p.proposalId,
          amount_cents: p.amountCents,
          currency: p.currency,
          honoured: !!p.honouredAt,
        },
      });
    if (p.releasedAt) {
      const split = splitFee(p.amountCents);
      add({
        projectId: p.projectId,
        at: p.releasedAt,
        type: 'escrow_released',
        actorId: null,
        data: {
          payment_id: p.id,
          amount_cents: p.amountCents,
          engineer_cents: split.engineerCents,
          platform_fee_cents: split.platformFeeCents,
        },
      });
    }
  }
  for (const r of await tx.select().from(refunds).where(eq(refunds.status, 'succeeded')))
    add({
      projectId: projectOfPayment.get(r.paymentId) as string,
      at: r.completedAt ?? r.updatedAt,
      type: 'payment_refunded',
      actorId: null,
      data: { payment_id: r.paymentId, refund_id: r.id, amount_cents: r.amountCents, reason: r.reason },
    });
  for (const s of await tx.select().from(submissions)) {
    add({
      projectId: s.projectId,
      at: s.createdAt,
      type: 'submission_sent',
      actorId: s.engineerId,
      data: {
        submission_id: s.id,
        title: s.title,
        file_sha256: s.fileSha256,
        signature: s.signature.status,
        signed_by: s.signature.signatures.at(-1)?.signer_name ?? null,
      },
    });
    if (s.clientAcceptance !== null && s.decidedAt) {
      const [project] = await tx.select().from(projects).where(eq(projects.id, s.projectId));
      add({
        projectId: s.projectId,
        // Just before a release made by the same decision.
        at: new Date(s.decidedAt.getTime() - 1),
        type: s.clientAcceptance ? 'submission_accepted' : 'submission_rejected',
        actorId: project.customerId,
        data: { submission_id: s.id, file_sha256: s.fileSha256, comment: s.decisionComment },
      });
    }
  }
  for (const p of await tx.select().from(payouts)) {
    const projectId = projectOfPayment.get(p.paymentId) as string;
    if (p.status === 'succeeded' && p.paidAt)
      add({
        projectId,
        at: p.paidAt,
        type: 'payout_paid',
        actorId: null,
        data: {
          payout_id: p.id,
          attempt: p.attempt,
          amount_cents: p.amountCents,
          transfer_id: p.providerTransferId,
        },
      });
    if (p.status === 'failed')
      add({
        projectId,
        at: p.updatedAt,
        type: 'payout_failed',
        actorId: null,
        data: { payout_id: p.id, attempt: p.attempt, amount_cents: p.amountCents, reason: p.failureReason },
      });
  }
  for (const r of await tx.select().from(ratings))
    add({
      projectId: r.projectId,
      at: r.createdAt,
      type: 'rating_given',
      actorId: r.senderId,
      data: { rating_id: r.id, receiver_id: r.receiverId, rate: r.rate, comment: r.comment },
    });
  const disputeRows = await tx
    .select({ d: disputes, ticketNumber: supportTickets.ticketNumber })
    .from(disputes)
    .leftJoin(supportTickets, eq(supportTickets.id, disputes.ticketId));
  for (const { d, ticketNumber } of disputeRows) {
    add({
      projectId: d.projectId,
      at: d.createdAt,
      type: 'problem_reported',
      actorId: d.reportedBy,
      data: { dispute_id: d.id, ticket_number: ticketNumber, description: d.description },
    });
    if (d.status !== 'open' && d.resolvedAt)
      add({
        projectId: d.projectId,
        at: d.resolvedAt,
        type: 'problem_settled',
        actorId: d.resolvedBy,
        data: { dispute_id: d.id, outcome: d.status, note: d.resolutionNote },
      });
  }

  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const e of events)
    await appendRecord(tx, e.projectId, { type: e.type, actorId: e.actorId, data: e.data, at: e.at });
}
