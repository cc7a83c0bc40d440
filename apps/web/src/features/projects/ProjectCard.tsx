// One project of the explore list: the title links to /project/{id}, View Project to
// /project_details/{id}.
import { formatCents } from '@app/shared';
import { CalendarDays, MapPin, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import type { ProjectListItem } from './api';
import { UrgencyBadge } from './Badges';
import { locationText, specializationLabel } from './format';

export function ProjectCard({ project }: { project: ProjectListItem }) {
  const location = locationText(project.state, project.country);
  return (
    <article className="card flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold text-slate-900">
          <Link to={`/project/${project.id}`} className="hover:text-brand-700 hover:underline">
            {project.title}
          </Link>
        </h2>
        {project.company_name && <p className="text-sm text-slate-600">{project.company_name}</p>}
        <p className="mt-2 line-clamp-2 text-sm text-slate-700">{project.description}</p>
        <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
          <div className="flex items-center gap-1.5">
            <dt>
              <Wallet className="h-4 w-4 text-slate-500" aria-hidden />
              <span className="sr-only">Budget</span>
            </dt>
            <dd className="font-semibold text-slate-900">{formatCents(project.budget)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <MapPin className="h-4 w-4 text-slate-500" aria-hidden />
              <span className="sr-only">Location</span>
            </dt>
            <dd>{location ?? 'Location not specified'}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <CalendarDays className="h-4 w-4 text-slate-500" aria-hidden />
              <span className="sr-only">Posted</span>
            </dt>
            <dd>Posted {formatDate(project.created_at)}</dd>
          </div>
        </dl>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {project.urgency_level && <UrgencyBadge urgency={project.urgency_level} />}
          {project.specializations.map((s) => (
            <span
              key={s}
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700"
            >
              {specializationLabel(s)}
            </span>
          ))}
          {project.license_type && (
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
              {project.license_type} license
            </span>
          )}
        </div>
      </div>
      <Link
        to={`/project_details/${project.id}`}
        className="btn-primary shrink-0 self-start"
        aria-label={`View Project: ${project.title}`}
      >
        View Project
      </Link>
    </article>
  );
}
