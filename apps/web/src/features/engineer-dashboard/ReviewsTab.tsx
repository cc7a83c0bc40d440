// 'Reviews' tab: the ratings clients gave this engineer.
import { Loader2 } from 'lucide-react';
import { Panel } from '../../components/dashboard/DashboardShell';
import { errorMessage } from '../../lib/api';
import { ReviewList, useEngineerReviewsQuery } from '../engineers';

export function ReviewsTab({ userId }: { userId: string }) {
  const { data, isLoading, error } = useEngineerReviewsQuery(userId);
  return (
    <Panel title="Reviews" description="What clients said about your work.">
      {isLoading ? (
        <div className="flex items-center gap-2 py-6 text-sm text-slate-600" role="status">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading reviews...
        </div>
      ) : error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(error, 'Could not load reviews.')}
        </p>
      ) : (
        <ReviewList reviews={data ?? []} />
      )}
    </Panel>
  );
}
