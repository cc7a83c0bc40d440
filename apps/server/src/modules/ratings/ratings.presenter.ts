// What a rating looks like in an answer (a review).
import type { ReviewDto } from '@app/shared';
import type { RatingRow } from '../../db/schema/index.ts';

export function presentReview(row: RatingRow, senderName: string | null): ReviewDto {
  return {
    id: row.id,
    sender_id: row.senderId,
    receiver_id: row.receiverId,
    project_id: row.projectId,
    rate: row.rate,
    comment: row.comment,
    sender_name: senderName,
    created_at: row.createdAt.toISOString(),
  };
}
