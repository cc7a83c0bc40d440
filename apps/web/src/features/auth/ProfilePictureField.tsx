// The sign-up profile picture: uploaded as soon as it is chosen, with the real upload
// progress, then previewed. The parent receives the stored file's URL.
import { acceptFor, chosenFileProblem } from '@app/shared';
import { ImageUp, Loader2, Trash2, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { UploadProgress } from '../../components/form/UploadProgress';
import { authErrorMessage } from '../../lib/http';
import { uploadFile } from '../../lib/upload';

export const UPLOAD_FAILED = 'Profile picture upload failed';

export function ProfilePictureField({
  value,
  onChange,
  onUploadingChange,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<{ message: string; detail?: string } | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const problem = chosenFileProblem('avatar', file);
    if (problem) {
      setError({ message: UPLOAD_FAILED, detail: problem });
      return;
    }
    abort.current?.abort();
    abort.current = new AbortController();
    setFileName(file.name);
    setProgress(0);
    onUploadingChange(true);
    try {
      const url = await uploadFile(file, 'avatar', { onProgress: setProgress, signal: abort.current.signal });
      onChange(url);
    } catch (err) {
      onChange(null);
      setFileName(null);
      const detail = authErrorMessage(err, '');
      setError({ message: UPLOAD_FAILED, detail: detail || undefined });
    } finally {
      setProgress(null);
      onUploadingChange(false);
      if (input.current) input.current.value = '';
    }
  };

  const uploading = progress !== null;
  return (
    <div>
      <span className="label" id={`${inputId}-label`}>
        Profile picture <span className="font-normal text-slate-500">(optional)</span>
      </span>
      <div className="flex items-center gap-4">
        <div className="grid h-16 w-16 shrink-0 place-items-center overflow-hidden rounded-full border border-slate-200 bg-slate-100 text-slate-400">
          {value ? (
            <img src={value} alt="Your profile" className="h-full w-full object-cover" />
          ) : (
            <UserRound className="h-8 w-8" aria-hidden />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <label
              htmlFor={inputId}
              className={`btn-secondary cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 ${uploading ? 'pointer-events-none opacity-50' : ''}`}
            >
              {uploading ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              ) : (
                <ImageUp className="h-4 w-4" aria-hidden />
              )}
              {value ? 'Change picture' : 'Upload picture'}
              <input
                ref={input}
                id={inputId}
                type="file"
                accept={acceptFor('avatar')}
                className="sr-only"
                disabled={uploading}
                aria-describedby={hintId}
                onChange={(e) => onFile(e.target.files?.[0])}
              />
            </label>
            {value && !uploading && (
              <button
                type="button"
                onClick={() => {
                  onChange(null);
                  setFileName(null);
                }}
                className="btn px-2 text-slate-600 hover:bg-slate-100"
                aria-label="Remove picture"
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </button>
            )}
          </div>
          <p id={hintId} className="truncate text-xs text-slate-500">
            {fileName ?? 'JPG, PNG or WebP, up to 5 MB.'}
          </p>
          {uploading && <UploadProgress value={progress} />}
        </div>
      </div>
      {error && (
        <p role="alert" className="field-error">
          {error.message}
          {error.detail ? `: ${error.detail}` : ''}
        </p>
      )}
    </div>
  );
}
