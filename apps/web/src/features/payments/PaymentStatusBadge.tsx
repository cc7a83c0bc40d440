// docs/PRODUCT.md#states payment colours: succeeded green, pending yellow, failed and refunded red, other grey.
import type { PaymentStatus } from '@app/shared';

const STYLES: Record<string, string> = {
  succeeded: 'bg-green-50 text-green-800 ring-green-200',
  pending: 'bg-yellow-50 text-yellow-800 ring-yellow-300',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  refunded: 'bg-red-50 text-red-800 ring-red-200',
};
const OTHER = 'bg-slate-100 text-slate-700 ring-slate-200';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  succeeded: 'Succeeded',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
};

export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[status] ?? OTHER}`}
    >
      {PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? status}
    </span>
  );
}
