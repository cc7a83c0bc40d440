// The dashboards' 'Reviews' tab (spec §2): the signed-in user's average and the reviews they
// received, and the completed projects still waiting for their own rating of the other side.
import { RATING_MESSAGES } from '@app/shared';
import { Star } from 'lucide-react';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { ListState } from '../../components/ListState';
import { RatingSummary, ReviewList } from '../engineers';
import { useUserPaymentsQuery } from '../payments';
import { useCustomerProjectsQuery, useEngineerProjectsQuery } from '../projects';
import { useRatingStatsQuery, useUserReviewsQuery } from './api';
import { RateCounterpart } from './RateCounterpart';

export function ReviewsPanel({ userId, side }: { userId: string; side: 'client' | 'engineer' }) {
  const reviews = useUserReviewsQuery(userId);
  const stats = useRatingStatsQuery(userId);
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
          isLoading={reviews.isLoading}
          error={reviews.error}
          isEmpty={(reviews.data ?? []).length === 0}
          loadingText="Loading reviews..."
          errorText="Could not load reviews."
          empty={<EmptyState icon={Star}>{RATING_MESSAGES.noReviews}</EmptyState>}
        >
          <ReviewList reviews={reviews.data ?? []} />
        </ListState>
      </Panel>
      {side === 'engineer' ? <EngineerToRate userId={userId} /> : <ClientToRate userId={userId} />}
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

function EngineerToRate({ userId }: { userId: string }) {
  const { data } = useEngineerProjectsQuery(userId);
  const items = (data ?? [])
    .filter((p) => p.status === 'completed')
    .map((p) => ({
      projectId: p.id,
      title: p.title,
      receiverId: p.customer_id,
      receiverName: p.client_name,
    }));
  return <ToRateList items={items} receiverRole="client" />;
}

function ClientToRate({ userId }: { userId: string }) {
  const projects = useCustomerProjectsQuery({ clientId: userId });
  // The client's payments name the engineer each deal was made with.
  const payments = useUserPaymentsQuery(userId);
  const items: ToRate[] = [];
  for (const p of projects.data ?? []) {
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
  return <ToRateList items={items} receiverRole="engineer" />;
}
