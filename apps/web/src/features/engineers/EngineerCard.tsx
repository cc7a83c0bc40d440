// One engineer in the directory: picture, name, specializations, rate, licence types, the
// real average rating and review count (docs/PRODUCT.md), availability; links to the profile.
import { formatCents } from '@app/shared';
import { BadgeCheck, Clock, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { EngineerListItem } from './api';
import { EngineerAvatar } from './EngineerAvatar';
import { EngineerCardActions } from './EngineerCardActions';
import { availabilityLabel, specializationLabel } from './labels';
import { RatingSummary } from './Stars';

export function EngineerCard({ engineer: e }: { engineer: EngineerListItem }) {
  const profile = `/engineer_profile/${e.user_id}`;
  return (
    <li className="card flex flex-col p-5 transition hover:shadow-md" data-testid="engineer-card">
      <div className="flex items-start gap-4">
        <EngineerAvatar name={e.full_name} picture={e.profile_picture} />
        <div className="min-w-0 flex-1">
          <h2 className="flex items-center gap-1.5 text-base font-semibold text-slate-900">
            <Link to={profile} className="truncate hover:text-brand-700 hover:underline">
              {e.full_name}
            </Link>
            {e.verified && (
              <BadgeCheck
                className="h-4 w-4 shrink-0 text-brand-600"
                aria-label="Verified license"
                role="img"
              />
            )}
          </h2>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-slate-600">
            <MapPin className="h-3.5 w-3.5 shrink-0" aria-hidden />
            <span className="truncate">
              {e.state}, {e.country}
            </span>
          </p>
          <div className="mt-1">
            <RatingSummary avg={e.avg_rating} count={e.rating_count} />
          </div>
        </div>
      </div>

      <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Specializations">
        {e.specializations.map((s) => (
          <li key={s} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
            {specializationLabel(s)}
          </li>
        ))}
      </ul>

      <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-slate-100 pt-4 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Rate</dt>
          <dd className="font-semibold text-slate-900">{formatCents(e.hours_rate)}/hr</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Licenses</dt>
          <dd className="font-medium text-slate-800">{e.license_types.join(', ') || 'None'}</dd>
        </div>
        {e.licensed_in.length > 0 && (
          <div className="col-span-2">
            <dt className="text-xs text-slate-500">Licensed in</dt>
            <dd className="font-medium text-slate-800">{e.licensed_in.join(' · ')}</dd>
          </div>
        )}
        <div className="col-span-2 text-slate-700">
          <dt className="sr-only">Availability</dt>
          <dd className="flex items-center gap-1.5">
            <Clock className="h-3.5 w-3.5 text-slate-500" aria-hidden />
            {availabilityLabel(e.availability)}
          </dd>
        </div>
      </dl>

      <div className="mt-auto flex flex-col gap-2 pt-4">
        <Link to={profile} className="btn-secondary w-full" aria-label={`View profile of ${e.full_name}`}>
          View Profile
        </Link>
        <EngineerCardActions engineer={e} />
      </div>
    </li>
  );
}

export function EngineerCardSkeleton() {
  return (
    <li className="card animate-pulse p-5" aria-hidden>
      <div className="flex gap-4">
        <div className="h-14 w-14 rounded-full bg-slate-200" />
        <div className="flex-1 space-y-2">
          <div className="h-4 w-2/3 rounded bg-slate-200" />
          <div className="h-3 w-1/2 rounded bg-slate-200" />
          <div className="h-3 w-1/3 rounded bg-slate-200" />
        </div>
      </div>
      <div className="mt-4 flex gap-2">
        <div className="h-5 w-16 rounded-full bg-slate-200" />
        <div className="h-5 w-20 rounded-full bg-slate-200" />
      </div>
      <div className="mt-4 h-16 rounded bg-slate-100" />
    </li>
  );
}
