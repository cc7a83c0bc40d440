// 'Your Proposal' on a project page (docs/PRODUCT.md#screens): the engineer's own proposal, editable and
// withdrawable while pending. A refused edit or withdrawal says why (the server's message).
import { formatCents, formatDeliveryDays, PROPOSAL_MESSAGES } from '@app/shared';
import { Loader2, Pencil, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Modal, ModalActions } from '../../components/Modal';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { formatDate } from '../../lib/format';
import { type EngineerProposal, useUpdateProposalMutation, useWithdrawProposalMutation } from './api';
import { ProposalFormDialog } from './dialogs';
import { FeePreview } from './FeePreview';
import { ProposalStatusBadge } from './ProposalStatusBadge';

export function YourProposal({
  proposal,
  projectOpen,
}: {
  proposal: EngineerProposal;
  projectOpen: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [update] = useUpdateProposalMutation();
  const [withdraw, { isLoading: withdrawing }] = useWithdrawProposalMutation();
  const editable = proposal.status === 'pending' && projectOpen;

  return (
    <section aria-labelledby="your-proposal-heading" className="card p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="your-proposal-heading" className="text-lg font-semibold text-slate-900">
          Your Proposal
        </h2>
        <ProposalStatusBadge status={proposal.status} />
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Proposed amount</dt>
          <dd className="text-base font-semibold text-slate-900">{formatCents(proposal.proposed_amount)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">License type</dt>
          <dd className="font-medium text-slate-900">{proposal.license_type}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Delivery time</dt>
          <dd className="font-medium text-slate-900">{formatDeliveryDays(proposal.delivery_days)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Sent</dt>
          <dd className="font-medium text-slate-900">{formatDate(proposal.created_at)}</dd>
        </div>
      </dl>
      <p className="mt-3 whitespace-pre-line text-sm text-slate-700">{proposal.description}</p>
      <div className="mt-3">
        <FeePreview cents={proposal.proposed_amount} />
      </div>
      {editable && (
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden />
            Edit Proposal
          </button>
          <button type="button" className="btn-secondary text-red-700" onClick={() => setConfirming(true)}>
            <Undo2 className="h-4 w-4" aria-hidden />
            Withdraw Proposal
          </button>
        </div>
      )}

      <ProposalFormDialog
        open={editing}
        onOpenChange={setEditing}
        title="Edit Proposal"
        submitLabel="Save Changes"
        initial={proposal}
        onSubmit={async (values) => {
          await update({
            proposalId: proposal.id,
            projectId: proposal.project_id,
            body: { project_id: proposal.project_id, ...values },
          }).unwrap();
          toast.success(PROPOSAL_MESSAGES.updated);
        }}
      />

      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        size="sm"
        title="Withdraw your proposal?"
        description="The client will no longer see it. You can apply again while the project is open."
      >
        <ModalActions>
          <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
            Keep Proposal
          </button>
          <button
            type="button"
            className="btn-danger"
            disabled={withdrawing}
            onClick={async () => {
              try {
                await withdraw({ proposalId: proposal.id, projectId: proposal.project_id }).unwrap();
                setConfirming(false);
                toast.success(PROPOSAL_MESSAGES.withdrawn);
              } catch (e) {
                setConfirming(false);
                toast.error(errorMessage(e, 'Failed to withdraw the proposal.'));
              }
            }}
          >
            {withdrawing && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Withdraw
          </button>
        </ModalActions>
      </Modal>
    </section>
  );
}
