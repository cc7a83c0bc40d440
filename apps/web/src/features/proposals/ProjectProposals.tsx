// The owner's 'Proposals' list on a project page (docs/PRODUCT.md#screens): each engineer's name (to the
// public profile), amount, description and status. Pending proposals can be rejected, or
// accepted while the project is open: through the contract dialog and the card checkout.
import { formatCents, formatDeliveryDays, PROPOSAL_MESSAGES } from '@app/shared';
import { Inbox, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { formatDate } from '../../lib/format';
import { useCurrentUser } from '../../lib/lazyStore';
import { ContractDialog } from '../payments';
import { type ProjectProposal, useProjectProposalsQuery, useSetProposalStatusMutation } from './api';
import { ProposalStatusBadge } from './ProposalStatusBadge';

export function ProjectProposals({ projectId, projectOpen }: { projectId: string; projectOpen: boolean }) {
  const user = useCurrentUser();
  const { data, error, isLoading } = useProjectProposalsQuery(projectId);
  const [setStatus] = useSetProposalStatusMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [contractFor, setContractFor] = useState<ProjectProposal | null>(null);
  const [rejecting, setRejecting] = useState<ProjectProposal | null>(null);

  const reject = async (p: ProjectProposal) => {
    if (!user) return;
    setBusy(p.id);
    try {
      await setStatus({
        userId: user.id,
        projectId,
        body: { proposal_id: p.id, new_status: 'rejected' },
      }).unwrap();
      toast.success(PROPOSAL_MESSAGES.rejected);
    } catch (e) {
      toast.error(errorMessage(e, 'Failed to reject the proposal.'));
    } finally {
      setBusy(null);
      setRejecting(null);
    }
  };

  return (
    <section aria-labelledby="proposals-heading" className="card p-5 sm:p-6">
      <h2 id="proposals-heading" className="text-lg font-semibold text-slate-900">
        Proposals
        {data && <span className="ml-2 text-sm font-normal text-slate-600">({data.length})</span>}
      </h2>
      {isLoading ? (
        <div className="flex justify-center py-8">
          <Loader2 className="h-5 w-5 animate-spin text-slate-400" aria-label="Loading proposals" />
        </div>
      ) : error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(error, 'Failed to load proposals.')}
        </p>
      ) : !data?.length ? (
        <div className="mt-4 flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
          <Inbox className="h-8 w-8 text-slate-400" aria-hidden />
          <p className="text-sm text-slate-600">{PROPOSAL_MESSAGES.noProposals}</p>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {data.map((p) => (
            <li key={p.id} className="py-4 first:pt-0 last:pb-0">
              <article aria-label={`Proposal from ${p.full_name}`}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <Link
                      to={`/engineer_profile/${p.engineer_id}`}
                      className="font-semibold text-brand-700 hover:underline"
                    >
                      {p.full_name}
                    </Link>
                    <p className="text-xs text-slate-600">
                      {p.license_type} license · delivery {formatDeliveryDays(p.delivery_days)} · sent{' '}
                      {formatDate(p.created_at)}
                    </p>
                    <p className="text-xs text-slate-600">
                      {p.licensed_in.length
                        ? `Licensed in ${p.licensed_in.join(' · ')}`
                        : 'No current licence for this project’s location'}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="text-base font-semibold text-slate-900">
                      {formatCents(p.proposed_amount)}
                    </span>
                    <ProposalStatusBadge status={p.status} />
                  </div>
                </div>
                <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{p.description}</p>
                {p.status === 'pending' && (
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn-primary"
                      disabled={!projectOpen}
                      onClick={() => setContractFor(p)}
                    >
                      Accept
                    </button>
                    <button
                      type="button"
                      className="btn-secondary text-red-700"
                      disabled={busy === p.id}
                      onClick={() => setRejecting(p)}
                    >
                      {busy === p.id && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
                      Reject
                    </button>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!rejecting}
        onOpenChange={(o) => !o && setRejecting(null)}
        title="Reject this proposal?"
        description={
          rejecting ? `${rejecting.full_name} will be told that the proposal was rejected.` : undefined
        }
        confirmLabel="Reject"
        cancelLabel="Keep Proposal"
        busy={!!busy}
        onConfirm={() => rejecting && void reject(rejecting)}
      />
      {contractFor && (
        <ContractDialog
          open={!!contractFor}
          onOpenChange={(o) => !o && setContractFor(null)}
          projectId={projectId}
          proposalId={contractFor.id}
        />
      )}
    </section>
  );
}
