// The owner's 'Update Project' (edit dialog) and delete (with confirmation), as the
// project's abilities allow (the owner, while the project is open).
import { PROJECT_MESSAGES } from '@app/shared';
import { Loader2, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal, ModalActions } from '../../components/Modal';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { useCurrentUser } from '../../lib/lazyStore';
import { lazyWhenOpen } from '../../lib/lazyWhenOpen';
import { type ProjectDetails, useDeleteProjectMutation } from './api';

const EditProjectDialog = lazyWhenOpen(async () => (await import('./EditProjectDialog')).EditProjectDialog);

export function OwnerActions({ project }: { project: ProjectDetails }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [remove, { isLoading: deleting }] = useDeleteProjectMutation();

  const { abilities } = project;
  if (!abilities.update && !abilities.delete) return null;

  return (
    <>
      {abilities.update && (
        <button type="button" className="btn-secondary w-full" onClick={() => setEditing(true)}>
          <Pencil className="h-4 w-4" aria-hidden />
          Update Project
        </button>
      )}
      {abilities.delete && (
        <button
          type="button"
          className="btn-secondary w-full text-red-700"
          onClick={() => setConfirming(true)}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          Delete Project
        </button>
      )}

      <EditProjectDialog open={editing} onOpenChange={setEditing} project={project} />

      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        size="sm"
        title="Delete this project?"
        description="The project and its proposals are removed for good. This cannot be undone."
      >
        <ModalActions>
          <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="btn-danger"
            disabled={deleting}
            onClick={async () => {
              try {
                await remove(project.id).unwrap();
                setConfirming(false);
                toast.success(PROJECT_MESSAGES.deleted);
                navigate(user ? `/client_dashboard/${encodeURIComponent(user.id)}` : '/explore');
              } catch (e) {
                toast.error(errorMessage(e, 'Failed to delete project.'));
              }
            }}
          >
            {deleting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Delete Project
          </button>
        </ModalActions>
      </Modal>
    </>
  );
}
