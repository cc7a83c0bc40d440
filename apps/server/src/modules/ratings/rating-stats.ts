// Average rating and review count of users: the one function every page with ratings
// reads through (directory cards, public profile, the project page's client block).
import { averageRating } from '@app/shared';
import { inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ratings } from '../../db/schema/index.ts';

export type RatingStats = { avg_rating: number; rating_count: number };

/**
 * `userIds`: the ids, or a select of them (a list's page, so its stats load in the same
 * round trip as the page); ids without ratings are in the map only when given as a list.
 */
export async function ratingStatsFor(
  db: DbOrTx,
  userIds: string[] | SQLWrapper,
): Promise<Map<string, RatingStats>> {
  const given = Array.isArray(userIds) ? userIds : [];
  const stats = new Map(given.map((id) => [id, { avg_rating: 0, rating_count: 0 }]));
  if (Array.isArray(userIds) && userIds.length === 0) return stats;
  const rows = await db
    .select({
      receiverId: ratings.receiverId,
      total: sql<number>`sum(${ratings.rate})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(ratings)
    .where(inArray(ratings.receiverId, userIds))
    .groupBy(ratings.receiverId);
  for (const r of rows) {
    const count = Number(r.count);
    stats.set(r.receiverId, { avg_rating: averageRating(Number(r.total), count), rating_count: count });
  }
  return stats;
}
