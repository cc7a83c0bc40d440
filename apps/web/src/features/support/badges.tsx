// How a ticket's status and priority look everywhere: status open green, pending amber,
// closed grey, each its own colour (the original design's 'others red' made pending and closed look
// alike, and closed alarming: docs/DECISIONS.md); priority urgent red, high yellow, the rest grey.
import {
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
} from '@app/shared';

const pill = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

const STATUS_CLASSES: Record<TicketStatus, string> = {
  open: 'bg-green-50 text-green-800 ring-green-600/30',
  pending: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  closed: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

export const statusClass = (status: TicketStatus) => STATUS_CLASSES[status];

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
