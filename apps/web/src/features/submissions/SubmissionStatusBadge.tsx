// Where a submission stands (docs/PRODUCT.md#data: client_acceptance null / true / false).
import { submissionState } from '@app/shared';

const LOOK = {
  pending: ['Pending', 'bg-yellow-50 text-yellow-800 ring-yellow-300'],
  accepted: ['Accepted', 'bg-green-50 text-green-800 ring-green-200'],
  rejected: ['Rejected', 'bg-red-50 text-red-800 ring-red-200'],
} as const;

export function SubmissionStatusBadge({ clientAcceptance }: { clientAcceptance: boolean | null }) {
  const [label, style] = LOOK[submissionState(clientAcceptance)];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${style}`}
    >
      {label}
    </span>
  );
}
