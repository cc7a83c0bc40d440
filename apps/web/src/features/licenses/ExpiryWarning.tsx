// 'Expires in 12 days': shown beside a licence in its last 60 days, to the engineer on their
// licences and to the admin reviewing it (the daily job e-mails at 60, 30 and 7 days).
import { expiryWarning } from '@app/shared';
import { AlertTriangle } from 'lucide-react';

export function ExpiryWarning({ daysLeft }: { daysLeft: number | null }) {
  const text = expiryWarning(daysLeft);
  if (!text) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      <AlertTriangle className="h-3.5 w-3.5" aria-hidden />
      {text}
    </span>
  );
}
