// 'Projects' tab. The projects feature replaces this component with the engineer's projects.
import { FolderKanban } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';

export function ProjectsTab(_props: { userId: string }) {
  return (
    <Panel title="Projects" description="Projects you were hired for.">
      <EmptyState icon={FolderKanban}>
        No projects yet.{' '}
        <Link to="/explore" className="font-medium text-brand-700 hover:underline">
          Explore open projects
        </Link>
      </EmptyState>
    </Panel>
  );
}
