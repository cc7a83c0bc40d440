// Ratings and reviews (spec §3 'Rating'): 1 to 5 stars with a comment, one per sender,
// receiver and project.
import { z } from 'zod';

export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** GET /api/ratings/user/{userId}: one review as the profile and dashboards show it. */
export const reviewSchema = z.object({
  id: z.string(),
  sender_id: z.string(),
  receiver_id: z.string(),
  project_id: z.string(),
  rate: z.number().int().min(RATING_MIN).max(RATING_MAX),
  comment: z.string().nullable(),
  sender_name: z.string().nullable(),
  created_at: z.string(),
});
export type ReviewDto = z.infer<typeof reviewSchema>;
