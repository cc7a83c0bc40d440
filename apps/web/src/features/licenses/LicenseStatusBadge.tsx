import type { LicenseStatus } from '@app/shared';
import { BadgeCheck, Clock, Lock, XCircle } from 'lucide-react';

const STYLE: Record<LicenseStatus, { label: string; className: string; icon: typeof Clock }> = {
  verified: {
    label: 'Verified',
    className: 'bg-green-50 text-green-800 ring-green-600/20',
    icon: BadgeCheck,
  },
  pending: {
    label: 'Pending review',
    className: 'bg-amber-50 text-amber-800 ring-amber-600/20',
    icon: Clock,
  },
  rejected: { label: 'Rejected', className: 'bg-red-50 text-red-800 ring-red-600/20', icon: XCircle },
};

export function LicenseStatusBadge({ status }: { status: LicenseStatus }) {
  const s = STYLE[status] ?? STYLE.pending;
  const Icon = s.icon;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${s.className}`}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {s.label}
    </span>
  );
}

/** Shown instead of the edit and delete controls of a verified licence. */
export function LockedBadge() {
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-600">
      <Lock className="h-3.5 w-3.5" aria-hidden />
      Locked after verification
    </span>
  );
}
