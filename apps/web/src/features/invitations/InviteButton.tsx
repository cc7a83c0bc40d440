// 'Send Invitation' on the engineer directory cards and the public profile (docs/PRODUCT.md#screens, #roles):
// signed-out visitors go to /sign-in; engineers and admins see it disabled; clients may use
// it once they have at least one open project.
import { PROPOSAL_MESSAGES } from '@app/shared';
import { Loader2, MailPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/lazyStore';
import { useCustomerProjectsQuery } from '../projects';
import { InviteDialog } from './InviteDialog';

const LOAD_FAILED = 'Failed to load your projects.';

export function InviteButton({
  engineerUserId,
  engineerName,
  engineerLicenseTypes,
  className = 'btn-primary w-full whitespace-nowrap',
  containerClassName,
}: {
  engineerUserId: string;
  engineerName: string;
  engineerLicenseTypes: readonly string[];
  /** Classes of the button itself. */
  className?: string;
  /** Classes of the box holding the button and its hint. */
  containerClassName?: string;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const isClient = user?.role === 'client';
  const { data, error, isLoading } = useCustomerProjectsQuery(
    { clientId: user?.id ?? '', status: 'open' },
    { skip: !isClient },
  );
  const openProjects = (data ?? []).filter((p) => p.status === 'open');

  const label = (
    <>
      {isLoading ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
      ) : (
        <MailPlus className="h-4 w-4" aria-hidden />
      )}
      Send Invitation
    </>
  );

  if (!user) {
    return (
      <div className={containerClassName}>
        <button type="button" className={className} onClick={() => navigate('/sign-in')}>
          {label}
        </button>
      </div>
    );
  }

  const hint = !isClient
    ? 'Only clients can send invitations.'
    : error
      ? LOAD_FAILED
      : !isLoading && openProjects.length === 0
        ? PROPOSAL_MESSAGES.needOpenProject
        : null;
  const disabled = !isClient || isLoading || !!error || openProjects.length === 0;

  return (
    <div className={containerClassName}>
      <button
        type="button"
        className={className}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        title={hint ?? undefined}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {hint && isClient && (
        <p id={hintId} className={`mt-1 text-xs ${error ? 'text-red-700' : 'text-slate-600'}`}>
          {hint}
        </p>
      )}
      {hint && !isClient && (
        <span id={hintId} className="sr-only">
          {hint}
        </span>
      )}
      {isClient && openProjects.length > 0 && (
        <InviteDialog
          open={open}
          onOpenChange={setOpen}
          engineerUserId={engineerUserId}
          engineerName={engineerName}
          engineerLicenseTypes={engineerLicenseTypes}
          projects={openProjects}
        />
      )}
    </div>
  );
}
