// The client dashboard's 'Projects' tab: the client's projects filtered by status
// (docs/PRODUCT.md#limits: all/open/assigned/completed/problem), each linking to its page.
import { formatCents } from '@app/shared';
import { FolderOpen } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { NO_PROJECTS_WITH_STATUS, ProjectsTab, useCustomerProjectsQuery } from '../projects';

export function ClientProjectsTab({ userId }: { userId: string }) {
  const { data, error, isLoading } = useCustomerProjectsQuery({ clientId: userId });
  return (
    <ProjectsTab
      projects={data}
      error={error}
      isLoading={isLoading}
      description="Projects you posted and the proposals they received."
      statuses={['open', 'assigned', 'completed', 'problem']}
      emptyIcon={FolderOpen}
      empty={({ anyProjects }) =>
        anyProjects ? (
          NO_PROJECTS_WITH_STATUS
        ) : (
          <>
            You have not posted a project yet.{' '}
            <Link to="/create_project" className="font-semibold text-brand-700 hover:underline">
              Post your first project
            </Link>
            .
          </>
        )
      }
      details={(p) =>
        `Posted ${formatDate(p.created_at)} · ${p.proposal_count} ${p.proposal_count === 1 ? 'proposal' : 'proposals'}`
      }
      figure={(p) => (
        <span className="text-right">
          <span className="block text-[11px] uppercase tracking-wide text-slate-500">
            {p.contract_price !== null ? 'Contract' : 'Budget'}
          </span>
          <span className="font-semibold text-slate-900">{formatCents(p.contract_price ?? p.budget)}</span>
        </span>
      )}
    />
  );
}
