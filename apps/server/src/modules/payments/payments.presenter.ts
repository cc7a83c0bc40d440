// What a payment looks like in an answer (Payment History, Orders), with whether the caller may
// have it refunded now and until when.
import {
  type OrderDto,
  type ProjectStatus,
  type RefundStatus,
  refundDeadline,
  refundRefusal,
} from '@app/shared';
import type { PaymentRow } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/policy.ts';
import { canRequestRefund } from './payments.policy.ts';

export type ListRow = {
  payment: PaymentRow;
  projectTitle: string;
  projectStatus: ProjectStatus;
  engineerName: string;
  customerName: string;
  refundStatus: RefundStatus | null;
};

export function presentOrder(row: ListRow, caller: Actor, now: Date): OrderDto {
  const p = row.payment;
  const refusal = refundRefusal({
    status: p.status,
    succeededAt: p.succeededAt,
    projectStatus: row.projectStatus,
    released: !!p.releasedAt,
    refundPending: row.refundStatus === 'pending',
    now,
  });
  const refundable = canRequestRefund(caller, p) && refusal === null;
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
    refund_deadline: refundable && p.succeededAt ? refundDeadline(p.succeededAt).toISOString() : null,
  };
}
