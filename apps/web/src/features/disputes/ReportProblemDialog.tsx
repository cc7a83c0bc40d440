// 'Report a problem' (ProjectProblem.tsx): what went wrong, then a confirmation of what
// reporting freezes. Loaded the first time it opens.
import { DISPUTE_LIMITS, DISPUTE_MESSAGES, formatCount, reportProblemBodySchema } from '@app/shared';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Modal, ModalActions } from '../../components/Modal';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { useReportProblemMutation } from './api';

export function ReportProblemDialog({
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
              Support and {other} will read this. {formatCount(description.length)} /{' '}
              {formatCount(DISPUTE_LIMITS.description)}
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
