// How a ticket's status and priority look everywhere (issue 6): status open green, the
// others red; priority urgent red, high yellow, the rest grey.
import {
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
} from '@app/shared';

const pill = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

export const statusClass = (status: TicketStatus) =>
  status === 'open'
    ? 'bg-green-50 text-green-800 ring-green-600/30'
    : 'bg-red-50 text-red-800 ring-red-600/30';

export const priorityClass = (priority: TicketPriority) =>
  priority === 'urgent'
    ? 'bg-red-50 text-red-800 ring-red-600/30'
    : priority === 'high'
      ? 'bg-yellow-50 text-yellow-900 ring-yellow-600/40'
      : 'bg-slate-100 text-slate-700 ring-slate-500/30';

export function StatusBadge({ status }: { status: TicketStatus }) {
  return (
    <span className={`${pill} ${statusClass(status)}`} data-status={status}>
      {TICKET_STATUS_LABELS[status]}
    </span>
  );
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <span className={`${pill} ${priorityClass(priority)}`} data-priority={priority}>
      {TICKET_PRIORITY_LABELS[priority]}
    </span>
  );
}
