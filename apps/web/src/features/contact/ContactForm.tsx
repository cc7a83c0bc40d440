// The send-email form of signed-out visitors (docs/PRODUCT.md#screens /contact). Any empty field gets the
// the original design's one message; the server's answer (or 'Failed to send email.') is shown above.
import {
  CONTACT_FILL_ALL,
  type ContactInput,
  contactSchema,
  EMAIL_MAX,
  FULL_NAME_MAX,
  SUPPORT_MESSAGES,
  TICKET_MESSAGE_MAX,
  TICKET_SUBJECT_MAX,
} from '@app/shared';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { SendButton } from '../../components/form/SendButton';
import { errorMessage } from '../../lib/apiErrors';
import { useSendContactEmailMutation } from './api';

type Fields = ContactInput;
const EMPTY: Fields = { fullName: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const [form, setForm] = useState<Fields>(EMPTY);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [invalid, setInvalid] = useState<Set<keyof Fields>>(new Set());
  const [send, { isLoading }] = useSendContactEmailMutation();

  const set = (key: keyof Fields, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (invalid.has(key)) setInvalid((s) => new Set([...s].filter((k) => k !== key)));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = contactSchema.safeParse(form);
    if (!parsed.success) {
      const empty = (Object.keys(form) as Array<keyof Fields>).filter((k) => !form[k].trim());
      setInvalid(new Set(empty.length ? empty : parsed.error.issues.map((i) => i.path[0] as keyof Fields)));
      setResult({ ok: false, message: empty.length ? CONTACT_FILL_ALL : parsed.error.issues[0].message });
      return;
    }
    setResult(null);
    try {
      const answer = await send(parsed.data).unwrap();
      setForm(EMPTY);
      setInvalid(new Set());
      setResult({ ok: true, message: answer.message });
    } catch (err) {
      setResult({ ok: false, message: errorMessage(err, SUPPORT_MESSAGES.emailFailed) });
    }
  };

  const field = (key: keyof Fields) => ({
    id: `contact-${key}`,
    name: key,
    value: form[key],
    className: 'input',
    'aria-invalid': invalid.has(key) || undefined,
    'aria-describedby': result && !result.ok ? 'contact-result' : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Send us an email">
      {result &&
        (result.ok ? (
          <p
            id="contact-result"
            role="status"
            className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
          >
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {result.message}
          </p>
        ) : (
          <p
            id="contact-result"
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {result.message}
          </p>
        ))}
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-fullName" className="label">
            Full Name
          </label>
          <input
            {...field('fullName')}
            autoComplete="name"
            maxLength={FULL_NAME_MAX}
            onChange={(e) => set('fullName', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="contact-email" className="label">
            Email
          </label>
          <input
            {...field('email')}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            maxLength={EMAIL_MAX}
            onChange={(e) => set('email', e.target.value)}
          />
        </div>
      </div>
      <div>
        <label htmlFor="contact-subject" className="label">
          Subject
        </label>
        <input
          {...field('subject')}
          maxLength={TICKET_SUBJECT_MAX}
          onChange={(e) => set('subject', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="contact-message" className="label">
          Message
        </label>
        <textarea
          {...field('message')}
          rows={6}
          maxLength={TICKET_MESSAGE_MAX}
          className="input resize-y"
          onChange={(e) => set('message', e.target.value)}
        />
      </div>
      <div className="flex justify-end">
        <SendButton label="Send Email" sendingLabel="Sending..." sending={isLoading} />
      </div>
    </form>
  );
}
