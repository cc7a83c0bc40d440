// The submit button of a form that sends words somewhere (the contact form, a new ticket, a
// ticket's reply): a paper plane, or a spinner and the sending words while the request runs,
// when it cannot be pressed again.
import { Loader2, Send } from 'lucide-react';

export function SendButton({
  label,
  sendingLabel,
  sending,
  disabled = false,
}: {
  label: string;
  sendingLabel: string;
  sending: boolean;
  /** Held back for another reason too (a file still uploading). */
  disabled?: boolean;
}) {
  return (
    <button type="submit" className="btn-primary" disabled={sending || disabled}>
      {sending ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
      ) : (
        <Send className="h-4 w-4" aria-hidden />
      )}
      {sending ? sendingLabel : label}
    </button>
  );
}
