// Page arithmetic shared by every paged list.
import { formatCount } from '@app/shared';

/** How many pages `total` items fill (at least 1, so 'Page 1 of 1' for an empty list). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page to show: a page number from the address, kept within 1..pages. */
export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), pages);
}

/** The 1-based positions of the items on `page`, or null when the page holds none. */
export function shownRange(
  page: number,
  pageSize: number,
  total: number,
): { first: number; last: number } | null {
  const first = (page - 1) * pageSize + 1;
  if (total <= 0 || first > total) return null;
  return { first, last: Math.min(page * pageSize, total) };
}

/** A list's total as shown: '1,234', or '1,000+' when the server stopped counting there. */
export function totalLabel(total: number, capped: boolean): string {
  return `${formatCount(total)}${capped ? '+' : ''}`;
}
