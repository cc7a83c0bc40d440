// The 'Receipt' (and 'Refund receipt') downloads of a payment, in the client's Payment History
// and the admin Orders list. The PDF comes from the server with the session's token; a refusal
// shows the server's message.
import { receiptFileName, receiptKinds, receiptPath } from '@app/shared';
import { FileText } from 'lucide-react';
import { PrivateFileLink } from '../../components/PrivateFileLink';

const LABELS = { payment: 'Receipt', refund: 'Refund receipt' } as const;

export function ReceiptLinks({
  payment,
  describedAs,
}: {
  payment: { id: string; status: string; refund_status: string | null };
  /** What the payment is, for screen readers: 'the payment for Deck permit'. */
  describedAs: string;
}) {
  const kinds = receiptKinds(payment);
  if (!kinds.length) return null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      {kinds.map((kind) => (
        <PrivateFileLink
          key={kind}
          href={receiptPath(payment.id, kind)}
          filename={receiptFileName(payment.id, kind)}
          className="btn-secondary px-3 py-1.5"
        >
          <FileText className="h-4 w-4" aria-hidden />
          {LABELS[kind]}
          <span className="sr-only"> of {describedAs}</span>
        </PrivateFileLink>
      ))}
    </span>
  );
}
