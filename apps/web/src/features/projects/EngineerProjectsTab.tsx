// The engineer dashboard's 'Projects' tab: the projects the engineer won, filtered by
// status (docs/PRODUCT.md#limits: all/assigned/completed/problem).
import { formatCents } from '@app/shared';
import { Briefcase } from 'lucide-react';
import { formatDate } from '../../lib/format';
import { useEngineerProjectsQuery } from './api';
import { NO_PROJECTS_WITH_STATUS, ProjectsTab } from './ProjectsTab';

export function EngineerProjectsTab({ userId }: { userId: string }) {
  const { data, error, isLoading } = useEngineerProjectsQuery(userId);
  return (
    <ProjectsTab
      projects={data}
      error={error}
      isLoading={isLoading}
      description="Projects you were hired for."
      statuses={['assigned', 'completed', 'problem']}
      emptyIcon={Briefcase}
      empty={({ filter }) =>
        filter === 'all'
          ? 'No projects yet. Projects you are hired for appear here.'
          : NO_PROJECTS_WITH_STATUS
      }
      details={(p) => `${p.company_name ? `${p.company_name} · ` : ''}Posted ${formatDate(p.created_at)}`}
      figure={(p) => <span className="font-semibold text-slate-900">{formatCents(p.proposed_amount)}</span>}
    />
  );
}
