// The status filter of Payment History and admin Orders (docs/PRODUCT.md#limits: All/Succeeded/Pending/Failed/Refunded).
import { PAYMENT_STATUSES, type PaymentStatus } from '@app/shared';
import { useId } from 'react';
import { PAYMENT_STATUS_LABELS } from './PaymentStatusBadge';

export function PaymentStatusSelect({
  value,
  onChange,
}: {
  value: PaymentStatus | 'all';
  onChange: (value: PaymentStatus | 'all') => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="label">
        Status
      </label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value as PaymentStatus | 'all')}
      >
        <option value="all">All Statuses</option>
        {PAYMENT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {PAYMENT_STATUS_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}
