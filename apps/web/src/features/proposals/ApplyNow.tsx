// 'Apply Now' on a project page (docs/PRODUCT.md#screens, #validation): asks the server whether this engineer may
// apply as soon as the button shows, and when not shows its exact message under a disabled
// button before any click (with a way to the licences or the payout account when that is what
// is missing); asks again on the click, then opens 'Create Proposal'. Signed-out visitors go
// to /sign-in.
import { PROPOSAL_MESSAGES } from '@app/shared';
import { AlertTriangle, Loader2, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../components/toast/toast';
import { useCurrentUser } from '../../lib/lazyStore';
import { useCreateProposalMutation, useEligibilityQuery, useLazyEligibilityQuery } from './api';
import { ProposalFormDialog } from './dialogs';

/** The engineer dashboard tab where the payout (Stripe) account is connected. */
export function stripeWalletHref(userId: string) {
  return `/engineer_dashboard/${encodeURIComponent(userId)}?tab=stripe`;
}

export function ApplyNow({ projectId, licenseType }: { projectId: string; licenseType: string | null }) {
  const user = useCurrentUser();
  const [checkEligibility, { isFetching }] = useLazyEligibilityQuery();
  const before = useEligibilityQuery(projectId, { skip: !user, refetchOnMountOrArgChange: true });
  const [create] = useCreateProposalMutation();
  const [clicked, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const known =
    before.data && !before.data.ok ? (before.data.message ?? PROPOSAL_MESSAGES.unableToVerify) : null;
  const problem = clicked ?? known;

  if (!user) {
    return (
      <Link to="/sign-in" className="btn-primary w-full">
        <Send className="h-4 w-4" aria-hidden />
        Apply Now
      </Link>
    );
  }

  const onApply = async () => {
    setProblem(null);
    try {
      const answer = await checkEligibility(projectId, false).unwrap();
      if (answer.ok) setOpen(true);
      else setProblem(answer.message ?? PROPOSAL_MESSAGES.unableToVerify);
    } catch {
      setProblem(PROPOSAL_MESSAGES.unableToVerify);
    }
  };

  return (
    <div>
      <button
        type="button"
        className="btn-primary w-full"
        disabled={isFetching || !!known}
        aria-describedby={problem ? `apply-problem-${projectId}` : undefined}
        onClick={() => void onApply()}
      >
        {isFetching ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
        ) : (
          <Send className="h-4 w-4" aria-hidden />
        )}
        Apply Now
      </button>
      {problem && (
        <div
          id={`apply-problem-${projectId}`}
          role="status"
          className="mt-3 flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <div>
            <p>{problem}</p>
            {problem === PROPOSAL_MESSAGES.stripeRequired && (
              <Link to={stripeWalletHref(user.id)} className="mt-1 inline-block font-semibold underline">
                Set up your Stripe account
              </Link>
            )}
            {(problem === PROPOSAL_MESSAGES.noLicenses ||
              problem === PROPOSAL_MESSAGES.licensesExpired ||
              problem === PROPOSAL_MESSAGES.noMatchingLicense ||
              problem.endsWith(' licence is waiting for review.')) && (
              <Link
                to={`/profile/${encodeURIComponent(user.id)}?tab=licenses`}
                className="mt-1 inline-block font-semibold underline"
              >
                Manage your licenses
              </Link>
            )}
          </div>
        </div>
      )}
      <ProposalFormDialog
        open={open}
        onOpenChange={setOpen}
        title="Create Proposal"
        submitLabel="Submit Proposal"
        initial={{
          description: '',
          license_type: licenseType ?? '',
          proposed_amount: null,
          delivery_days: null,
        }}
        onSubmit={async (values) => {
          await create({ engineerId: user.id, body: { project_id: projectId, ...values } }).unwrap();
          toast.success(PROPOSAL_MESSAGES.submitted);
        }}
      />
    </div>
  );
}
