// 'Reviews' tab: the ratings clients gave this engineer, and the clients still to rate.
import { ReviewsPanel } from '../ratings';

export function ReviewsTab({ userId }: { userId: string }) {
  return <ReviewsPanel userId={userId} side="engineer" />;
}
