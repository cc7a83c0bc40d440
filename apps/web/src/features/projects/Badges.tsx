import type { ProjectStatus, UrgencyLevel } from '@app/shared';
import { STATUS_LABELS, STATUS_STYLES, URGENCY_LABELS, URGENCY_STYLES } from './format';

const BASE = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

export function StatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <span className={`${BASE} ${STATUS_STYLES[status] ?? STATUS_STYLES.closed}`}>
      {STATUS_LABELS[status] ?? status}
    </span>
  );
}

export function UrgencyBadge({ urgency }: { urgency: UrgencyLevel }) {
  return (
    <span className={`${BASE} ${URGENCY_STYLES[urgency] ?? URGENCY_STYLES.low}`}>
      {URGENCY_LABELS[urgency] ?? urgency} urgency
    </span>
  );
}
