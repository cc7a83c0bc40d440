// 'My Existing Tickets' (docs/PRODUCT.md#screens): the customer's tickets newest first, each opening its
// conversation; a problem's ticket shows for both parties of the deal (with whom), and
// Delete shows only where the server's `abilities` allow it (a problem's ticket stays until
// support settles it), each deletion confirmed first.
import { SUPPORT_MESSAGES, TICKET_TOAST_MS, type Ticket } from '@app/shared';
import { Inbox, Loader2, MessageSquare, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { useCurrentUser } from '../../lib/lazyStore';
import { useDeleteTicketMutation, useGetMyTicketsQuery } from './api';
import { PriorityBadge, StatusBadge } from './badges';
import { TicketDialog } from './TicketDialog';

export function MyTickets() {
  const { data: tickets, isLoading, isError, refetch } = useGetMyTicketsQuery();
  // Which side of a problem's ticket the user is on, for its one-line summary.
  const me = useCurrentUser()?.id;
  const [viewing, setViewing] = useState<Ticket | null>(null);
  const [deleting, setDeleting] = useState<Ticket | null>(null);

  if (isLoading)
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-slate-600">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading tickets...
      </p>
    );
  if (isError)
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>{SUPPORT_MESSAGES.fetchFailed}</p>
        <button type="button" className="btn-secondary mt-3" onClick={() => refetch()}>
          Try again
        </button>
      </div>
    );
  if (!tickets?.length)
    return (
      <div className="flex flex-col items-center gap-2 py-12 text-center text-slate-600">
        <Inbox className="h-8 w-8 text-slate-400" aria-hidden />
        <p>{SUPPORT_MESSAGES.noTickets}</p>
      </div>
    );

  return (
    <>
      <ul className="divide-y divide-slate-200" aria-label="My tickets">
        {tickets.map((t) => (
          <li key={t.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="text-xs font-medium text-slate-500">
                {t.ticket_number} · {formatDateTime(t.created_at)}
              </p>
              <p className="mt-0.5 truncate font-semibold text-slate-900">{t.subject}</p>
              {t.kind === 'dispute' && (
                <p className="mt-0.5 text-xs text-amber-800">
                  Problem report ·{' '}
                  {t.user_id === me
                    ? `with ${t.counterpart_name ?? 'the other party'}`
                    : `reported by ${t.user_name}`}
                </p>
              )}
              <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <StatusBadge status={t.status} />
                <PriorityBadge priority={t.priority} />
                <span>{t.support_name ? `Handled by ${t.support_name}` : SUPPORT_MESSAGES.notAssigned}</span>
              </div>
            </div>
            <div className="flex shrink-0 gap-2">
              <button
                type="button"
                className="btn-secondary"
                onClick={() => setViewing(t)}
                aria-label={`View ticket ${t.ticket_number}`}
              >
                <MessageSquare className="h-4 w-4" aria-hidden /> View
              </button>
              {t.abilities.delete && (
                <button
                  type="button"
                  className="btn-secondary text-red-700 hover:bg-red-50"
                  onClick={() => setDeleting(t)}
                  aria-label={`Delete ticket ${t.ticket_number}`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden /> Delete
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <TicketDialog ticket={viewing} onClose={() => setViewing(null)} viewer="customer" />
      <ConfirmDelete ticket={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function ConfirmDelete({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const [remove, { isLoading }] = useDeleteTicketMutation();
  const confirm = async () => {
    if (!ticket) return;
    try {
      await remove(ticket.id).unwrap();
      toast.success(SUPPORT_MESSAGES.deleted, TICKET_TOAST_MS.success);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, SUPPORT_MESSAGES.deleteFailed), TICKET_TOAST_MS.failure);
    }
  };
  return (
    <Modal
      open={!!ticket}
      onOpenChange={(open) => !open && onClose()}
      title="Delete this ticket?"
      description={
        ticket ? (
          <>
            Ticket {ticket.ticket_number}, “{ticket.subject}”, and its whole conversation will be deleted.
            This cannot be undone.
          </>
        ) : undefined
      }
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn-danger" onClick={confirm} disabled={isLoading}>
            {isLoading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Delete Ticket
          </button>
        </>
      }
    />
  );
}
