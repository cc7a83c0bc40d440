// One version of the deliverable: its title, state and description, the PDF with its
// signature line, download and in-page preview, the client's comment when rejected, and
// what the signed-in user may do with it (the server's abilities).
import { Download, Eye, EyeOff, FileText, MessageSquareWarning, Pencil } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { PrivateFileLink } from '../../components/PrivateFileLink';
import { formatDateTime } from '../../lib/format';
import type { Submission } from './api';
import { DecideActions } from './DecideActions';
import { formatBytes } from './format';
import { SignatureStatus } from './SignatureStatus';
import { SubmissionStatusBadge } from './SubmissionStatusBadge';

// pdf.js comes with the preview, on first use.
const PdfPreview = lazy(async () => ({ default: (await import('./PdfPreview')).PdfPreview }));

export function SubmissionCard({
  submission: s,
  onEdit,
  showProject = false,
}: {
  submission: Submission;
  onEdit?: (s: Submission) => void;
  /** In lists across projects (the engineer's tab), name and link the project. */
  showProject?: boolean;
}) {
  const [preview, setPreview] = useState(false);
  const edited = s.updated_at !== s.created_at && s.client_acceptance === null;
  return (
    <article className="card p-4 sm:p-5" aria-label={s.title} data-testid="submission">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {showProject && (
            <Link
              to={`/submissions/${s.project_id}`}
              className="text-xs font-semibold uppercase tracking-wide text-brand-700 hover:underline"
            >
              {s.project_title}
            </Link>
          )}
          <h3 className="break-words text-base font-semibold text-slate-900">{s.title}</h3>
          <p className="text-xs text-slate-600">
            Submitted by {s.engineer_name} on {formatDateTime(s.created_at)}
            {edited && ` · updated ${formatDateTime(s.updated_at)}`}
            {s.decided_at &&
              ` · ${s.client_acceptance ? 'accepted' : 'rejected'} ${formatDateTime(s.decided_at)}`}
          </p>
        </div>
        <SubmissionStatusBadge clientAcceptance={s.client_acceptance} />
      </div>
      <p className="mt-3 whitespace-pre-line break-words text-sm text-slate-800">{s.description}</p>

      {s.client_acceptance === false && (
        <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <p className="flex items-center gap-1.5 font-semibold">
            <MessageSquareWarning className="h-4 w-4" aria-hidden />
            Client's comment
          </p>
          <p className="mt-1 whitespace-pre-line break-words">
            {s.decision_comment ?? 'The client rejected this version without a comment.'}
          </p>
        </div>
      )}

      <div className="mt-4 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="flex min-w-0 items-center gap-1.5 text-sm text-slate-700">
            <FileText className="h-4 w-4 shrink-0 text-brand-700" aria-hidden />
            <span className="min-w-0 break-all">
              {s.attachment_name ?? 'Stamped drawings'} (PDF, {formatBytes(s.file_size)})
            </span>
          </span>
          <div className="ml-auto flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-secondary px-3 py-1.5"
              aria-expanded={preview}
              onClick={() => setPreview((v) => !v)}
            >
              {preview ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
              {preview ? 'Hide preview' : 'Preview'}
            </button>
            <PrivateFileLink href={s.attachments} className="btn-secondary px-3 py-1.5">
              <Download className="h-4 w-4" aria-hidden />
              Download
            </PrivateFileLink>
          </div>
        </div>
        <SignatureStatus check={s.signature} sha256={s.file_sha256} engineer={s.engineer_name} />
        {preview && (
          <Suspense
            fallback={
              <p className="text-sm text-slate-600" role="status">
                Loading preview...
              </p>
            }
          >
            <PdfPreview link={s.attachments} title={s.title} />
          </Suspense>
        )}
      </div>

      {((s.abilities.update && onEdit) || s.abilities.decide) && (
        <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
          {s.abilities.update && onEdit && (
            <button type="button" className="btn-secondary" onClick={() => onEdit(s)}>
              <Pencil className="h-4 w-4" aria-hidden />
              Edit
            </button>
          )}
          {s.abilities.decide && <DecideActions submission={s} />}
        </div>
      )}
    </article>
  );
}
