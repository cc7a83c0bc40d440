// The create / update dialog of a submission (docs/PRODUCT.md#screens, #validation): title and description required,
// and the stamped drawings as a PDF, uploaded as soon as it is chosen with a progress bar
// (POST /api/files?kind=deliverable: private to the project's two parties and admins).
// Editing keeps the current file unless another is chosen. Right after the upload the
// engineer sees the file's seal verdict (POST /api/seals/check), before sending it; a file
// that is not a readable PDF is refused there with the check's message.
import {
  createSubmissionBodySchema,
  MAX_DOCUMENT_BYTES,
  type SealCheckDto,
  SUBMISSION_LIMITS,
  SUBMISSION_MESSAGES,
  SUBMISSION_TOAST_MS,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileText, Loader2, Paperclip } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { UploadProgress } from '../../components/form/UploadProgress';
import { Modal, ModalActions } from '../../components/Modal';
import { toast } from '../../components/toast/toast';
import { errorFields, errorMessage } from '../../lib/apiErrors';
import { useCurrentUser } from '../../lib/lazyStore';
import { useAppDispatch, useAppSelector } from '../../lib/store';
import { uploadFile } from '../../lib/upload';
import {
  type Submission,
  useCheckSealMutation,
  useCreateSubmissionMutation,
  useUpdateSubmissionMutation,
} from './api';
import { formatBytes } from './format';
import { SignatureStatus } from './SignatureStatus';

const formSchema = createSubmissionBodySchema.pick({ title: true, description: true });
type FormValues = z.input<typeof formSchema>;

const MAX_MB = Math.round(MAX_DOCUMENT_BYTES / (1024 * 1024));

