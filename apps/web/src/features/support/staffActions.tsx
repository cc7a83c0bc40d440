// What staff do to a ticket from the desk and from its dialog: take it (assign to self,
// only while nobody has it) and move its status.
import {
  SUPPORT_MESSAGES,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  TICKET_TOAST_MS,
  type Ticket,
  type TicketStatus,
} from '@app/shared';
import { Loader2, UserPlus } from 'lucide-react';
import { useId } from 'react';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { useCurrentUser } from '../../lib/lazyStore';
import { useUpdateTicketMutation } from './api';
import { statusClass } from './badges';

const { success: OK_MS, failure: FAIL_MS } = TICKET_TOAST_MS;

export function AssignToMeButton({ ticket, compact = false }: { ticket: Ticket; compact?: boolean }) {
  const user = useCurrentUser();
  const [update, { isLoading }] = useUpdateTicketMutation();
  if (ticket.assigned_to_id) return null;
  const assign = async () => {
    if (!user?.id || !user.full_name) {
      toast.error(SUPPORT_MESSAGES.userIncomplete, FAIL_MS);
      return;
    }
    try {
      await update({
        id: ticket.id,
        body: { assigned_to_id: user.id, support_name: user.full_name },
      }).unwrap();
      toast.success(SUPPORT_MESSAGES.assigned, OK_MS);
    } catch (err) {
      toast.error(errorMessage(err, SUPPORT_MESSAGES.assignFailed), FAIL_MS);
    }
  };
  return (
    <button
      type="button"
      onClick={assign}
      disabled={isLoading}
      className={`btn-secondary whitespace-nowrap ${compact ? 'px-2.5 py-1 text-xs' : ''}`}
      aria-label={compact ? `Assign ticket ${ticket.ticket_number} to me` : undefined}
    >
      {isLoading ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
      ) : (
        <UserPlus className="h-4 w-4" aria-hidden />
      )}
      Assign to me
    </button>
  );
}

export function StatusSelect({ ticket, showLabel = false }: { ticket: Ticket; showLabel?: boolean }) {
  const id = useId();
  const [update, { isLoading }] = useUpdateTicketMutation();
  const change = async (status: TicketStatus) => {
    if (status === ticket.status) return;
    try {
      await update({ id: ticket.id, body: { status } }).unwrap();
      toast.success(SUPPORT_MESSAGES.statusUpdated, OK_MS);
    } catch (err) {
      toast.error(errorMessage(err, SUPPORT_MESSAGES.statusFailed), FAIL_MS);
    }
  };
  return (
    <div className={showLabel ? 'flex items-center gap-2' : undefined}>
      <label htmlFor={id} className={showLabel ? 'text-sm font-medium text-slate-700' : 'sr-only'}>
        {showLabel ? 'Status' : `Status of ticket ${ticket.ticket_number}`}
      </label>
      <select
        id={id}
        value={ticket.status}
        disabled={isLoading}
        onChange={(e) => change(e.target.value as TicketStatus)}
        className={`rounded-lg border-0 py-1 pl-2.5 pr-8 text-xs font-semibold ring-1 ring-inset focus:ring-2 focus:ring-brand-600 ${statusClass(ticket.status)}`}
      >
        {TICKET_STATUSES.map((s) => (
          <option key={s} value={s}>
            {TICKET_STATUS_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}
