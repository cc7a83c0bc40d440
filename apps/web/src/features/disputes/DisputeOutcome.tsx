// What was decided on a settled problem, in the same words for the parties and staff.
import { type DisputeDto, formatCents } from '@app/shared';
import { CheckCircle2 } from 'lucide-react';
import { formatDateTime } from '../../lib/format';

export function outcomeText(d: DisputeDto): string {
  if (d.status === 'released')
    return `Support released the payment to ${d.engineer_name ?? 'the engineer'} and the project was completed.`;
  if (d.status === 'refunded')
    return `Support refunded the payment in full to ${d.client_name}; the project is closed.`;
  return '';
}

export function DisputeOutcome({ dispute: d }: { dispute: DisputeDto }) {
  if (d.status === 'open') return null;
  return (
    <div className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900" role="status">
      <p className="flex items-start gap-2 font-semibold">
        <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {d.status === 'released' ? 'Settled: released to the engineer' : 'Settled: refunded to the client'}
      </p>
      <p className="mt-1">{outcomeText(d)}</p>
      {d.resolution_note && (
        <p className="mt-1 whitespace-pre-wrap">Note from support: {d.resolution_note}</p>
      )}
      {d.resolved_at && (
        <p className="mt-1 text-xs text-green-800">Decided {formatDateTime(d.resolved_at)}</p>
      )}
      {d.status === 'refunded' && d.escrow_cents > 0 && (
        <p className="mt-1 text-xs text-green-800">
          The refund of {formatCents(d.escrow_cents)} is on its way to the client's card.
        </p>
      )}
    </div>
  );
}
