// A ticket's detail dialog (docs/PRODUCT.md#screens): its details, the conversation that starts with the
// first message, and a reply box with an optional file. Staff also take the ticket and move
// its status here. A problem's ticket (kind 'dispute', docs/DEALS.md 'The rules') shows the
// problem to both parties and staff, and both parties write in it with their files.
import {
  acceptFor,
  chosenFileProblem,
  SUPPORT_MESSAGES,
  TICKET_MESSAGE_MAX,
  TICKET_TOAST_MS,
  type Ticket,
  ticketReplyInputSchema,
} from '@app/shared';
import { Loader2, Paperclip, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { SendButton } from '../../components/form/SendButton';
import { Modal } from '../../components/Modal';
import { PrivateFileLink } from '../../components/PrivateFileLink';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { useCurrentUser } from '../../lib/lazyStore';
import { useAppDispatch, useAppSelector } from '../../lib/store';
import { uploadFile } from '../../lib/upload';
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
  // Whose words are whose, for the bubbles' sides (the other party writes here too).
  const me = useCurrentUser()?.id;
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
        {ticket.kind === 'dispute' && (
          <Detail label="Problem between">
            {ticket.user_name} and {ticket.counterpart_name ?? 'the other party'}
          </Detail>
        )}
      </dl>

      {(ticket.kind === 'dispute' || (viewer === 'staff' && ticket.project_id)) && (
        <TicketDisputePanel
          ticketId={ticket.id}
          projectId={ticket.project_id}
          viewer={viewer === 'staff' ? 'staff' : 'party'}
        />
      )}

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
            mine={viewer === 'customer' && ticket.user_id === me}
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
              mine={viewer === 'staff' ? r.is_staff : r.sender_id === me}
              name={r.sender_name}
              staff={r.is_staff}
              at={r.created_at}
              message={r.message}
              attachment={r.attachments}
            />
          ))}
          <div ref={end} />
        </div>
      </section>

      {ticket.abilities.reply && <ReplyBox ticketId={ticket.id} />}
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
  attachment = null,
}: {
  mine: boolean;
  name: string;
  staff: boolean;
  at: string;
  message: string;
  attachment?: string | null;
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
        {attachment && (
          <PrivateFileLink
            href={attachment}
            className={`mt-2 inline-flex items-center gap-1.5 text-xs font-semibold underline ${mine ? 'text-white' : 'text-brand-700'}`}
          >
            <Paperclip className="h-3.5 w-3.5" aria-hidden />
            {attachment.slice(attachment.lastIndexOf('/') + 1)}
          </PrivateFileLink>
        )}
      </div>
    </article>
  );
}

function ReplyBox({ ticketId }: { ticketId: string }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<{ link: string; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const token = useAppSelector((s) => s.session.token);
  const dispatch = useAppDispatch();
  const [send, { isLoading }] = useSendTicketReplyMutation();

  const attach = async (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = chosenFileProblem('ticket_attachment', chosen);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setUploading(true);
    try {
      const link = await uploadFile(chosen, 'ticket_attachment', { token, dispatch });
      setFile({ link, name: chosen.name });
    } catch (err) {
      setError(errorMessage(err, 'Could not upload the file. Please try again.'));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ticketReplyInputSchema.safeParse({ message, attachments: file?.link ?? null });
    if (!parsed.success) {
      const msg = parsed.error.issues[0].message;
      setError(msg);
      toast.error(msg, TICKET_TOAST_MS.failure);
      return;
    }
    setError(null);
    try {
      await send({
        id: ticketId,
        message: parsed.data.message,
        attachments: parsed.data.attachments,
      }).unwrap();
      setMessage('');
      setFile(null);
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
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            className="sr-only"
            accept={acceptFor('ticket_attachment')}
            onChange={(e) => void attach(e.target.files?.[0])}
          />
          {file ? (
            <span className="flex min-w-0 items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-800">
              <Paperclip className="h-3.5 w-3.5 shrink-0" aria-hidden />
              <span className="truncate">{file.name}</span>
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-slate-200"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFile(null)}
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </span>
          ) : (
            <label htmlFor={`${id}-file`} className="btn-secondary cursor-pointer">
              {uploading ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              ) : (
                <Paperclip className="h-4 w-4" aria-hidden />
              )}
              {uploading ? 'Uploading...' : 'Attach a file'}
            </label>
          )}
        </div>
        <SendButton label="Send Reply" sendingLabel="Sending..." sending={isLoading} disabled={uploading} />
      </div>
    </form>
  );
}
