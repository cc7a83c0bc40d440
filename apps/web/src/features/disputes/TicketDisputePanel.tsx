// The staff desk's view of a ticket opened for a problem (docs/PRODUCT.md#project-lifecycle):
// the project, who reported what, the money held in escrow, and the ways to settle it —
// release, refund, or split (SettleControls.tsx) — each confirmed with its amounts first;
// afterwards the decision, split amounts included.
import { type DisputeDto, formatCents } from '@app/shared';
import { Gavel, Loader2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { useProjectDisputeQuery, useTicketDisputeQuery } from './api';
import { DisputeOutcome } from './DisputeOutcome';
import { SettleControls } from './SettleControls';

export function TicketDisputePanel({
  ticketId,
  projectId,
  viewer,
}: {
  ticketId: string;
  projectId: string | null;
  /** Staff read the problem by its ticket; its parties read their project's problem. */
  viewer: 'staff' | 'party';
}) {
  const byTicket = useTicketDisputeQuery(ticketId, { skip: viewer !== 'staff' });
  const byProject = useProjectDisputeQuery(projectId ?? '', { skip: viewer === 'staff' || !projectId });
  const { data, isLoading, isError } = viewer === 'staff' ? byTicket : byProject;
  // A project's later problem has its own ticket: show only this ticket's.
  const dispute = data && data.ticket_id === ticketId ? data : null;
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

const STATUS_LABELS: Record<DisputeDto['status'], string> = {
  open: 'Open',
  released: 'Released',
  refunded: 'Refunded',
  split: 'Split',
  withdrawn: 'Withdrawn',
};

function Panel({ dispute: d }: { dispute: DisputeDto }) {
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
          {STATUS_LABELS[d.status]}
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
        <SettleControls dispute={d} />
      ) : null}
    </section>
  );
}
