// /project_details/{id} (docs/PRODUCT.md#screens): the project, its client, and what the visitor may do:
// the owner manages it and its proposals, an engineer who applied sees 'Your Proposal',
// everyone else sees how many proposals it has and, if an engineer, 'Apply Now'.
import { formatCents, formatDeliveryDays, PROJECT_MESSAGES, RATING_MESSAGES } from '@app/shared';
import { AlertCircle, ArrowLeft, CalendarDays, FileText, Loader2, MapPin, Star, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorCode, errorMessage } from '../../lib/apiErrors';
import { formatDate } from '../../lib/format';
import { useCurrentUser } from '../../lib/lazyStore';
import { usePageMeta } from '../../lib/usePageMeta';
import { DealPanel, useProjectDealQuery } from '../deals';
import { ProjectProblem, useProjectDisputeQuery } from '../disputes';
import { ProjectRecordPanel } from '../project-record';
import {
  ApplyNow,
  isLiveProposal,
  ownProposalOn,
  ProjectProposals,
  useEngineerProposalsQuery,
  useProposalCountQuery,
  YourProposal,
} from '../proposals';
import { type ProjectDetails, useProjectQuery } from './api';
import { StatusBadge, UrgencyBadge } from './Badges';
import { companyInitials, locationText, specializationLabel, URGENCY_LABELS } from './format';
import { OwnerActions } from './OwnerActions';

function PageMessage({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <div className="card flex flex-col items-center gap-3 p-8 text-center">
        <AlertCircle className="h-10 w-10 text-red-600" aria-hidden />
        <p role="alert" className="text-lg font-semibold text-slate-900">
          {children}
        </p>
        <Link to="/explore" className="btn-secondary mt-2">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Explore Projects
        </Link>
      </div>
    </main>
  );
}

export function ProjectDetailsPage() {
  const { id } = useParams();
  const { data: project, error, isLoading } = useProjectQuery(id ?? '', { skip: !id });
  // An engineer's own proposals decide what the page shows (Apply Now, or their proposal and
  // the deal's panels): asked for beside the project, and waited for with it, so those parts
  // do not appear after the page and push it down.
  const user = useCurrentUser();
  const myProposals = useEngineerProposalsQuery(user?.id ?? '', { skip: user?.role !== 'engineer' });
  // Likewise the deal and, once there is one, its problem report: their panels sit above
  // 'About the client' and would push it down. Only those who may read the deal (its
  // parties and staff) ask for it.
  const mayReadDeal = !!project?.abilities.read_deal;
  const deal = useProjectDealQuery(id ?? '', { skip: !id || !mayReadDeal });
  const dispute = useProjectDisputeQuery(id ?? '', { skip: !id || !deal.data });
  usePageMeta(project?.title ?? 'Project details', 'Project details, client and proposals.');
  // The page shows once per project, when every first answer is in. It never goes back to
  // the spinner: a refetch (a failed answer is asked again when the page's parts subscribe)
  // would otherwise unmount those parts, which would ask again, without end.
  const firstAnswersIn = !isLoading && !myProposals.isLoading && !deal.isLoading && !dispute.isLoading;
  const [shownFor, setShownFor] = useState<string | undefined>();
  if (firstAnswersIn && id && shownFor !== id) setShownFor(id);

  if (!id) return <PageMessage>{PROJECT_MESSAGES.idMissing}</PageMessage>;
  // The loading state fills the screen, so the footer does not show and then jump down
  // when the project arrives (a layout shift).
  if (shownFor !== id && !firstAnswersIn)
    return (
      <main className="flex min-h-screen justify-center py-24">
        <Loader2 className="h-6 w-6 animate-spin text-slate-400" aria-label="Loading project" />
      </main>
    );
  if (error) {
    const code = errorCode(error);
    return (
      <PageMessage>
        {code === 'NOT_FOUND' || code === 'VALIDATION'
          ? PROJECT_MESSAGES.notFoundShown
          : `Error: ${errorMessage(error, 'Could not load the project.')}`}
      </PageMessage>
    );
  }
  if (!project) return <PageMessage>{PROJECT_MESSAGES.noData}</PageMessage>;
  // Keyed by the project: moving to another project starts its page afresh (no stale alerts or dialogs).
  return <ProjectView key={project.id} project={project} />;
}

