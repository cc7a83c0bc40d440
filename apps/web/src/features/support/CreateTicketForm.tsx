// 'Create New Ticket' (docs/PRODUCT.md#screens): subject, priority and message. Name and e-mail come
// from the session on the server.
import {
  type CreateTicketInput,
  createTicketSchema,
  SUPPORT_MESSAGES,
  TICKET_MESSAGE_MAX,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_SUBJECT_MAX,
  TICKET_TOAST_MS,
  type Ticket,
  type TicketPriority,
} from '@app/shared';
import { type FormEvent, useState } from 'react';
import { SendButton } from '../../components/form/SendButton';
import { toast } from '../../components/toast/toast';
import { errorFields, errorMessage } from '../../lib/apiErrors';
import { useCreateTicketMutation } from './api';

type Fields = CreateTicketInput;
const EMPTY: Fields = { subject: '', message: '', priority: 'medium' };

export function CreateTicketForm({ onCreated }: { onCreated: (ticket: Ticket) => void }) {
  const [form, setForm] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [create, { isLoading }] = useCreateTicketMutation();

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = createTicketSchema.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Fields] ??= issue.message;
      setErrors(next);
      return;
    }
    try {
      const ticket = await create(parsed.data).unwrap();
      setForm(EMPTY);
      setErrors({});
      toast.success(`Ticket ${ticket.ticket_number} created.`, TICKET_TOAST_MS.success);
      onCreated(ticket);
    } catch (err) {
      setErrors(errorFields(err) as Partial<Record<keyof Fields, string>>);
      toast.error(errorMessage(err, SUPPORT_MESSAGES.createFailed), TICKET_TOAST_MS.failure);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
        <div>
          <label htmlFor="ticket-subject" className="label">
            Subject
          </label>
          <input
            id="ticket-subject"
            className="input"
            value={form.subject}
            maxLength={TICKET_SUBJECT_MAX}
            placeholder="A short summary of the issue"
            aria-invalid={!!errors.subject || undefined}
            aria-describedby={errors.subject ? 'ticket-subject-error' : undefined}
            onChange={(e) => set('subject', e.target.value)}
          />
          {errors.subject && (
            <p id="ticket-subject-error" className="field-error">
              {errors.subject}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="ticket-priority" className="label">
            Priority
          </label>
          <select
            id="ticket-priority"
            className="input"
            value={form.priority}
            onChange={(e) => set('priority', e.target.value as TicketPriority)}
          >
            {TICKET_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {TICKET_PRIORITY_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor="ticket-message" className="label">
          Message
        </label>
        <textarea
          id="ticket-message"
          rows={6}
          className="input resize-y"
          value={form.message}
          maxLength={TICKET_MESSAGE_MAX}
          placeholder="Tell us what happened, which project or payment it concerns, and what you expected."
          aria-invalid={!!errors.message || undefined}
          aria-describedby={errors.message ? 'ticket-message-error' : undefined}
          onChange={(e) => set('message', e.target.value)}
        />
        {errors.message && (
          <p id="ticket-message-error" className="field-error">
            {errors.message}
          </p>
        )}
      </div>
      <div className="flex justify-end">
        <SendButton label="Submit Ticket" sendingLabel="Submitting..." sending={isLoading} />
      </div>
    </form>
  );
}
