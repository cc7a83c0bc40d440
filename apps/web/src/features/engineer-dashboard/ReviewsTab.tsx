// 'Reviews' tab: the ratings clients gave this engineer.
import { Panel } from '../../components/dashboard/DashboardShell';
import { ListState } from '../../components/ListState';
import { ReviewList, useEngineerReviewsQuery } from '../engineers';

export function ReviewsTab({ userId }: { userId: string }) {
  const { data, isLoading, error } = useEngineerReviewsQuery(userId);
  return (
    <Panel title="Reviews" description="What clients said about your work.">
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={false}
        loadingText="Loading reviews..."
        errorText="Could not load reviews."
        empty={null}
      >
        <ReviewList reviews={data ?? []} />
      </ListState>
    </Panel>
  );
}