function ProjectView({ project }: { project: ProjectDetails }) {
  const user = useCurrentUser();
  // What the caller may do comes from the server's policy, not from comparing ids here.
  const { abilities } = project;
  const isOwner = abilities.list_proposals;
  const isEngineer = user?.role === 'engineer';
  const { data: myProposals } = useEngineerProposalsQuery(user?.id ?? '', { skip: !isEngineer });
  // After a refund and a new invitation the list holds the old (rejected) proposal and the new one.
  const mine = ownProposalOn(myProposals, project.id);
  // The deal (its parties and staff; others are refused and see none): its state, escrow and
  // the caller's buttons, from its `abilities` only.
  const { data: deal } = useProjectDealQuery(project.id, { skip: !abilities.read_deal });
  const open = project.status === 'open';
  const location = locationText(project.state, project.country);

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <Link
        to="/explore"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Explore Projects
      </Link>

      {/* Phones read the article, then the summary with its actions, then the proposals. */}
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:items-start">
        <article className="card min-w-0 p-5 sm:p-8 lg:col-start-1 lg:row-start-1">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={project.status} />
            {project.urgency_level && <UrgencyBadge urgency={project.urgency_level} />}
          </div>
          <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {project.title}
          </h1>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
            <span className="flex items-center gap-1.5">
              <CalendarDays className="h-4 w-4" aria-hidden />
              Posted {formatDate(project.created_at)}
            </span>
            <span className="flex items-center gap-1.5">
              <MapPin className="h-4 w-4" aria-hidden />
              {location ?? 'Location not specified'}
            </span>
          </div>
          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-600">Description</h2>
          <p className="mt-2 whitespace-pre-line text-slate-800">{project.description}</p>
          {project.notes && (
            <>
              <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-600">Notes</h2>
              <p className="mt-2 whitespace-pre-line text-slate-800">{project.notes}</p>
            </>
          )}
          {project.attachments && (
            <a
              href={project.attachments}
              target="_blank"
              rel="noreferrer"
              className="mt-6 inline-flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              <FileText className="h-4 w-4" aria-hidden />
              View attachment
            </a>
          )}
        </article>
        <aside className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1" aria-label="Project summary">
          <section className="card p-5" aria-labelledby="facts-heading">
            <h2 id="facts-heading" className="sr-only">
              Project facts
            </h2>
            <dl className="space-y-3 text-sm">
              <Fact label="Budget">
                <span className="text-lg font-bold text-slate-900">{formatCents(project.budget)}</span>
              </Fact>
              <Fact label="Deadline">
                {project.deadline ? formatDate(project.deadline) : 'Not specified'}
              </Fact>
              {project.delivery_days != null && (
                <Fact label="Agreed delivery time">{`${formatDeliveryDays(project.delivery_days)} from payment`}</Fact>
              )}
              <Fact label="Specialization">
                {project.specializations.length
                  ? project.specializations.map(specializationLabel).join(', ')
                  : 'Not specified'}
              </Fact>
              <Fact label="Required license type">{project.license_type ?? 'Not specified'}</Fact>
              <Fact label="Urgency">
                {project.urgency_level ? URGENCY_LABELS[project.urgency_level] : 'Not specified'}
              </Fact>
            </dl>
            {/* An engineer with a live proposal has nothing to do here: it is below. */}
            {/* The owner's strip holds edit/delete (while allowed) or, before a deal, the disabled submissions. */}
            {((isOwner && (abilities.update || abilities.delete || !deal)) ||
              (!isOwner && !isLiveProposal(mine))) && (
              <div className="mt-5 space-y-2 border-t border-slate-200 pt-5">
                {isOwner ? (
                  <OwnerActions project={project} />
                ) : (
                  <>
                    <ProposalCount projectId={project.id} />
                    {/* A visitor is offered it too: it leads to sign-in. */}
                    {(abilities.apply || (!user && open)) && (
                      <ApplyNow projectId={project.id} licenseType={project.license_type} />
                    )}
                  </>
                )}
                {/* Until a deal is made there is nothing to show; then the deal's own buttons say. */}
                {isOwner && !deal && <NoSubmissionsYet />}
              </div>
            )}
          </section>

          {deal && <DealPanel deal={deal} />}
          {deal && (
            <ProjectProblem
              project={project}
              abilities={deal.abilities}
              other={isOwner ? 'the engineer' : 'the client'}
            />
          )}
          <ClientBlock project={project} />
        </aside>
        {(isOwner || mine || abilities.read_record) && (
          <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-2">
            {isOwner && <ProjectProposals projectId={project.id} projectOpen={open} />}
            {!isOwner && mine && <YourProposal proposal={mine} projectOpen={open} />}
            {abilities.read_record && <ProjectRecordPanel projectId={project.id} />}
          </div>
        )}
      </div>
    </main>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function ProposalCount({ projectId }: { projectId: string }) {
  const { data } = useProposalCountQuery(projectId);
  if (!data) return null;
  return (
    <p className="flex items-center gap-2 pb-1 text-sm text-slate-700">
      <Users className="h-4 w-4 text-slate-500" aria-hidden />
      {data.count === 1 ? '1 proposal' : `${data.count} proposals`} submitted
    </p>
  );
}

/** Until the client pays there is nothing to show. */
function NoSubmissionsYet() {
  return (
    <button
      type="button"
      className="btn-secondary w-full"
      disabled
      title="Available once the project is assigned"
    >
      Show Submissions
    </button>
  );
}

function ClientBlock({ project }: { project: ProjectDetails }) {
  const name = project.company_name || project.client_name;
  const rating = project.avg_rating ?? 0;
  return (
    <section className="card p-5" aria-labelledby="client-heading">
      <h2 id="client-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        About the client
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <div
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-base font-bold text-brand-800"
          aria-hidden
        >
          {companyInitials(name)}
        </div>
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{name}</p>
          <p className="text-sm text-slate-600">Member since {formatDate(project.member_since)}</p>
        </div>
      </div>
      {project.rating_count === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{RATING_MESSAGES.noReviewsYet}</p>
      ) : (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-700">
          <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden />
          <span className="font-semibold text-slate-900">{rating.toFixed(2)}</span>
          <span>
            ({project.rating_count} {project.rating_count === 1 ? 'review' : 'reviews'})
          </span>
        </p>
      )}
    </section>
  );
}
