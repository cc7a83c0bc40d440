// The project attachment: uploaded as soon as it is chosen (POST /api/files through
// XMLHttpRequest, so the bar shows real progress), then kept as the stored file's link.
import { FileText, Loader2, Paperclip, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { UploadProgress } from '../../components/form/UploadProgress';
import { useAppSelector } from '../../lib/store';
import { uploadFile } from '../../lib/upload';

export const UPLOAD_FAILED = 'File upload failed.';

/** The file name a stored link ends with, for display. */
function fileName(url: string): string {
  try {
    return decodeURIComponent(new URL(url, window.location.origin).pathname.split('/').pop() || url);
  } catch {
    return url;
  }
}

export function AttachmentField({
  value,
  onChange,
  onUploadingChange,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const token = useAppSelector((s) => s.session.token);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setChosen(file.name);
    setProgress(0);
    onUploadingChange?.(true);
    try {
      const url = await uploadFile(file, 'project_attachment', { token, onProgress: setProgress });
      onChange(url);
    } catch (e) {
      const message = (e as { data?: { message?: unknown } })?.data?.message;
      setError(typeof message === 'string' && message ? `${UPLOAD_FAILED} ${message}` : UPLOAD_FAILED);
      setChosen(null);
    } finally {
      setProgress(null);
      onUploadingChange?.(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <div>
      <label htmlFor={inputId} className="label">
        Attachment
      </label>
      <p id={hintId} className="mb-2 text-sm text-slate-600">
        Drawings, plans or specifications (PDF, images or documents up to 25 MB).
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className={`btn-secondary cursor-pointer ${progress !== null ? 'pointer-events-none opacity-50' : ''}`}
        >
          <Paperclip className="h-4 w-4" aria-hidden />
          {value ? 'Replace file' : 'Choose file'}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          className="sr-only"
          aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
          aria-invalid={error ? true : undefined}
          disabled={progress !== null}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        {value && progress === null && (
          <span className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
            <FileText className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
            <a
              href={value}
              target="_blank"
              rel="noreferrer"
              className="truncate text-brand-700 hover:underline"
            >
              {chosen ?? fileName(value)}
            </a>
            <button
              type="button"
              onClick={() => {
                onChange(null);
                setChosen(null);
              }}
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-red-700"
              aria-label="Remove attachment"
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </button>
          </span>
        )}
      </div>
      {progress !== null && (
        <div className="mt-3">
          <div className="mb-1 flex items-center justify-between text-xs text-slate-600">
            <span className="flex items-center gap-1">
              <Loader2 className="h-3 w-3 animate-spin" aria-hidden />
              Uploading {chosen}
            </span>
            <span>{progress}%</span>
          </div>
          <UploadProgress value={progress} />
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
