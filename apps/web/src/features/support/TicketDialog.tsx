// A ticket's detail dialog (spec §2): its details, the conversation that starts with the
// customer's first message, and a reply box. Staff also take the ticket and move its
// status here.
import {
  SUPPORT_MESSAGES,
  TICKET_MESSAGE_MAX,
  TICKET_TOAST_MS,
  type Ticket,
  ticketReplyInputSchema,
} from '@app/shared';
import { Loader2, Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Modal } from '../../components/Modal';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { TicketDisputePanel } from '../disputes';
import { useGetTicketQuery, useGetTicketRepliesQuery, useSendTicketReplyMutation } from './api';
import { PriorityBadge, StatusBadge } from './badges';
import { AssignToMeButton, StatusSelect } from './staffActions';

export function TicketDialog({
  ticket: initial,
  onClose,
  viewer,
}: {
  /** The ticket as the list knows it; the dialog keeps it current. */
  ticket: Ticket | null;
  onClose: () => void;
  viewer: 'customer' | 'staff';
}) {
  return (
    <Modal
      open={!!initial}
      onOpenChange={(open) => !open && onClose()}
      title={initial ? initial.subject : 'Ticket'}
      description={initial ? `Ticket ${initial.ticket_number}` : undefined}
      size="lg"
    >
      {initial && <TicketDetail initial={initial} viewer={viewer} />}
    </Modal>
  );
}

function TicketDetail({ initial, viewer }: { initial: Ticket; viewer: 'customer' | 'staff' }) {
  const { data: fresh } = useGetTicketQuery(initial.id);
  const ticket = fresh ?? initial;
  const { data: replies, isLoading, isError } = useGetTicketRepliesQuery(ticket.id);
  const end = useRef<HTMLDivElement>(null);
  const count = replies?.length ?? 0;

  useEffect(() => {
    if (count) end.current?.scrollIntoView({ block: 'nearest' });
  }, [count]);

  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-3">
        <Detail label="Status">
          {viewer === 'staff' ? <StatusSelect ticket={ticket} /> : <StatusBadge status={ticket.status} />}
        </Detail>
        <Detail label="Priority">
          <PriorityBadge priority={ticket.priority} />
        </Detail>
        <Detail label="Opened">{formatDateTime(ticket.created_at)}</Detail>
        {viewer === 'staff' && (
          <Detail label="Customer">
            <span className="block truncate">{ticket.user_name}</span>
            <a href={`mailto:${ticket.email}`} className="block truncate text-brand-700 hover:underline">
              {ticket.email}
            </a>
          </Detail>
        )}
        <Detail label="Assigned to">
          <div className="flex flex-wrap items-center gap-2">
            <span>{ticket.support_name || SUPPORT_MESSAGES.notAssigned}</span>
            {viewer === 'staff' && <AssignToMeButton ticket={ticket} compact />}
          </div>
        </Detail>
        <Detail label="Last update">{formatDateTime(ticket.updated_at)}</Detail>
      </dl>

      {viewer === 'staff' && ticket.project_id && <TicketDisputePanel ticketId={ticket.id} />}

      <section aria-label="Conversation">
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Conversation</h3>
        <div
          role="log"
          aria-label={`Conversation of ticket ${ticket.ticket_number}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
          tabIndex={0}
          className="max-h-80 space-y-3 overflow-y-auto rounded-xl border border-slate-200 p-3"
        >
          <Bubble
            mine={viewer === 'customer'}
            name={ticket.user_name}
            staff={false}
            at={ticket.created_at}
            message={ticket.message}
          />
          {isLoading && (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading replies...
            </p>
          )}
          {isError && <p className="text-sm text-red-700">{SUPPORT_MESSAGES.fetchFailed}</p>}
          {replies?.map((r) => (
            <Bubble
              key={r.id}
              mine={viewer === 'staff' ? r.is_staff : !r.is_staff}
              name={r.sender_name}
              staff={r.is_staff}
              at={r.created_at}
              message={r.message}
            />
          ))}
          <div ref={end} />
        </div>
      </section>

      <ReplyBox ticketId={ticket.id} />
    </div>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

function Bubble({
  mine,
  name,
  staff,
  at,
  message,
}: {
  mine: boolean;
  name: string;
  staff: boolean;
  at: string;
  message: string;
}) {
  return (
    <article className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2.5 text-sm ${
          mine ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900'
        }`}
      >
        <header className={`mb-1 text-xs ${mine ? 'text-blue-100' : 'text-slate-600'}`}>
          <span className="font-semibold">{name}</span>
          {staff && <span> · Support</span>}
          <span> · {formatDateTime(at)}</span>
        </header>
        <p className="whitespace-pre-wrap break-words">{message}</p>
      </div>
    </article>
  );
}

function ReplyBox({ ticketId }: { ticketId: string }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, { isLoading }] = useSendTicketReplyMutation();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ticketReplyInputSchema.safeParse({ message });
    if (!parsed.success) {
      const msg = parsed.error.issues[0].message;
      setError(msg);
      toast.error(msg, TICKET_TOAST_MS.failure);
      return;
    }
    setError(null);
    try {
      await send({ id: ticketId, message: parsed.data.message }).unwrap();
      setMessage('');
      toast.success(SUPPORT_MESSAGES.replySent, TICKET_TOAST_MS.success);
    } catch (err) {
      toast.error(errorMessage(err, SUPPORT_MESSAGES.replyFailed), TICKET_TOAST_MS.failure);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <label htmlFor={id} className="label">
        Your reply
      </label>
      <textarea
        id={id}
        rows={3}
        className="input resize-y"
        placeholder="Write a reply..."
        value={message}
        maxLength={TICKET_MESSAGE_MAX}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setMessage(e.target.value);
          if (error) setError(null);
        }}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={isLoading}>
          {isLoading ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          ) : (
            <Send className="h-4 w-4" aria-hidden />
          )}
          {isLoading ? 'Sending...' : 'Send Reply'}
        </button>
      </div>
    </form>
  );
}
