// /submissions/{projectId} (docs/PRODUCT.md#screens): the versions of a project's deliverable, filtered
// (all/pending/accepted/rejected) and sorted (newest/oldest). The hired engineer sends a
// version and edits it while it waits; the client accepts one (the project is completed and
// the escrow released) or rejects it with a comment; then both rate each other.
// Anyone else, or a project that does not exist, gets a plain message, never an error page.
import {
  SUBMISSION_MESSAGES,
  SUBMISSION_SORTS,
  type SubmissionFilter,
  type SubmissionSort,
} from '@app/shared';
import { AlertCircle, ArrowLeft, CheckCircle2, FileCheck2, Loader2, Plus, ShieldAlert } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/dashboard/DashboardShell';
import { errorMessage } from '../../lib/apiErrors';
import { useCurrentUser } from '../../lib/lazyStore';
import { usePageMeta } from '../../lib/usePageMeta';
import { useProjectDealQuery } from '../deals';
import { StatusBadge, useProjectQuery } from '../projects';
import { RateCounterpart, useRatingCheckQuery } from '../ratings';
import { type ProjectSubmissions, type Submission, useProjectSubmissionsQuery } from './api';
import { FILTER_OPTIONS } from './format';
import { SubmissionCard } from './SubmissionCard';
import { SubmissionFormDialog } from './SubmissionFormDialog';
import { SubmissionListControls } from './SubmissionListControls';

const isFilter = (v: string | null): v is SubmissionFilter => FILTER_OPTIONS.some((o) => o.value === v);
const isSort = (v: string | null): v is SubmissionSort => SUBMISSION_SORTS.includes(v as SubmissionSort);

function PageMessage({
  icon: Icon = AlertCircle,
  title,
  children,
  back,
}: {
  icon?: typeof AlertCircle;
  title: string;
  children?: ReactNode;
  back: { to: string; label: string };
}) {
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center px-6 py-16 text-center">
      <Icon className="h-10 w-10 text-amber-600" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      {children && <p className="mt-2 text-slate-600">{children}</p>}
      <Link to={back.to} className="btn-primary mt-6">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {back.label}
      </Link>
    </main>
  );
}

export function SubmissionsPage() {
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const status: SubmissionFilter = isFilter(params.get('status'))
    ? (params.get('status') as SubmissionFilter)
    : 'all';
  const sort: SubmissionSort = isSort(params.get('sort')) ? (params.get('sort') as SubmissionSort) : 'newest';
  const setParam = (key: 'status' | 'sort', value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value === fallback) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  const { data, currentData, error, isLoading, isFetching } = useProjectSubmissionsQuery(
    { projectId, status, sort },
    // Read afresh on each visit: the other side may have acted since.
    { skip: !projectId, refetchOnMountOrArgChange: true },
  );
  const completion = useCompletion(projectId, data?.project_status === 'completed');
  usePageMeta(
    data ? `Submissions: ${data.project_title}` : 'Submissions',
    'The stamped deliverables of a project and the client’s decisions on them.',
  );

  // The first time, the page shows once what sits above the list is in too (a completed
  // project's payment line and rating): arriving later, it pushed the list down (a layout
  // shift). A project completed while the page is open (the client accepts a version) keeps
  // the page on screen while those load.
  const firstShow = useRef(true);
  if (isLoading || (firstShow.current && completion.isLoading))
    return (
      <main className="flex justify-center py-24" aria-busy="true">
        <Loader2 className="h-6 w-6 animate-spin text-slate-400" aria-label="Loading submissions" />
      </main>
    );
  if (!data) {
    const code = (error as { status?: unknown } | undefined)?.status;
    if (code === 403)
      return (
        <PageMessage
          icon={ShieldAlert}
          title="These submissions are private"
          back={{ to: `/project_details/${projectId}`, label: 'Back to the project' }}
        >
          {errorMessage(error, SUBMISSION_MESSAGES.notYourProject)}
        </PageMessage>
      );
    if (code === 404 || code === 400 || !projectId)
      return (
        <PageMessage
          title={SUBMISSION_MESSAGES.projectNotFound}
          back={{ to: '/explore', label: 'Explore Projects' }}
        >
          The project may have been deleted, or the link is incomplete.
        </PageMessage>
      );
    return (
      <PageMessage
        title="Could not load the submissions"
        back={{ to: `/project_details/${projectId}`, label: 'Back to the project' }}
      >
        {errorMessage(error, 'Please try again in a moment.')}
      </PageMessage>
    );
  }
  firstShow.current = false;
  return (
    <SubmissionsView
      data={data}
      completion={completion}
      stale={!currentData && isFetching}
      status={status}
      sort={sort}
      onStatus={(v) => setParam('status', v, 'all')}
      onSort={(v) => setParam('sort', v, 'newest')}
    />
  );
}

