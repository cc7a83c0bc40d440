// Average rating and review count of users. Ratings do not exist yet: every user has
// 0 / 0 until the ratings feature fills this one function in (directory, profile and
// project pages all read ratings through it).
import type { DbOrTx } from '../../db/client.ts';

export type RatingStats = { avg_rating: number; rating_count: number };

export async function ratingStatsFor(_db: DbOrTx, userIds: string[]): Promise<Map<string, RatingStats>> {
  return new Map(userIds.map((id) => [id, { avg_rating: 0, rating_count: 0 }]));
}
