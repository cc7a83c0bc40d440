// /create_project (docs/PRODUCT.md#screens): clients post a project; on success they land on /explore.
// Signed-out visitors never get here (the protected group sends them to /sign-in).
import { PROJECT_MESSAGES } from '@app/shared';
import { ShieldAlert } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { useCurrentUser } from '../../lib/lazyStore';
import { usePageMeta } from '../../lib/usePageMeta';
import { useCreateProjectMutation } from './api';
import { ProjectForm } from './ProjectForm';

export function CreateProjectPage() {
  usePageMeta(
    'Post a Project',
    'Describe your engineering project and receive proposals from licensed engineers.',
  );
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [createProject] = useCreateProjectMutation();

  if (user && user.role !== 'client') {
    return (
      <main className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <div className="card flex flex-col items-center gap-3 p-8 text-center">
          <ShieldAlert className="h-10 w-10 text-amber-600" aria-hidden />
          <h1 className="text-xl font-bold text-slate-900">Only clients can post projects</h1>
          <p className="text-sm text-slate-600">
            You are signed in as {user.role === 'admin' ? 'an admin' : 'an engineer'}. Projects are posted by
            client accounts; engineers find work on the explore page.
          </p>
          <Link to="/explore" className="btn-primary mt-2">
            Explore Projects
          </Link>
        </div>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Post a Project</h1>
      <p className="mt-1 text-sm text-slate-600">
        Tell licensed engineers what you need. You are not charged until you accept a proposal.
      </p>
      <div className="card mt-6 p-5 sm:p-8">
        <ProjectForm
          submitLabel="Create Project"
          failureMessage={PROJECT_MESSAGES.createFailed}
          submittingLabel="Creating..."
          onSubmit={async (body) => {
            if (!user) return;
            try {
              await createProject({ userId: user.id, body }).unwrap();
              toast.success(PROJECT_MESSAGES.created);
              navigate('/explore');
            } catch (e) {
              toast.error(errorMessage(e, PROJECT_MESSAGES.createFailed));
              throw e;
            }
          }}
        />
      </div>
    </main>
  );
}
