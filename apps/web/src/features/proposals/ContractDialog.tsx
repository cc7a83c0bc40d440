// The contract that precedes acceptance (spec §2, §9): the client reads the terms and signs
// by ticking the box; acceptance then happens by paying at checkout. Checkout arrives with
// the payments work, so the last button says so and stays disabled: nothing is accepted here.
import { formatCents, splitFee } from '@app/shared';
import { CreditCard, FileSignature } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Modal, ModalActions } from '../../components/Modal';

export function ContractDialog({
  open,
  onOpenChange,
  projectTitle,
  clientName,
  engineerName,
  amountCents,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectTitle: string;
  clientName: string;
  engineerName: string;
  amountCents: number;
}) {
  const id = useId();
  const [signed, setSigned] = useState(false);
  useEffect(() => {
    if (!open) setSigned(false);
  }, [open]);
  const { platformFeeCents, engineerCents } = splitFee(amountCents);
  const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Contract Agreement"
      description="Read the agreement and sign it to continue to payment."
    >
      <article
        aria-label="Contract text"
        className="max-h-[45vh] space-y-3 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-800"
      >
        <h3 className="flex items-center gap-2 font-semibold text-slate-900">
          <FileSignature className="h-4 w-4 text-brand-600" aria-hidden />
          Engineering Services Agreement
        </h3>
        <p>
          This agreement, dated {today}, is made between <strong>{clientName}</strong> (the “Client”) and{' '}
          <strong>{engineerName}</strong> (the “Engineer”) for the project “<strong>{projectTitle}</strong>”,
          arranged through StampWorks (the “Platform”).
        </p>
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            <strong>Scope.</strong> The Engineer will deliver the work described in the accepted proposal,
            including signed and stamped drawings where the project requires them.
          </li>
          <li>
            <strong>Price.</strong> The agreed price is <strong>{formatCents(amountCents)}</strong> (USD).
          </li>
          <li>
            <strong>Payment.</strong> Payment of the full amount is due on signing this agreement. It is
            processed by Stripe, the Platform’s card payment provider; the Platform stores no card data. The
            amount is held in escrow until the Client accepts the final submission.
          </li>
          <li>
            <strong>Fees.</strong> The Platform retains a fee of 20% of the price (
            {formatCents(platformFeeCents)}). The Engineer receives 80% of the price (
            {formatCents(engineerCents)}), paid out after the Client accepts the final submission.
          </li>
          <li>
            <strong>Refunds.</strong> The Client may request a full refund within 24 hours of a successful
            payment, unless the project has been completed.
          </li>
          <li>
            <strong>Disputes.</strong> Disagreements about the work are mediated by the Platform’s support
            team.
          </li>
        </ol>
      </article>
      <label
        htmlFor={`${id}-sign`}
        className="mt-4 flex cursor-pointer items-start gap-3 text-sm text-slate-800"
      >
        <input
          id={`${id}-sign`}
          type="checkbox"
          className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600"
          checked={signed}
          onChange={(e) => setSigned(e.target.checked)}
        />
        <span>I have read this agreement and sign it as the Client.</span>
      </label>
      {signed && (
        <p
          role="status"
          className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          Card checkout is not available yet, so this proposal cannot be accepted today. It stays pending and
          nothing is charged.
        </p>
      )}
      <ModalActions>
        <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
          Close
        </button>
        <button type="button" className="btn-primary" disabled>
          <CreditCard className="h-4 w-4" aria-hidden />
          Checkout not available yet
        </button>
      </ModalActions>
    </Modal>
  );
}
