// /engineer_profile/{id} (docs/PRODUCT.md#screens): the public profile of an engineer — picture, name,
// rating, education, specializations, rate, licences and the reviews received.
import { formatCents } from '@app/shared';
import {
  BadgeCheck,
  Briefcase,
  Clock,
  ExternalLink,
  GraduationCap,
  Loader2,
  MapPin,
  UserX,
} from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { usePageMeta } from '../../lib/usePageMeta';
import { InviteButton } from '../invitations';
import { LicenseStatusBadge } from '../licenses';
import { RateEngineerButton } from '../ratings';
import { type EngineerProfile, useEngineerProfileQuery, useEngineerReviewsQuery } from './api';
import { EngineerAvatar } from './EngineerAvatar';
import { availabilityLabel, educationLabel, specializationLabel } from './labels';
import { ReviewList } from './ReviewList';
import { RatingSummary } from './Stars';

export function EngineerProfilePage() {
  const { id = '' } = useParams();
  // currentData: another engineer's profile is never shown while this one loads or fails.
  const { currentData: data, isFetching, error } = useEngineerProfileQuery(id);
  usePageMeta(data ? data.full_name : 'Engineer profile', 'A licensed engineer on StampWorks.');

  if (!data && isFetching) {
    return (
      <main className="mx-auto flex min-h-[50vh] max-w-5xl items-center justify-center px-4" aria-busy="true">
        <Loader2 className="h-6 w-6 animate-spin text-slate-500" aria-label="Loading profile" />
      </main>
    );
  }
  if (!data) {
    const status = (error as { status?: unknown } | undefined)?.status;
    const notFound = status === 404 || status === 400;
    // RTK Query reports a body that is not JSON (a proxy's error page, say) as PARSING_ERROR.
    const badResponse = status === 'PARSING_ERROR';
    return (
      <main className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center px-6 py-16 text-center">
        <UserX className="h-10 w-10 text-slate-400" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">
          {notFound
            ? 'Engineer not found'
            : badResponse
              ? 'Invalid JSON response'
              : 'Could not load this profile'}
        </h1>
        <Link to="/find_an_engineer" className="btn-primary mt-6">
          Find an Engineer
        </Link>
      </main>
    );
  }
  return <Profile engineer={data} />;
}

function Profile({ engineer: e }: { engineer: EngineerProfile }) {
  const reviews = useEngineerReviewsQuery(e.user_id);
  const licenses = e.licenses.filter((l) => l.verification_status !== 'rejected');
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <section className="card overflow-hidden" aria-labelledby="engineer-name">
        <div className="h-24 bg-gradient-to-r from-brand-700 to-brand-600 sm:h-28" />
        <div className="px-5 pb-6 sm:px-8">
          <div className="-mt-12 flex flex-col gap-4 sm:-mt-14 sm:flex-row sm:items-end">
            <EngineerAvatar name={e.full_name} picture={e.profile_picture} size="lg" />
            <div className="min-w-0 flex-1 sm:pb-1">
              <h1 id="engineer-name" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
                <span className="truncate">{e.full_name}</span>
                {e.verified && (
                  <BadgeCheck className="h-6 w-6 shrink-0 text-brand-600" aria-label="Verified" role="img" />
                )}
              </h1>
              <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
                <RatingSummary avg={e.avg_rating} count={e.rating_count} decimals={1} />
                {e.country && (
                  <span className="inline-flex items-center gap-1">
                    <MapPin className="h-4 w-4" aria-hidden />
                    {e.state}, {e.country}
                  </span>
                )}
              </div>
            </div>
            {e.abilities.edit ? (
              <Link to={`/profile/${e.user_id}`} className="btn-secondary">
                Edit profile
              </Link>
            ) : (
              <div className="flex flex-col gap-2 sm:items-end">
                <InviteButton
                  engineerUserId={e.user_id}
                  engineerName={e.full_name}
                  engineerLicenseTypes={e.licenses
                    .filter((l) => l.verification_status !== 'rejected')
                    .map((l) => l.license_type)}
                  className="btn-primary w-full sm:w-auto"
                  containerClassName="sm:max-w-xs sm:text-right"
                />
                <RateEngineerButton engineerId={e.user_id} engineerName={e.full_name} />
              </div>
            )}
          </div>

          <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Fact icon={Briefcase} label="Rate">
              {e.hours_rate == null ? 'Not specified' : `${formatCents(e.hours_rate)} per hour`}
            </Fact>
            <Fact icon={GraduationCap} label="Highest education">
              {educationLabel(e.highest_education)}
            </Fact>
            <Fact icon={Clock} label="Availability">
              {availabilityLabel(e.availability)}
            </Fact>
            <Fact icon={Briefcase} label="Experience">
              {e.years_of_experience == null
                ? 'Not specified'
                : `${e.years_of_experience} year${e.years_of_experience === 1 ? '' : 's'}`}
            </Fact>
          </dl>

          <div className="mt-6">
            <h2 className="text-sm font-semibold text-slate-900">Specializations</h2>
            {e.specializations.length ? (
              <ul className="mt-2 flex flex-wrap gap-2">
                {e.specializations.map((s) => (
                  <li
                    key={s}
                    className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700"
                  >
                    {specializationLabel(s)}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-slate-600">Not specified</p>
            )}
          </div>
          {e.portfolio && (
            <a
              href={e.portfolio}
              target="_blank"
              rel="noreferrer noopener"
              className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            >
              <ExternalLink className="h-4 w-4" aria-hidden /> Portfolio
            </a>
          )}
        </div>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_1.2fr]">
        <section className="card p-5 sm:p-6" aria-labelledby="licenses-heading">
          <h2 id="licenses-heading" className="text-lg font-semibold text-slate-900">
            Licenses
          </h2>
          {licenses.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No licenses on file.</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {licenses.map((l) => (
                <li
                  key={l.id}
                  className="rounded-lg border border-slate-200 p-3"
                  data-testid="profile-license"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold text-slate-900">{l.license_type}</span>
                    <LicenseStatusBadge status={l.verification_status} />
                  </div>
                  <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                    {l.license_number && (
                      <>
                        <dt className="text-slate-500">License number</dt>
                        <dd className="break-all font-mono text-slate-800">{l.license_number}</dd>
                      </>
                    )}
                    <dt className="text-slate-500">Issue state</dt>
                    <dd className="text-slate-800">{l.issue_state}</dd>
                    <dt className="text-slate-500">Issue country</dt>
                    <dd className="text-slate-800">{l.issue_country}</dd>
                    <dt className="text-slate-500">Expiration</dt>
                    <dd className={l.is_expired ? 'text-red-700' : 'text-slate-800'}>
                      {l.expiration_date ? formatDate(l.expiration_date) : 'No expiry'}
                      {l.is_expired && ' (expired)'}
                    </dd>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="card p-5 sm:p-6" aria-labelledby="reviews-heading">
          <h2 id="reviews-heading" className="mb-3 text-lg font-semibold text-slate-900">
            Reviews
          </h2>
          {reviews.isLoading ? (
            <div className="flex items-center gap-2 text-sm text-slate-600">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading reviews...
            </div>
          ) : reviews.isError ? (
            <p role="alert" className="text-sm text-red-700">
              Could not load reviews.
            </p>
          ) : (
            <ReviewList reviews={reviews.data ?? []} />
          )}
        </section>
      </div>
    </main>
  );
}

function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof Clock;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-slate-500">
        <Icon className="h-3.5 w-3.5" aria-hidden />
        {label}
      </dt>
      <dd className="mt-1 font-semibold text-slate-900">{children}</dd>
    </div>
  );
}
