// The project page's deal block (docs/DEALS.md 'What people see'): the deal's state and its
// escrow in the shared labels, the dates that matter (until when the client may refund, when a
// waiting deliverable is accepted on the client's behalf), where the money went once it ended,
// and the caller's buttons — each shown only when the server's `abilities` say so; the page
// never compares roles or ids for them.
import { DEAL_STATE_LABELS, type DealDto, ESCROW_LABELS, formatCents } from '@app/shared';
import { Handshake, Undo2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { MessageButton } from '../chat';
import { useRequestRefundMutation } from '../payments';

export function DealPanel({ deal: d }: { deal: DealDto }) {
  const a = d.abilities;
  const final = d.state === 'released' || d.state === 'refunded' || d.state === 'split';
  return (
    <section className="card p-5" aria-labelledby="deal-heading">
      <h2
        id="deal-heading"
        className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-slate-600"
      >
        <Handshake className="h-4 w-4" aria-hidden />
        The deal
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <Fact label="State">
          <span data-testid="deal-state">{DEAL_STATE_LABELS[d.state]}</span>
        </Fact>
        <Fact label="Escrow">
          <span data-testid="deal-escrow">{ESCROW_LABELS[d.escrow]}</span>
        </Fact>
        <Fact label="Amount">{formatCents(d.amount_cents)}</Fact>
        <Fact label="Client">{d.client_name}</Fact>
        <Fact label="Engineer">{d.engineer_name}</Fact>
        <Fact label="Paid">{formatDateTime(d.paid_at)}</Fact>
        {d.refund_until && <Fact label="Refund possible until">{formatDateTime(d.refund_until)}</Fact>}
        {d.auto_release_at && (
          <Fact label="Accepted automatically on">{formatDateTime(d.auto_release_at)}</Fact>
        )}
        {final && d.engineer_cents != null && (
          <Fact label="To the engineer">{formatCents(d.engineer_cents)}</Fact>
        )}
        {final && d.platform_fee_cents != null && (
          <Fact label="Platform fee">{formatCents(d.platform_fee_cents)}</Fact>
        )}
        {final && d.client_refund_cents != null && (
          <Fact label="Refunded to the client">{formatCents(d.client_refund_cents)}</Fact>
        )}
      </dl>
      {d.auto_release_at && (
        <p className="mt-3 text-xs text-slate-600">
          Without a decision by then, the deliverable is accepted and the payment released to the engineer.
        </p>
      )}
      {(a.refund || a.deliver || a.decide || a.show_submissions || a.message) && (
        <div className="mt-4 space-y-2 border-t border-slate-200 pt-4">
          {a.deliver || a.decide || a.show_submissions ? (
            <Link to={`/submissions/${d.project_id}`} className="btn-secondary w-full">
              {a.deliver ? 'Send a deliverable' : a.decide ? 'Review the deliverable' : 'Show Submissions'}
            </Link>
          ) : null}
          {a.message && (
            <MessageButton
              deal={{ project_id: d.project_id, client_id: d.client_id, engineer_id: d.engineer_id }}
            />
          )}
          {a.refund && <RefundButton deal={d} />}
        </div>
      )}
    </section>
  );
}

function RefundButton({ deal: d }: { deal: DealDto }) {
  const [confirming, setConfirming] = useState(false);
  const [refund, { isLoading }] = useRequestRefundMutation();
  return (
    <>
      <button type="button" className="btn-secondary w-full text-red-700" onClick={() => setConfirming(true)}>
        <Undo2 className="h-4 w-4" aria-hidden />
        Refund
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Refund ${formatCents(d.amount_cents)}?`}
        description={`The whole payment of ${formatCents(d.amount_cents)} goes back to your card, the deal with ${d.engineer_name} ends and the project opens again for proposals.`}
        confirmLabel="Refund"
        cancelLabel="Keep the deal"
        busy={isLoading}
        onConfirm={async () => {
          try {
            const result = await refund({ paymentId: d.payment_id }).unwrap();
            toast.success(result.message);
          } catch (err) {
            toast.error(errorMessage(err, 'Could not refund the payment. Please try again.'), 5000);
          }
          setConfirming(false);
        }}
      />
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}
