// What was decided on a problem (settled by staff, or withdrawn by its reporter), in the same
// words for the parties and staff; a split shows both parts.
import { DEAL_MESSAGES, type DisputeDto, formatCents, splitFee } from '@app/shared';
import { CheckCircle2 } from 'lucide-react';
import { formatDateTime } from '../../lib/format';

const HEADINGS: Record<Exclude<DisputeDto['status'], 'open'>, string> = {
  released: 'Settled: released to the engineer',
  refunded: 'Settled: refunded to the client',
  split: 'Settled: split between the engineer and the client',
  withdrawn: 'Problem withdrawn',
};

export function outcomeText(d: DisputeDto): string {
  const engineer = d.engineer_name ?? 'the engineer';
  switch (d.status) {
    case 'released':
      return `Support released the payment to ${engineer} and the project was completed.`;
    case 'refunded':
      return `Support refunded the payment in full to ${d.client_name}; the project is closed.`;
    case 'split': {
      if (d.engineer_cents == null || d.client_refund_cents == null)
        return `Support split the payment between ${engineer} and ${d.client_name}; the project is closed.`;
      const { platformFeeCents, engineerCents } = splitFee(d.engineer_cents);
      return `Support split the payment: ${formatCents(d.engineer_cents)} to ${engineer} (${formatCents(engineerCents)} after the platform’s 20% fee of ${formatCents(platformFeeCents)}), and ${formatCents(d.client_refund_cents)} back to ${d.client_name}. The project is closed.`;
    }
    case 'withdrawn':
      return `${d.reported_by_name} withdrew the problem. ${DEAL_MESSAGES.withdrawn}`;
    default:
      return '';
  }
}

export function DisputeOutcome({ dispute: d }: { dispute: DisputeDto }) {
  if (d.status === 'open') return null;
  return (
    <div className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900" role="status">
      <p className="flex items-start gap-2 font-semibold">
        <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {HEADINGS[d.status]}
      </p>
      <p className="mt-1">{outcomeText(d)}</p>
      {d.resolution_note && (
        <p className="mt-1 whitespace-pre-wrap">Note from support: {d.resolution_note}</p>
      )}
      {d.resolved_at && (
        <p className="mt-1 text-xs text-green-800">
          {d.status === 'withdrawn' ? 'Withdrawn' : 'Decided'} {formatDateTime(d.resolved_at)}
        </p>
      )}
      {d.status === 'refunded' && d.escrow_cents > 0 && (
        <p className="mt-1 text-xs text-green-800">
          The refund of {formatCents(d.escrow_cents)} is on its way to the client's card.
        </p>
      )}
    </div>
  );
}
