// The staff desk's view of a ticket opened for a problem (decisions.md 'Project lifecycle'):
// the project, who reported what, the money held in escrow, and the two ways to settle it —
// release to the engineer (80/20, the project completed) or refund the client in full (the
// project closed) — each confirmed first; afterwards the decision.
import {
  DISPUTE_LIMITS,
  DISPUTE_MESSAGES,
  type DisputeDto,
  formatCents,
  type DisputeOutcome as Outcome,
  splitFee,
} from '@app/shared';
import { Gavel, Loader2, Undo2, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { useResolveDisputeMutation, useTicketDisputeQuery } from './api';
import { DisputeOutcome } from './DisputeOutcome';

export function TicketDisputePanel({ ticketId }: { ticketId: string }) {
  const { data: dispute, isLoading, isError } = useTicketDisputeQuery(ticketId);
  if (isLoading)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading the reported problem...
      </p>
    );
  if (isError) return <p className="alert-error">Could not load the reported problem.</p>;
  if (!dispute) return null;
  return <Panel dispute={dispute} />;
}

function Panel({ dispute: d }: { dispute: DisputeDto }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<Outcome | null>(null);
  const [resolve, { isLoading }] = useResolveDisputeMutation();
  const split = splitFee(d.escrow_cents);

  const settle = async (outcome: Outcome) => {
    try {
      await resolve({ id: d.id, outcome, note: note.trim() || null }).unwrap();
      toast.success(outcome === 'released' ? DISPUTE_MESSAGES.released : DISPUTE_MESSAGES.refunding);
      setNote('');
    } catch (err) {
      toast.error(errorMessage(err, 'Could not settle the problem. Please try again.'), 5000);
    }
    setConfirming(null);
  };

  return (
    <section
      aria-label="Reported problem"
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50/60 p-4 text-sm"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold text-slate-900">
          <Gavel className="h-4 w-4 text-amber-700" aria-hidden />
          Reported problem
        </h3>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
            d.status === 'open'
              ? 'bg-amber-100 text-amber-900 ring-amber-300'
              : 'bg-green-50 text-green-800 ring-green-200'
          }`}
        >
          {d.status === 'open' ? 'Open' : d.status === 'released' ? 'Released' : 'Refunded'}
        </span>
      </header>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Project</dt>
          <dd>
            <Link
              to={`/project_details/${d.project_id}`}
              className="font-medium text-brand-700 hover:underline"
            >
              {d.project_title}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Held in escrow</dt>
          <dd className="font-semibold text-slate-900">{formatCents(d.escrow_cents)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Client</dt>
          <dd>{d.client_name}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Engineer</dt>
          <dd>{d.engineer_name ?? '—'}</dd>
        </div>
      </dl>
      <p className="text-slate-700">
        Reported by <strong>{d.reported_by_name}</strong> on {formatDateTime(d.created_at)}:
      </p>
      <p className="whitespace-pre-wrap break-words rounded-lg bg-white p-3 text-slate-800">
        {d.description}
      </p>

      {d.status !== 'open' ? (
        <DisputeOutcome dispute={d} />
      ) : d.abilities.resolve ? (
        <div className="space-y-2">
          <label htmlFor={id} className="label">
            Note for both sides (optional)
          </label>
          <textarea
            id={id}
            rows={2}
            className="input resize-y bg-white"
            value={note}
            maxLength={DISPUTE_LIMITS.note}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              className="btn-secondary text-red-700"
              disabled={isLoading}
              onClick={() => setConfirming('refunded')}
            >
              <Undo2 className="h-4 w-4" aria-hidden />
              Refund client
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={isLoading}
              onClick={() => setConfirming('released')}
            >
              <Wallet className="h-4 w-4" aria-hidden />
              Release to engineer
            </button>
          </div>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={
          confirming === 'released' ? 'Release the payment to the engineer?' : 'Refund the client in full?'
        }
        description={
          confirming === 'released'
            ? `${formatCents(d.escrow_cents)} leaves escrow: ${d.engineer_name ?? 'the engineer'} receives ${formatCents(split.engineerCents)} (80%) on the next payout, the platform keeps ${formatCents(split.platformFeeCents)} (20%), and the project is completed. This cannot be undone.`
            : `${formatCents(d.escrow_cents)} goes back to ${d.client_name}'s card in full and the project is closed. This cannot be undone.`
        }
        confirmLabel={confirming === 'released' ? 'Release to engineer' : 'Refund client'}
        busy={isLoading}
        onConfirm={() => confirming && void settle(confirming)}
      />
    </section>
  );
}
