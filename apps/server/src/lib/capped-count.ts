// The `total` of a paged list, counted only as far as it can matter: up to COUNT_WINDOW rows
// past the first row of the page asked for. An exact count(*) reads every match, so its cost
// grows with the table (60 ms for 600,000 open projects); this one stops after
// offset + COUNT_WINDOW + 1 matches. A full-text search or a filter still reads its index's
// whole posting list before the first match (18 ms for a common phrase at 1M projects), so
// a count that reached the cap is remembered for CAPPED_TTL_MS: the common queries that
// cost the most are the ones asked again. Exact (small) totals are never remembered, so
// they are always current. docs/PERFORMANCE.md#lists-stay-flat explains the choice.
import { count } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

/** How many matches past the page's first row a list counts before saying "at least". */
export const COUNT_WINDOW = 1000;
/** How long a count that reached the cap is reused ("1,000+" stays true that long). */
export const CAPPED_TTL_MS = 30_000;
const CAPPED_MAX_ENTRIES = 1000;

export type CappedTotal = {
  /** Every match when totalIsCapped is false; otherwise a lower bound (offset + COUNT_WINDOW). */
  total: number;
  /** True when more matches exist than `total`: the web shows "1,000+". */
  totalIsCapped: boolean;
};

/** Per database (tests run several apps in one process): count SQL -> reusable until. */
const cappedUntil = new WeakMap<DbOrTx, Map<string, number>>();

/** Counts the rows of `matches` (a select of the list's matches, without order or limit). */
export async function cappedTotal(
  db: DbOrTx,
  matches: PgSelect,
  offset: number,
  now = Date.now(),
): Promise<CappedTotal> {
  const cap = offset + COUNT_WINDOW;
  const query = db.select({ n: count() }).from(matches.limit(cap + 1).as('matches'));
  const { sql: text, params } = query.toSQL();
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const remembered = cappedUntil.get(db) ?? new Map<string, number>();
  cappedUntil.set(db, remembered);
  if ((remembered.get(key) ?? 0) > now) return { total: cap, totalIsCapped: true };

  const [{ n }] = await query;
  if (n <= cap) return { total: n, totalIsCapped: false };
  remembered.delete(key);
  // A Map iterates in insertion order: the first key is the oldest entry.
  if (remembered.size >= CAPPED_MAX_ENTRIES) remembered.delete(remembered.keys().next().value as string);
  remembered.set(key, now + CAPPED_TTL_MS);
  return { total: cap, totalIsCapped: true };
}
