// 'Project record' on a project's page, for its client, its hired engineer and staff: whether
// the chained record verifies, its head hash, every entry in words (the server's `summary`:
// who did what, dollars, the deliverable and its seal verdict), and downloads of the record
// as JSON (to check it anywhere) and as a PDF summary (for the permit file).
import {
  PROJECT_RECORD_LABELS,
  type ProjectRecordDto,
  type ProjectRecordEntryDto,
  RECORD_MESSAGES,
} from '@app/shared';
import { Download, FileJson, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { PrivateFileLink } from '../../components/PrivateFileLink';
import { downloadFile } from '../../lib/download';
import { formatDateTime } from '../../lib/format';
import { useProjectRecordQuery } from './api';

const PREVIEW = 5;

export function ProjectRecordPanel({ projectId }: { projectId: string }) {
  const { data, isLoading, isError } = useProjectRecordQuery(projectId, { refetchOnMountOrArgChange: true });
  const [all, setAll] = useState(false);

  return (
    <section className="card p-5 sm:p-6" aria-labelledby="record-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="record-heading" className="text-lg font-semibold text-slate-900">
            {RECORD_MESSAGES.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Every event of this project, each entry sealed with the SHA-256 of the one before.
          </p>
        </div>
        {data && <Downloads record={data} />}
      </div>
      {isLoading && <p className="mt-4 text-sm text-slate-500">Loading the record…</p>}
      {isError && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          The record could not be loaded. Try again later.
        </p>
      )}
      {data && (
        <>
          <Verdict record={data} />
          {data.entries.length === 0 ? (
            <p className="mt-4 text-sm text-slate-500">{RECORD_MESSAGES.empty}</p>
          ) : (
            <>
              <ol className="mt-4 space-y-2" aria-label="Record entries">
                {(all ? data.entries : data.entries.slice(-PREVIEW)).map((e) => (
                  <Entry key={e.seq} entry={e} broken={data.broken_at !== null && e.seq >= data.broken_at} />
                ))}
              </ol>
              {data.entries.length > PREVIEW && (
                <button type="button" className="btn-secondary mt-3" onClick={() => setAll(!all)}>
                  {all ? 'Show the latest entries' : `Show all ${data.entries.length} entries`}
                </button>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}

function Verdict({ record }: { record: ProjectRecordDto }) {
  const ok = record.verified;
  const Icon = ok ? ShieldCheck : ShieldAlert;
  return (
    <div
      role="status"
      className={`mt-4 rounded-lg border p-3 text-sm ${ok ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-900'}`}
    >
      <p className="flex items-start gap-2 font-medium">
        <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {ok ? RECORD_MESSAGES.intact : RECORD_MESSAGES.broken.replace('{seq}', String(record.broken_at))}
      </p>
      {record.head_hash && (
        <p className="mt-2 text-xs">
          Head hash <code className="break-all font-mono">{record.head_hash}</code>
        </p>
      )}
    </div>
  );
}

function Entry({ entry, broken }: { entry: ProjectRecordEntryDto; broken: boolean }) {
  return (
    <li
      className={`rounded-lg border px-3 py-2 text-sm ${broken ? 'border-red-200 bg-red-50' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium text-slate-900">
          {entry.seq}. {PROJECT_RECORD_LABELS[entry.type]}
        </span>
        <time className="text-xs text-slate-500" dateTime={entry.at}>
          {formatDateTime(entry.at)}
        </time>
      </div>
      <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">{entry.summary}</p>
      <p className="mt-1 truncate font-mono text-xs text-slate-500" title={entry.hash}>
        <span className="sr-only">Entry hash </span>
        {entry.hash}
      </p>
    </li>
  );
}

function Downloads({ record }: { record: ProjectRecordDto }) {
  const name = `project-record-${record.project_id}`;
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className="btn-secondary inline-flex items-center gap-1.5"
        onClick={() => downloadFile(`${name}.json`, JSON.stringify(record, null, 2), 'application/json')}
      >
        <FileJson className="h-4 w-4" aria-hidden />
        Download JSON
      </button>
      <PrivateFileLink
        href={`/api/projects/${record.project_id}/record/pdf`}
        filename={`${name}.pdf`}
        className="btn-secondary inline-flex items-center gap-1.5"
      >
        <Download className="h-4 w-4" aria-hidden />
        Download PDF
      </PrivateFileLink>
    </div>
  );
}
