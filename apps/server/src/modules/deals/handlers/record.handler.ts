// The project's record (modules/project-record): every deal event as an entry, appended in
// the emitting transaction, so the record never misses a committed change and keeps their order.
import { appendRecord } from '../../record-chain/index.ts';
import type { DealEventHandler } from '../deal-events.ts';

export const recordHandler: DealEventHandler = {
  name: 'record',
  during: true,
  handles: 'all',
  async run(_ctx, tx, e, deal) {
    const at = e.at;
    const add = (type: Parameters<typeof appendRecord>[2]['type'], data: Record<string, unknown>) =>
      appendRecord(tx, e.projectId, { type, actorId: e.actorId, data, at });
    switch (e.type) {
      case 'DealPaid':
        return add('payment_succeeded', {
          payment_id: e.paymentId,
          proposal_id: deal?.proposalId ?? null,
          amount_cents: e.amountCents,
          currency: 'usd',
          honoured: true,
        });
      case 'LatePaymentRefunding':
        // Money that came too late for its proposal is refunded at once (docs/PRODUCT.md#money).
        return add('payment_succeeded', {
          payment_id: e.paymentId,
          proposal_id: null,
          amount_cents: e.amountCents,
          currency: 'usd',
          honoured: false,
        });
      case 'RefundRequested':
        return add('refund_requested', { by: e.by, amount_cents: e.amountCents });
      case 'RefundFailed':
        return add('refund_failed', { by: e.by, reason: e.reason, back_to: e.backTo });
      case 'DealRefunded':
        return add('payment_refunded', {
          payment_id: deal?.paymentId ?? null,
          amount_cents: e.clientRefundCents,
          outcome: e.outcome,
          by: e.by,
          engineer_cents: e.engineerCents,
          platform_fee_cents: e.platformFeeCents,
          reopened: e.reopened,
        });
      case 'DeliverySubmitted':
      case 'DeliveryUpdated':
        return add(e.type === 'DeliverySubmitted' ? 'submission_sent' : 'submission_updated', {
          submission_id: e.submissionId,
          title: e.title,
          file_sha256: e.fileSha256,
          signature: e.signature,
          seal: e.seal,
          signed_by: e.signedBy,
          file_name: e.fileName,
        });
      case 'DeliveryRejected':
        return add('submission_rejected', {
          submission_id: e.submissionId,
          file_sha256: e.fileSha256,
          comment: e.comment,
        });
      case 'DeliveryAccepted':
        await add('submission_accepted', {
          submission_id: e.submissionId,
          file_sha256: e.fileSha256,
          seal: e.seal,
          by: e.by,
        });
        return add('escrow_released', {
          payment_id: deal?.paymentId ?? null,
          amount_cents: e.engineerCents + e.platformFeeCents,
          engineer_cents: e.engineerCents,
          platform_fee_cents: e.platformFeeCents,
        });
      case 'ProblemReported':
        return add('problem_reported', {
          dispute_id: e.disputeId,
          ticket_number: e.ticketNumber,
          description: e.description,
          by: e.by,
        });
      case 'ProblemWithdrawn':
        return add('problem_withdrawn', { dispute_id: e.disputeId, by: e.by, back_to: e.backTo });
      case 'ProblemSettled':
        await add('problem_settled', {
          dispute_id: e.disputeId,
          outcome: e.outcome,
          note: e.note,
          engineer_cents: e.engineerCents,
          platform_fee_cents: e.platformFeeCents,
          client_refund_cents: e.clientRefundCents,
        });
        if (e.outcome === 'released')
          await add('escrow_released', {
            payment_id: deal?.paymentId ?? null,
            amount_cents: e.amountCents,
            engineer_cents: e.engineerCents,
            platform_fee_cents: e.platformFeeCents,
          });
        return;
      case 'DecisionReminder':
        return;
    }
  },
};
