// Average rating and review count of users: the one place every page with ratings reads
// them from (directory cards, public profile, the project page's client block).
import { averageRating } from '@app/shared';
import { inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ratings } from '../../db/schema/index.ts';

export type RatingStats = { avg_rating: number; rating_count: number };

/** Sum of the rates and number of ratings a user received. */
export type RatingTotals = [total: number, count: number];

export const ratingStatsOf = ([total, count]: RatingTotals): RatingStats => ({
  avg_rating: averageRating(total, count),
  rating_count: count,
});

/**
 * The rating totals of the user `userId` names (a column of the outer query), as a column
 * of that query: a list reads its page and its ratings in one statement.
 */
export function ratingTotalsOf(userId: SQLWrapper) {
  return sql<RatingTotals>`(select json_build_array(coalesce(sum(${ratings.rate}), 0)::int, count(*)::int)
    from ${ratings} where ${ratings.receiverId} = ${userId})`;
}

/** The stats of each of `userIds`; users without ratings get 0 and 0. */
export async function ratingStatsFor(db: DbOrTx, userIds: string[]): Promise<Map<string, RatingStats>> {
  const stats = new Map(userIds.map((id) => [id, ratingStatsOf([0, 0])]));
  if (userIds.length === 0) return stats;
  const rows = await db
    .select({
      receiverId: ratings.receiverId,
      total: sql<number>`sum(${ratings.rate})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(ratings)
    .where(inArray(ratings.receiverId, userIds))
    .groupBy(ratings.receiverId);
  for (const r of rows) stats.set(r.receiverId, ratingStatsOf([Number(r.total), Number(r.count)]));
  return stats;
}