export function SubmissionFormDialog({
  open,
  onOpenChange,
  projectId,
  editing,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string;
  /** The pending submission to update; absent: a new one. */
  editing?: Submission;
}) {
  const id = useId();
  const me = useCurrentUser();
  const token = useAppSelector((s) => s.session.token);
  const dispatch = useAppDispatch();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ link: string; name: string; size: number } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [seal, setSeal] = useState<SealCheckDto | null>(null);
  const [checkSeal, { isLoading: checkingSeal }] = useCheckSealMutation();
  const [create] = useCreateSubmissionMutation();
  const [update] = useUpdateSubmissionMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema) });

  // Each opening starts from the submission as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!open) return;
    reset({ title: editing?.title ?? '', description: editing?.description ?? '' });
    setFile(null);
    setSeal(null);
    setProgress(null);
    setFileError(null);
    setFormError(null);
  }, [open]);

  const onFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFileError(null);
    if (chosen.size > MAX_DOCUMENT_BYTES) {
      setFileError(`${SUBMISSION_MESSAGES.fileUploadFailed} The PDF can be at most ${MAX_MB} MB.`);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setProgress(0);
    try {
      const link = await uploadFile(chosen, 'deliverable', { token, dispatch, onProgress: setProgress });
      setFile({ link, name: chosen.name, size: chosen.size });
      setSeal(null);
      toast.success(SUBMISSION_MESSAGES.fileUploaded, SUBMISSION_TOAST_MS);
      try {
        setSeal(await checkSeal({ attachments: link }).unwrap());
      } catch (e) {
        // Not a readable PDF (or the check is busy): say so on the field; sending it would be
        // refused the same way, so the file is not kept (unused uploads are swept after a day).
        setFile(null);
        setFileError(errorMessage(e, SUBMISSION_MESSAGES.saveFailed));
      }
    } catch (e) {
      toast.error(SUBMISSION_MESSAGES.fileUploadFailed, SUBMISSION_TOAST_MS);
      const message = errorMessage(e, '');
      setFileError(
        message ? `${SUBMISSION_MESSAGES.fileUploadFailed} ${message}` : SUBMISSION_MESSAGES.fileUploadFailed,
      );
      setFile(null);
    } finally {
      setProgress(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const save = handleSubmit(async (v) => {
    setFormError(null);
    if (!editing && !file) {
      setFileError(SUBMISSION_MESSAGES.fileRequired);
      return;
    }
    try {
      if (editing) {
        await update({
          id: editing.id,
          projectId,
          body: { title: v.title, description: v.description, ...(file ? { attachments: file.link } : {}) },
        }).unwrap();
        toast.success(SUBMISSION_MESSAGES.updated, SUBMISSION_TOAST_MS);
      } else {
        await create({
          project_id: projectId,
          engineer_id: me?.id ?? '',
          title: v.title,
          description: v.description,
          attachments: file?.link ?? null,
        }).unwrap();
        toast.success(SUBMISSION_MESSAGES.created, SUBMISSION_TOAST_MS);
      }
      onOpenChange(false);
    } catch (e) {
      toast.error(SUBMISSION_MESSAGES.saveFailed, SUBMISSION_TOAST_MS);
      const fields = errorFields(e);
      if (fields.title) setError('title', { message: fields.title });
      if (fields.description) setError('description', { message: fields.description });
      if (fields.attachments) setFileError(fields.attachments);
      if (!fields.title && !fields.description && !fields.attachments)
        setFormError(errorMessage(e, SUBMISSION_MESSAGES.saveFailed));
    }
  });

  const uploading = progress !== null;
  const describedBy = (name: keyof FormValues) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Update Submission' : 'New Submission'}
      description={
        editing
          ? 'You can change a submission while the client has not decided on it.'
          : 'Send the stamped drawings to the client for review. The PDF is checked for its digital signature.'
      }
    >
      <form noValidate onSubmit={save} className="space-y-4">
        <div>
          <label htmlFor={`${id}-title`} className="label">
            Title
          </label>
          <input
            id={`${id}-title`}
            className="input"
            maxLength={SUBMISSION_LIMITS.title}
            placeholder="e.g. Stamped structural set, revision 1"
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy('title')}
            {...register('title')}
          />
          {errors.title && (
            <p id={`${id}-title-error`} className="field-error">
              {errors.title.message}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-description`} className="label">
            Description
          </label>
          <textarea
            id={`${id}-description`}
            rows={4}
            className="input"
            maxLength={SUBMISSION_LIMITS.description}
            placeholder="What the set contains and what changed since the last version."
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy('description')}
            {...register('description')}
          />
          {errors.description && (
            <p id={`${id}-description-error`} className="field-error">
              {errors.description.message}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="label">
            Stamped drawings (PDF)
          </label>
          <p id={`${id}-file-hint`} className="mb-2 text-sm text-slate-600">
            {editing
              ? `Choose a new PDF to replace the current one (up to ${MAX_MB} MB), or keep it.`
              : `The sealed and signed PDF, up to ${MAX_MB} MB.`}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <label
              htmlFor={`${id}-file`}
              className={`btn-secondary cursor-pointer ${uploading ? 'pointer-events-none opacity-50' : ''}`}
            >
              <Paperclip className="h-4 w-4" aria-hidden />
              {file || editing ? 'Replace PDF' : 'Choose PDF'}
            </label>
            <input
              ref={inputRef}
              id={`${id}-file`}
              type="file"
              accept="application/pdf,.pdf"
              className="sr-only"
              disabled={uploading}
              aria-describedby={`${id}-file-hint${fileError ? ` ${id}-file-error` : ''}`}
              aria-invalid={fileError ? true : undefined}
              onChange={(e) => onFile(e.target.files?.[0])}
            />
            {file && (
              <span className="flex min-w-0 items-center gap-1.5 text-sm text-slate-700">
                <FileText className="h-4 w-4 shrink-0 text-brand-700" aria-hidden />
                <span className="truncate">{file.name}</span>
                <span className="shrink-0 text-slate-500">({formatBytes(file.size)})</span>
              </span>
            )}
            {!file && editing && (
              <span className="text-sm text-slate-600">Current PDF ({formatBytes(editing.file_size)})</span>
            )}
          </div>
          {checkingSeal && (
            <p className="mt-2 flex items-center gap-2 text-sm text-slate-600" role="status">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              Checking the digital seal...
            </p>
          )}
          {seal && file && (
            <div className="mt-3" data-testid="upload-seal">
              <SignatureStatus
                check={seal.signature}
                sha256={seal.file_sha256}
                engineer={me?.full_name ?? undefined}
              />
            </div>
          )}
          {uploading && (
            <div className="mt-3 flex items-center gap-3">
              <UploadProgress value={progress ?? 0} className="flex-1" />
              <span className="w-10 text-right text-xs tabular-nums text-slate-600">{progress}%</span>
            </div>
          )}
          {fileError && (
            <p id={`${id}-file-error`} className="field-error" role="alert">
              {fileError}
            </p>
          )}
        </div>
        {formError && (
          <p role="alert" className="alert-error">
            {formError}
          </p>
        )}
        <ModalActions>
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting || uploading}>
            {isSubmitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {editing ? 'Save Changes' : 'Submit'}
          </button>
        </ModalActions>
      </form>
    </Modal>
  );
}
