// The project page's problem block (decisions.md 'Project lifecycle'), for the project's
// client and its hired engineer: 'Report a problem' while the project is under way (a
// dialog asks what went wrong, then to confirm), and afterwards the problem's state: open
// (support is on it; the payment, refunds and new submissions are frozen) or how support
// settled it.
import type { DisputeDto, ProjectStatus } from '@app/shared';
import { AlertTriangle, Snowflake } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { useCurrentUser } from '../../lib/lazyStore';
import { lazyWhenOpen } from '../../lib/lazyWhenOpen';
import { useProjectDisputeQuery } from './api';
import { DisputeOutcome } from './DisputeOutcome';

const ReportProblemDialog = lazyWhenOpen(
  async () => (await import('./ReportProblemDialog')).ReportProblemDialog,
);

const UNDER_WAY: ProjectStatus[] = ['assigned', 'inprogress'];

export function ProjectProblem({
  project,
  viewer,
  party,
}: {
  project: { id: string; title: string; status: ProjectStatus };
  /** Who is looking: the project's client or an engineer who proposed. */
  viewer: 'client' | 'engineer';
  /** The client or the hired engineer: they may report. (An engineer whose deal was refunded only reads.) */
  party: boolean;
}) {
  const { data: dispute, isLoading, isError } = useProjectDisputeQuery(project.id);
  const [open, setOpen] = useState(false);
  if (isLoading || isError) return null;
  const canReport = party && UNDER_WAY.includes(project.status) && dispute?.status !== 'open';
  if (!dispute && !canReport) return null;
  return (
    <section className="card p-5" aria-labelledby="problem-heading">
      <h2 id="problem-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        Problem with this project?
      </h2>
      {dispute && <DisputeState dispute={dispute} />}
      {canReport && (
        <>
          {!dispute && (
            <p className="mt-2 text-sm text-slate-700">
              If something went wrong with this project, our support team will mediate between you and the{' '}
              {viewer === 'client' ? 'engineer' : 'client'}.
            </p>
          )}
          <button
            type="button"
            className="btn-secondary mt-3 w-full text-red-700"
            onClick={() => setOpen(true)}
          >
            <AlertTriangle className="h-4 w-4" aria-hidden />
            Report a problem
          </button>
          <ReportProblemDialog
            open={open}
            onOpenChange={setOpen}
            project={project}
            other={viewer === 'client' ? 'the engineer' : 'the client'}
          />
        </>
      )}
    </section>
  );
}

function DisputeState({ dispute: d }: { dispute: DisputeDto }) {
  const me = useCurrentUser()?.id;
  if (d.status !== 'open')
    return (
      <div className="mt-3">
        <DisputeOutcome dispute={d} />
      </div>
    );
  return (
    <div className="mt-3 space-y-3 text-sm">
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900" role="status">
        <p className="flex items-start gap-2 font-semibold">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Problem reported: support is handling it
        </p>
        <p className="mt-1">
          Reported by {d.reported_by_name} on {formatDateTime(d.created_at)}
          {d.ticket_number ? ` · ticket ${d.ticket_number}` : ''}.
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words text-amber-950">“{d.description}”</p>
      </div>
      <p className="flex items-start gap-2 text-slate-700">
        <Snowflake className="mt-0.5 h-4 w-4 shrink-0 text-sky-600" aria-hidden />
        <span>
          Frozen until support decides: the payment stays in escrow (no release and no refund) and no new
          submissions can be sent.
        </span>
      </p>
      {d.reported_by === me ? (
        <p className="text-slate-700">
          Follow the conversation in{' '}
          <Link to="/contact" className="font-medium text-brand-700 hover:underline">
            your support tickets
          </Link>
          .
        </p>
      ) : (
        <p className="text-slate-700">Our support team will contact you about it.</p>
      )}
    </div>
  );
}
