// Ratings and reviews (docs/PRODUCT.md#data 'Rating'): 1 to 5 stars with a comment, one per sender,
// receiver and project.

import { z } from 'zod';
import { idSchema } from './api.ts';

export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** GET /api/ratings/user/{userId}: one review as the profile and dashboards show it. */
export const reviewSchema = z.object({
  id: z.string(),
  sender_id: z.string(),
  receiver_id: z.string(),
  project_id: z.string(),
  rate: z.number().int().min(RATING_MIN).max(RATING_MAX, { abort: true }),
  comment: z.string().nullable(),
  sender_name: z.string().nullable(),
  created_at: z.string(),
});
export type ReviewDto = z.infer<typeof reviewSchema>;

export const RATING_MESSAGES = {
  // docs/PRODUCT.md#validation, #messages.
  selectProject: 'Please select a project first.',
  outOfRange: 'Rating must be between 1 and 5.',
  alreadyRatedProject: 'You have already rated this user for this project.',
  alreadyRatedEngineer: 'You have already rated this engineer.',
  submitFailed: 'Failed to submit rating',
  noReviews: 'No reviews received yet.',
  noReviewsYet: 'No reviews yet',
  // Rules (docs/PRODUCT.md#states: only on a completed project the two share).
  asYourself: 'You can only rate as yourself.',
  notAllowed: 'You can rate only the client or the engineer of a completed project you worked on together.',
  commentTooLong: 'The comment can be at most 2,000 characters.',
  submitted: 'Thank you! Your rating was submitted.',
} as const;
export const RATING_COMMENT_MAX = 2_000;

/** The rating dialog's words, fitting who is rated: an engineer's work or a client's project. */
export function ratingDialogText(receiverRole: 'client' | 'engineer', name: string) {
  return receiverRole === 'engineer'
    ? {
        title: `Rate ${name}`,
        description: `Your rating is public: it shows on ${name}'s profile and in the engineer directory.`,
        question: `How was ${name}'s work: drawings, seal and communication?`,
      }
    : {
        title: `Rate ${name}`,
        description: `Your rating is public: it shows on ${name}'s profile and beside the projects ${name} posts.`,
        question: `How was working for ${name}: clear requirements, answers and payment?`,
      };
}

/** POST /api/ratings (docs/PRODUCT.md#api). `sender_id` must be the caller. */
export const createRatingBodySchema = z.object({
  sender_id: idSchema(RATING_MESSAGES.asYourself),
  receiver_id: idSchema(RATING_MESSAGES.notAllowed),
  project_id: idSchema(RATING_MESSAGES.selectProject),
  rate: z
    .number({ error: RATING_MESSAGES.outOfRange })
    .int(RATING_MESSAGES.outOfRange)
    .min(RATING_MIN, RATING_MESSAGES.outOfRange)
    .max(RATING_MAX, { message: RATING_MESSAGES.outOfRange, abort: true }),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, { message: RATING_MESSAGES.commentTooLong, abort: true })
    .refine((v) => !v.includes('\u0000'), 'Remove the NUL characters from this text.')
    .nullish()
    .transform((v) => v || null),
});
export type CreateRatingBody = z.input<typeof createRatingBodySchema>;

export const ratingCheckParamsSchema = z.object({
  senderId: idSchema(),
  receiverId: idSchema(),
  projectId: idSchema(),
});
/** GET /api/ratings/check/{senderId}/{receiverId}/{projectId}. */
export const ratingCheckSchema = z.object({ rated: z.boolean(), rating: reviewSchema.nullable() });
export type RatingCheckDto = z.infer<typeof ratingCheckSchema>;

/** GET /api/ratings/stats/{userId} (docs/PRODUCT.md#data 'Rating stats'). */
export const ratingStatsSchema = z.object({
  total_ratings: z.number().int(),
  average_rating: z.number(),
});
export type RatingStatsDto = z.infer<typeof ratingStatsSchema>;

/**
 * GET /api/projects/completed/{clientId}/{engineerId}: the completed projects the two
 * share, each saying whether the caller has rated the other party for it.
 */
export const completedProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  completed_at: z.string(),
  rated: z.boolean(),
  /** The stars the caller gave for it (null until rated), shown once they rated. */
  my_rate: z.number().int().nullable(),
});
export type CompletedProjectDto = z.infer<typeof completedProjectSchema>;
export const completedProjectsParamsSchema = z.object({
  clientId: idSchema(),
  engineerId: idSchema(),
});

/**
 * The average of `count` whole-star rates summing to `total`, rounded to two decimals: what
 * every page reads (the project page shows two decimals, the profile one; docs/PRODUCT.md#limits). 0 for none.
 */
export function averageRating(total: number, count: number): number {
  if (count === 0) return 0;
  return Math.round((total * 100) / count) / 100;
}
