// The send-invitation dialog (docs/PRODUCT.md#screens, #validation): the client picks one of their open projects
// and the engineer is notified.
import { PROPOSAL_MESSAGES } from '@app/shared';
import { Loader2, Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Modal, ModalActions } from '../../components/Modal';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import type { Project } from '../projects';
import { useSendInvitationMutation } from './api';
import { inviteChoices } from './eligibility';

export function InviteDialog({
  open,
  onOpenChange,
  engineerUserId,
  engineerName,
  engineerLicenseTypes,
  projects,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  engineerUserId: string;
  engineerName: string;
  /** Licence types the engineer holds: a project needing another type cannot be chosen. */
  engineerLicenseTypes: readonly string[];
  /** The client's open projects. */
  projects: Pick<Project, 'id' | 'title' | 'license_type'>[];
}) {
  const choices = inviteChoices(projects, engineerLicenseTypes);
  const choosable = choices.filter((c) => !c.blockedBy);
  const id = useId();
  const [projectId, setProjectId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, { isLoading }] = useSendInvitationMutation();

  // Each opening starts afresh (a single open project is chosen for the client).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (open) {
      setProjectId(choosable.length === 1 ? choosable[0].id : '');
      setError(null);
    }
  }, [open]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!projectId) {
      setError(PROPOSAL_MESSAGES.selectProject);
      return;
    }
    setError(null);
    try {
      await send({ projectId, engineerUserId }).unwrap();
      toast.success(PROPOSAL_MESSAGES.invitationSent);
      onOpenChange(false);
    } catch (err) {
      toast.error(errorMessage(err, PROPOSAL_MESSAGES.invitationFailed));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title="Send Invitation"
      description={`Invite ${engineerName} to send a proposal for one of your open projects.`}
    >
      <form onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-project`} className="label">
          Project
        </label>
        <select
          id={`${id}-project`}
          className="input"
          value={projectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setProjectId(e.target.value)}
        >
          <option value="">Select a project</option>
          {choices.map((p) => (
            <option key={p.id} value={p.id} disabled={!!p.blockedBy}>
              {p.blockedBy ? `${p.title} (${p.blockedBy})` : p.title}
            </option>
          ))}
        </select>
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
        <ModalActions>
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isLoading}>
            {isLoading ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <Send className="h-4 w-4" aria-hidden />
            )}
            Send Invitation
          </button>
        </ModalActions>
      </form>
    </Modal>
  );
}
