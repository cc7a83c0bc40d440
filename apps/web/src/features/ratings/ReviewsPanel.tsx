// The dashboards' 'Reviews' tab (docs/PRODUCT.md#screens): the signed-in user's average and the reviews they
// received, and the completed projects still waiting for their own rating of the other side.
import { RATING_MESSAGES } from '@app/shared';
import { Star } from 'lucide-react';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { ListState, TabLoading } from '../../components/ListState';
import { RatingSummary, ReviewList } from '../engineers';
import { useUserPaymentsQuery } from '../payments';
import { useCustomerProjectsQuery, useEngineerProjectsQuery } from '../projects';
import { useRatingStatsQuery, useUserReviewsQuery } from './api';
import { RateCounterpart } from './RateCounterpart';

export function ReviewsPanel({ userId, side }: { userId: string; side: 'client' | 'engineer' }) {
  const reviews = useUserReviewsQuery(userId);
  const stats = useRatingStatsQuery(userId);
  const toRate = useToRate(userId, side);
  // One loading state for the whole tab until every part of it is in: parts arriving one by
  // one (the average beside the title, the projects to rate below) pushed the others down.
  if (reviews.isLoading || stats.isLoading || toRate.isLoading)
    return <TabLoading text="Loading reviews..." />;
  return (
    <div className="space-y-6">
      <Panel
        title="Reviews"
        description={
          side === 'engineer'
            ? 'What clients said about your work.'
            : 'What engineers said about working with you.'
        }
        actions={
          stats.data && (
            <RatingSummary avg={stats.data.average_rating} count={stats.data.total_ratings} decimals={1} />
          )
        }
      >
        <ListState
          isLoading={false}
          error={reviews.error}
          isEmpty={(reviews.data ?? []).length === 0}
          loadingText="Loading reviews..."
          errorText="Could not load reviews."
          empty={<EmptyState icon={Star}>{RATING_MESSAGES.noReviews}</EmptyState>}
        >
          <ReviewList reviews={reviews.data ?? []} />
        </ListState>
      </Panel>
      <ToRateList items={toRate.items} receiverRole={side === 'engineer' ? 'client' : 'engineer'} />
    </div>
  );
}

type ToRate = { projectId: string; title: string; receiverId: string; receiverName: string };

function ToRateList({ items, receiverRole }: { items: ToRate[]; receiverRole: 'client' | 'engineer' }) {
  if (items.length === 0) return null;
  return (
    <Panel
      title="Completed projects"
      description={`Rate the ${receiverRole} of each project you completed together.`}
    >
      <ul className="divide-y divide-slate-200">
        {items.map((p) => (
          <li
            key={p.projectId}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{p.title}</p>
              <p className="text-xs text-slate-600">{p.receiverName}</p>
            </div>
            <RateCounterpart
              compact
              projectId={p.projectId}
              projectTitle={p.title}
              receiverId={p.receiverId}
              receiverName={p.receiverName}
              receiverRole={receiverRole}
            />
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/**
 * The completed projects whose other side `userId` may rate: an engineer's completed projects
 * name their client; a client's name the engineer through the deal's payment.
 */
function useToRate(userId: string, side: 'client' | 'engineer'): { isLoading: boolean; items: ToRate[] } {
  const engineerProjects = useEngineerProjectsQuery(userId, { skip: side !== 'engineer' });
  const clientProjects = useCustomerProjectsQuery({ clientId: userId }, { skip: side !== 'client' });
  const payments = useUserPaymentsQuery(userId, { skip: side !== 'client' });
  if (side === 'engineer')
    return {
      isLoading: engineerProjects.isLoading,
      items: (engineerProjects.data ?? [])
        .filter((p) => p.status === 'completed')
        .map((p) => ({
          projectId: p.id,
          title: p.title,
          receiverId: p.customer_id,
          receiverName: p.client_name,
        })),
    };
  const items: ToRate[] = [];
  for (const p of clientProjects.data ?? []) {
    if (p.status !== 'completed') continue;
    const paid = payments.data?.find((x) => x.project_id === p.id && x.status === 'succeeded');
    if (paid)
      items.push({
        projectId: p.id,
        title: p.title,
        receiverId: paid.engineer_id,
        receiverName: paid.engineer_name,
      });
  }
  return { isLoading: clientProjects.isLoading || payments.isLoading, items };
}
