// What a payment looks like in an answer (Payment History, Orders): with whether the caller may
// have it refunded now and until when, and, once it made a deal, what happened to its money.
import {
  type DealState,
  escrowStateOf,
  type OrderDto,
  type ProjectStatus,
  type RefundStatus,
  refundRefusal,
} from '@app/shared';
import type { PaymentRow } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/policy.ts';
import { canRequestRefund } from './payments.policy.ts';

/** The deal a payment made, as the lists need it (null when it made none). */
export type DealFacts = {
  state: DealState;
  refundUntil: Date;
  firstDeliveredAt: Date | null;
  problemReportedBy: string | null;
  engineerId: string;
} | null;

export type ListRow = {
  payment: PaymentRow;
  projectTitle: string;
  projectStatus: ProjectStatus;
  engineerName: string;
  customerName: string;
  refundStatus: RefundStatus | null;
  deal: DealFacts;
};

export function presentOrder(row: ListRow, caller: Actor, now: Date): OrderDto {
  const p = row.payment;
  const deal = row.deal;
  const refundable =
    !!deal &&
    canRequestRefund(caller, p) &&
    refundRefusal({
      state: deal.state,
      delivered: !!deal.firstDeliveredAt,
      refundUntil: deal.refundUntil,
      reportedByEngineer: !!deal.problemReportedBy && deal.problemReportedBy === deal.engineerId,
      now,
    }) === null;
  return {
    id: p.id,
    project_id: p.projectId,
    project_title: row.projectTitle,
    proposal_id: p.proposalId,
    customer_id: p.customerId,
    customer_name: row.customerName,
    engineer_id: p.engineerId,
    engineer_name: row.engineerName,
    amount_cents: p.amountCents,
    currency: p.currency,
    status: p.status,
    created_at: p.createdAt.toISOString(),
    succeeded_at: p.succeededAt?.toISOString() ?? null,
    refunded_at: p.refundedAt?.toISOString() ?? null,
    stripe_payment_intent_id: p.paymentIntentId,
    refund_status: row.refundStatus,
    refundable,
    refund_deadline: refundable && deal ? deal.refundUntil.toISOString() : null,
    escrow: deal ? escrowStateOf(deal.state) : null,
    deal_state: deal?.state ?? null,
  };
}
