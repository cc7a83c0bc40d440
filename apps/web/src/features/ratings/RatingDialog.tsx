// The rating dialog, both ways (docs/PRODUCT.md#screens 'Submit Rating', docs/PRODUCT.md#validation Rating): the client rates the
// engineer, the engineer rates the client, for a completed project they share, 1 to 5 stars
// and an optional comment, once per project. The sender is the signed-in user.
import { RATING_COMMENT_MAX, RATING_MAX, RATING_MESSAGES, RATING_MIN, ratingDialogText } from '@app/shared';
import { Loader2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Modal, ModalActions } from '../../components/Modal';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { useCurrentUser } from '../../lib/lazyStore';
import { type CompletedProject, useCreateRatingMutation } from './api';
import { StarInput } from './StarInput';

export function RatingDialog({
  open,
  onOpenChange,
  receiverId,
  receiverName,
  receiverRole,
  projects,
  fixedProjectId,
  onRated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  receiverId: string;
  receiverName: string;
  /** Who is rated: the words differ for an engineer's work and a client's project. */
  receiverRole: 'client' | 'engineer';
  /** The completed projects the two share (the choice), each saying whether it was rated. */
  projects: Pick<CompletedProject, 'id' | 'title' | 'rated'>[];
  /** A dialog opened from one project rates that project. */
  fixedProjectId?: string;
  onRated?: () => void;
}) {
  const id = useId();
  const me = useCurrentUser();
  const [projectId, setProjectId] = useState('');
  const [rate, setRate] = useState(0);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<{ field: 'project' | 'rate' | 'form'; message: string } | null>(
    null,
  );
  const [createRating, { isLoading }] = useCreateRatingMutation();

  // Each opening starts afresh, on the only project that can still be rated when there is one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!open) return;
    const unrated = projects.filter((p) => !p.rated);
    setProjectId(fixedProjectId ?? (unrated.length === 1 ? unrated[0].id : ''));
    setRate(0);
    setComment('');
    setProblem(null);
  }, [open]);

  const chosen = projects.find((p) => p.id === projectId);
  const words = ratingDialogText(receiverRole, receiverName);
  const alreadyRated = !!chosen?.rated;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!me) return;
    if (!projectId) return setProblem({ field: 'project', message: RATING_MESSAGES.selectProject });
    if (alreadyRated) return setProblem({ field: 'form', message: RATING_MESSAGES.alreadyRatedProject });
    if (!Number.isInteger(rate) || rate < RATING_MIN || rate > RATING_MAX)
      return setProblem({ field: 'rate', message: RATING_MESSAGES.outOfRange });
    setProblem(null);
    try {
      await createRating({
        sender_id: me.id,
        receiver_id: receiverId,
        project_id: projectId,
        rate,
        comment: comment.trim() || null,
      }).unwrap();
      toast.success(RATING_MESSAGES.submitted);
      onRated?.();
      onOpenChange(false);
    } catch (err) {
      setProblem({ field: 'form', message: errorMessage(err, RATING_MESSAGES.submitFailed) });
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={words.title} description={words.description}>
      <form noValidate onSubmit={submit} className="space-y-4">
        {fixedProjectId ? (
          <p className="text-sm text-slate-700">
            Project: <span className="font-semibold text-slate-900">{chosen?.title}</span>
          </p>
        ) : (
          <div>
            <label htmlFor={`${id}-project`} className="label">
              Project
            </label>
            <select
              id={`${id}-project`}
              className="input"
              value={projectId}
              onChange={(e) => {
                setProjectId(e.target.value);
                setProblem(null);
              }}
              aria-invalid={problem?.field === 'project' || undefined}
              aria-describedby={problem?.field === 'project' ? `${id}-problem` : undefined}
            >
              <option value="">Select a completed project</option>
              {projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                  {p.rated ? ' (rated)' : ''}
                </option>
              ))}
            </select>
            {projects.length === 0 && (
              <p className="mt-1 text-sm text-slate-600">
                You can rate {receiverName} once a project you worked on together is completed.
              </p>
            )}
          </div>
        )}
        {alreadyRated && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
            {RATING_MESSAGES.alreadyRatedProject}
          </p>
        )}
        <StarInput
          value={rate}
          onChange={(v) => {
            setRate(v);
            setProblem(null);
          }}
          disabled={alreadyRated}
          invalid={problem?.field === 'rate'}
          describedBy={problem?.field === 'rate' ? `${id}-problem` : undefined}
        />
        <div>
          <label htmlFor={`${id}-comment`} className="label">
            Comment <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={`${id}-comment`}
            rows={4}
            className="input"
            maxLength={RATING_COMMENT_MAX}
            disabled={alreadyRated}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder={words.question}
          />
        </div>
        {problem && (
          <p id={`${id}-problem`} role="alert" className="alert-error">
            {problem.message}
          </p>
        )}
        <ModalActions>
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isLoading || alreadyRated}>
            {isLoading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Submit Rating
          </button>
        </ModalActions>
      </form>
    </Modal>
  );
}