function SubmissionsView({
  data,
  completion,
  stale,
  status,
  sort,
  onStatus,
  onSort,
}: {
  data: ProjectSubmissions;
  completion: Completed;
  stale: boolean;
  status: SubmissionFilter;
  sort: SubmissionSort;
  onStatus: (v: SubmissionFilter) => void;
  onSort: (v: SubmissionSort) => void;
}) {
  const [dialog, setDialog] = useState<{ open: boolean; editing?: Submission }>({ open: false });
  const list = data.submissions;
  const completed = data.project_status === 'completed';

  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <Link
        to={`/project_details/${data.project_id}`}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to the project
      </Link>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Submissions</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span className="break-words">{data.project_title}</span>
            <StatusBadge status={data.project_status as Parameters<typeof StatusBadge>[0]['status']} />
          </p>
        </div>
        {data.abilities.create && (
          <button type="button" className="btn-primary" onClick={() => setDialog({ open: true })}>
            <Plus className="h-4 w-4" aria-hidden />
            New Submission
          </button>
        )}
      </div>

      {completed && (
        <Completion projectId={data.project_id} projectTitle={data.project_title} completion={completion} />
      )}
      {data.project_status === 'problem' && (
        <p
          className="mt-6 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          role="status"
        >
          <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {SUBMISSION_MESSAGES.problemReported}
        </p>
      )}

      <SubmissionListControls
        className="mt-6"
        status={status}
        sort={sort}
        onStatus={onStatus}
        onSort={onSort}
      />

      <div className={`space-y-4 ${stale ? 'opacity-60' : ''}`} aria-busy={stale}>
        {list.length === 0 ? (
          <EmptyState icon={FileCheck2}>
            {status === 'all' ? SUBMISSION_MESSAGES.empty : `No ${status} submissions.`}
          </EmptyState>
        ) : (
          list.map((s) => (
            <SubmissionCard
              key={s.id}
              submission={s}
              onEdit={(editing) => setDialog({ open: true, editing })}
            />
          ))
        )}
      </div>

      <SubmissionFormDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        projectId={data.project_id}
        editing={dialog.editing}
      />
    </main>
  );
}

type Completed = {
  isLoading: boolean;
  /** The accepted version: it names the engineer. */
  engineer?: Submission;
  /** The project: it names the client. */
  project?: ReturnType<typeof useProjectQuery>['data'];
  /** From the deal's abilities (the server's rating rule): the caller rates the engineer, or the client. */
  rateEngineer: boolean;
  rateClient: boolean;
};

/**
 * What a completed project shows above its list: the accepted version (the engineer), the
 * project (the client), the deal (who may rate whom), and whether the signed-in side has rated
 * the other yet (asked here, so RateCounterpart finds the answer in the cache and draws at once).
 */
function useCompletion(projectId: string, completed: boolean): Completed {
  const me = useCurrentUser();
  // Asked with the list, before its answer says whether the project is completed: waiting for
  // it made three round trips in a row (list, then these, then the rating check) before a
  // completed project's page could show, its largest paint on a phone. On a project still
  // open, these small answers go unused.
  const accepted = useProjectSubmissionsQuery(
    { projectId, status: 'accepted', sort: 'newest' },
    { skip: !projectId },
  );
  const project = useProjectQuery(projectId, { skip: !projectId });
  const deal = useProjectDealQuery(projectId, { skip: !projectId });
  const engineer = accepted.data?.submissions[0];
  const rateEngineer = !!deal.data?.abilities.rate_engineer && !!engineer;
  const rateClient = !!deal.data?.abilities.rate_client && !!project.data;
  const receiverId = rateEngineer ? deal.data?.engineer_id : rateClient ? deal.data?.client_id : undefined;
  const check = useRatingCheckQuery(
    { senderId: me?.id ?? '', receiverId: receiverId ?? '', projectId },
    { skip: !me || !receiverId },
  );
  return {
    isLoading: completed && (accepted.isLoading || project.isLoading || deal.isLoading || check.isLoading),
    engineer,
    project: project.data,
    rateEngineer,
    rateClient,
  };
}

/**
 * A completed project: the accepted version released the payment; each side rates the other.
 * The accepted version names the engineer, the project names the client.
 */
function Completion({
  projectId,
  projectTitle,
  completion: { engineer, project, rateEngineer, rateClient },
}: {
  projectId: string;
  projectTitle: string;
  completion: Completed;
}) {
  return (
    <div className="mt-6 space-y-3">
      <p
        className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
        role="status"
      >
        <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>
          Project completed.{' '}
          {engineer
            ? `The payment held in escrow was released to ${engineer.engineer_name}.`
            : 'The payment held in escrow was released.'}
        </span>
      </p>
      {rateEngineer && engineer && (
        <RateCounterpart
          projectId={projectId}
          projectTitle={projectTitle}
          receiverId={engineer.engineer_id}
          receiverName={engineer.engineer_name}
          receiverRole="engineer"
        />
      )}
      {rateClient && project && (
        <RateCounterpart
          projectId={projectId}
          projectTitle={projectTitle}
          receiverId={project.customer_id}
          receiverName={project.company_name || project.client_name}
          receiverRole="client"
        />
      )}
    </div>
  );
}
