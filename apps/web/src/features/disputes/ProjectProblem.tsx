// The project page's problem block (docs/DEALS.md 'The rules'), for the deal's parties and
// staff. What it offers comes from the deal's `abilities` only: 'Report a problem' (a dialog
// asks what went wrong, then to confirm), 'Withdraw the problem' for its reporter (confirmed
// first: the deal goes on where it was), and the settling controls for staff. It shows the
// problem's state: open (the money is frozen; both parties write in its support ticket), or
// how it ended.
import { DEAL_MESSAGES, type DealAbilities, type DisputeDto } from '@app/shared';
import { AlertTriangle, Snowflake, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { lazyWhenOpen } from '../../lib/lazyWhenOpen';
import { useProjectDisputeQuery, useWithdrawProblemMutation } from './api';
import { DisputeOutcome } from './DisputeOutcome';
import { SettleControls } from './SettleControls';

const ReportProblemDialog = lazyWhenOpen(
  async () => (await import('./ReportProblemDialog')).ReportProblemDialog,
);

export function ProjectProblem({
  project,
  abilities,
  other,
}: {
  project: { id: string; title: string };
  abilities: Pick<DealAbilities, 'report_problem' | 'withdraw_problem' | 'settle'>;
  /** Who the viewer's report goes to besides support: 'the engineer', 'the client'. */
  other: string;
}) {
  const { data: dispute, isLoading, isError } = useProjectDisputeQuery(project.id);
  const [open, setOpen] = useState(false);
  if (isLoading || isError) return null;
  const canReport = abilities.report_problem;
  if (!dispute && !canReport) return null;
  return (
    <section className="card p-5" aria-labelledby="problem-heading">
      <h2 id="problem-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        Problem with this project?
      </h2>
      {dispute && <DisputeState dispute={dispute} abilities={abilities} />}
      {canReport && (
        <>
          {dispute?.status !== 'open' && (
            <p className="mt-2 text-sm text-slate-700">
              If something went wrong with this project, our support team will mediate between you and {other}
              .
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
          <ReportProblemDialog open={open} onOpenChange={setOpen} project={project} other={other} />
        </>
      )}
    </section>
  );
}

function DisputeState({
  dispute: d,
  abilities,
}: {
  dispute: DisputeDto;
  abilities: Pick<DealAbilities, 'withdraw_problem' | 'settle'>;
}) {
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
      {abilities.settle ? (
        <SettleControls dispute={d} />
      ) : (
        <p className="text-slate-700">
          Both sides and support talk it through in{' '}
          <Link to="/contact" className="font-medium text-brand-700 hover:underline">
            your support tickets
          </Link>
          {d.ticket_number ? ` (ticket ${d.ticket_number})` : ''}: add your side and files there.
        </p>
      )}
      {abilities.withdraw_problem && <WithdrawProblem projectId={d.project_id} />}
    </div>
  );
}

function WithdrawProblem({ projectId }: { projectId: string }) {
  const [confirming, setConfirming] = useState(false);
  const [withdraw, { isLoading }] = useWithdrawProblemMutation();
  return (
    <>
      <button type="button" className="btn-secondary w-full" onClick={() => setConfirming(true)}>
        <Undo2 className="h-4 w-4" aria-hidden />
        Withdraw the problem
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Withdraw the problem?"
        description="The deal goes on where it was: the payment stays in escrow, the other side and support are told, and the support ticket is closed with a note."
        confirmLabel="Withdraw the problem"
        cancelLabel="Keep it open"
        busy={isLoading}
        onConfirm={async () => {
          try {
            await withdraw({ projectId }).unwrap();
            toast.success(DEAL_MESSAGES.withdrawn);
          } catch (err) {
            toast.error(errorMessage(err, 'Could not withdraw the problem. Please try again.'), 5000);
          }
          setConfirming(false);
        }}
      />
    </>
  );
}
