// The owner's 'Update Project' dialog (OwnerActions.tsx): the project form, filled in.
// Loaded the first time it opens.
import { PROJECT_MESSAGES } from '@app/shared';
import { Modal } from '../../components/Modal';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { type ProjectDetails, useUpdateProjectMutation } from './api';
import { ProjectForm, projectToForm } from './ProjectForm';

export function EditProjectDialog({
  open,
  onOpenChange,
  project,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  project: ProjectDetails;
}) {
  const [update] = useUpdateProjectMutation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} size="lg" title="Update Project">
      <ProjectForm
        defaultValues={projectToForm(project)}
        submitLabel="Save Changes"
        failureMessage={PROJECT_MESSAGES.updateFailed}
        submittingLabel="Saving..."
        onCancel={() => onOpenChange(false)}
        onSubmit={async (body) => {
          try {
            await update({ id: project.id, body }).unwrap();
            toast.success(PROJECT_MESSAGES.updated);
            onOpenChange(false);
          } catch (e) {
            toast.error(errorMessage(e, PROJECT_MESSAGES.updateFailed));
            throw e;
          }
        }}
      />
    </Modal>
  );
}
