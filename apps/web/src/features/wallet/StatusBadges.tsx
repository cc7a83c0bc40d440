// Payout statuses, coloured as payments are (docs/PRODUCT.md#states): paid green, sending yellow, failed red,
// scheduled (waiting for its Sunday) grey. The words are PAYOUT_STATUS_LABELS from
// @app/shared, the same in the wallet and the payout history.
import { PAYOUT_STATUS_LABELS, type PayoutStatus, type WalletTransactionStatus } from '@app/shared';

const STYLES: Record<PayoutStatus, string> = {
  succeeded: 'bg-green-50 text-green-800 ring-green-200',
  pending: 'bg-yellow-50 text-yellow-800 ring-yellow-300',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  initiated: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** The wallet's filter (docs/PRODUCT.md#limits: succeeded, pending, failed) in the payout history's words. */
export const WALLET_FILTER_LABELS: Record<WalletTransactionStatus, string> = {
  succeeded: PAYOUT_STATUS_LABELS.succeeded,
  pending: `${PAYOUT_STATUS_LABELS.initiated} or ${PAYOUT_STATUS_LABELS.pending.toLowerCase()}`,
  failed: PAYOUT_STATUS_LABELS.failed,
};

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[status]}`}
    >
      {PAYOUT_STATUS_LABELS[status]}
    </span>
  );
}
