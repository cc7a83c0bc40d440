// Payout and wallet transaction statuses, coloured as payments are (spec §4): succeeded
// green, pending yellow, failed red, initiated (waiting for its Sunday) grey.
import type { PayoutStatus, WalletTransactionStatus } from '@app/shared';

const STYLES: Record<PayoutStatus, string> = {
  succeeded: 'bg-green-50 text-green-800 ring-green-200',
  pending: 'bg-yellow-50 text-yellow-800 ring-yellow-300',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  initiated: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  initiated: 'Initiated',
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export function PayoutStatusBadge({ status }: { status: PayoutStatus | WalletTransactionStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[status]}`}
    >
      {PAYOUT_STATUS_LABELS[status]}
    </span>
  );
}
