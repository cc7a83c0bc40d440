// The project owner's decision on a pending version (docs/PRODUCT.md#states): Accept asks first, because it
// completes the project and releases the escrow; Reject asks first too, with an optional
// comment the engineer will read. Toasts of docs/PRODUCT.md#messages for 3 seconds. A deliverable without a
// verified seal is accepted only through a warning that says what is missing for a permit.
import {
  SEAL_MESSAGES,
  SUBMISSION_LIMITS,
  SUBMISSION_MESSAGES,
  SUBMISSION_TOAST_MS,
  sealText,
} from '@app/shared';
import { Check, Loader2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Modal, ModalActions } from '../../components/Modal';
import { toast } from '../../components/toast/toast';
import { requestErrorMessage } from '../../lib/apiErrors';
import { type Submission, useDecideSubmissionMutation } from './api';

export function DecideActions({ submission }: { submission: Submission }) {
  const id = useId();
  const [decide, { isLoading }] = useDecideSubmissionMutation();
  const [confirmAccept, setConfirmAccept] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState('');

  const seal = sealText(submission.signature, {
    sha256: submission.file_sha256,
    engineer: submission.engineer_name,
  });
  const verified = seal.seal === 'verified';
  const escrowText = `Accepting "${submission.title}" completes the project and releases the payment held in escrow to ${submission.engineer_name}. It cannot be undone, and no refund is possible afterwards.`;

  const send = async (accept: boolean) => {
    try {
      await decide({
        id: submission.id,
        projectId: submission.project_id,
        body: { client_acceptance: accept, comment: accept ? null : comment.trim() || null },
      }).unwrap();
      toast.success(
        accept ? SUBMISSION_MESSAGES.accepted : SUBMISSION_MESSAGES.rejected,
        SUBMISSION_TOAST_MS,
      );
      setConfirmAccept(false);
      setRejecting(false);
      setComment('');
    } catch (e) {
      toast.error(requestErrorMessage(e, SUBMISSION_MESSAGES.decideFailed), SUBMISSION_TOAST_MS);
    }
  };

  return (
    <>
      <button type="button" className="btn-primary" onClick={() => setConfirmAccept(true)}>
        <Check className="h-4 w-4" aria-hidden />
        Accept
      </button>
      <button type="button" className="btn-secondary text-red-700" onClick={() => setRejecting(true)}>
        <X className="h-4 w-4" aria-hidden />
        Reject
      </button>
      <ConfirmDialog
        open={confirmAccept}
        onOpenChange={setConfirmAccept}
        title={verified ? 'Accept this submission?' : SEAL_MESSAGES.acceptTitle}
        description={
          verified ? (
            escrowText
          ) : (
            <span className="block space-y-2">
              <span
                className="block rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-950"
                role="alert"
                data-testid="seal-warning"
              >
                <span className="block font-semibold">{SEAL_MESSAGES.acceptWarning}</span>
                <span className="mt-1 block">{seal.headline}.</span>
                <span className="mt-1 block break-words">{seal.meaning}</span>
              </span>
              <span className="block">{escrowText}</span>
            </span>
          )
        }
        confirmLabel={verified ? 'Accept and release payment' : SEAL_MESSAGES.acceptConfirm}
        busy={isLoading}
        onConfirm={() => send(true)}
      />
      <Modal
        open={rejecting}
        onOpenChange={setRejecting}
        size="sm"
        title="Reject this submission?"
        description={`${submission.engineer_name} will be told and can send a new version.`}
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send(false);
          }}
        >
          <label htmlFor={`${id}-comment`} className="label">
            Comment for the engineer <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={`${id}-comment`}
            rows={4}
            className="input"
            maxLength={SUBMISSION_LIMITS.comment}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder="What needs to change in the next version?"
          />
          <ModalActions>
            <button type="button" className="btn-secondary" onClick={() => setRejecting(false)}>
              Cancel
            </button>
            <button type="submit" className="btn-danger" disabled={isLoading}>
              {isLoading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
              Reject submission
            </button>
          </ModalActions>
        </form>
      </Modal>
    </>
  );
}
