// The project page's problem block (decisions.md 'Project lifecycle'), for the project's
// client and its hired engineer: 'Report a problem' while the project is under way (a
// dialog asks what went wrong, then to confirm), and afterwards the problem's state: open
// (support is on it; the payment, refunds and new submissions are frozen) or how support
// settled it.
import {
  DISPUTE_LIMITS,
  DISPUTE_MESSAGES,
  type DisputeDto,
  type ProjectStatus,
  reportProblemBodySchema,
} from '@app/shared';
import { AlertTriangle, Loader2, Snowflake } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Modal, ModalActions } from '../../components/Modal';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { useCurrentUser } from '../../lib/lazyStore';
import { useProjectDisputeQuery, useReportProblemMutation } from './api';
import { DisputeOutcome } from './DisputeOutcome';

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

function ReportProblemDialog({
  open,
  onOpenChange,
  project,
  other,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  project: { id: string; title: string };
  other: string;
}) {
  const id = useId();
  const [description, setDescription] = useState('');
  const [step, setStep] = useState<'write' | 'confirm'>('write');
  const [error, setError] = useState<string | null>(null);
  const [report, { isLoading }] = useReportProblemMutation();

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setStep('write');
      setError(null);
    }
  };

  const onContinue = (e: FormEvent) => {
    e.preventDefault();
    const parsed = reportProblemBodySchema.safeParse({ description });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    setStep('confirm');
  };

  const onConfirm = async () => {
    try {
      await report({ projectId: project.id, description }).unwrap();
      toast.success(DISPUTE_MESSAGES.reported);
      setDescription('');
      close(false);
    } catch (err) {
      setStep('write');
      setError(errorMessage(err, 'Could not report the problem. Please try again.'));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={step === 'write' ? 'Report a problem' : 'Report this problem?'}
      description={`Project: ${project.title}`}
    >
      {step === 'write' ? (
        <form onSubmit={onContinue} noValidate className="space-y-3">
          <div>
            <label htmlFor={id} className="label">
              What went wrong?
            </label>
            <textarea
              id={id}
              rows={5}
              className="input resize-y"
              value={description}
              maxLength={DISPUTE_LIMITS.description}
              aria-invalid={!!error || undefined}
              aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
              onChange={(e) => {
                setDescription(e.target.value);
                if (error) setError(null);
              }}
            />
            <p id={`${id}-help`} className="mt-1 text-xs text-slate-600">
              Support and {other} will read this. {description.length.toLocaleString('en-US')} /{' '}
              {DISPUTE_LIMITS.description.toLocaleString('en-US')}
            </p>
            {error && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
          <ModalActions>
            <button type="button" className="btn-secondary" onClick={() => close(false)}>
              Cancel
            </button>
            <button type="submit" className="btn-primary">
              Continue
            </button>
          </ModalActions>
        </form>
      ) : (
        <div className="space-y-3 text-sm text-slate-700">
          <p>A support ticket is opened and {other} is told. Until support settles it:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>the payment stays in escrow: it cannot be released or refunded;</li>
            <li>no new submissions can be sent;</li>
            <li>support decides to release the payment to the engineer or refund the client in full.</li>
          </ul>
          <ModalActions>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setStep('write')}
              disabled={isLoading}
            >
              Back
            </button>
            <button
              type="button"
              className="btn-danger"
              onClick={() => void onConfirm()}
              disabled={isLoading}
            >
              {isLoading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
              Report problem
            </button>
          </ModalActions>
        </div>
      )}
    </Modal>
  );
}
