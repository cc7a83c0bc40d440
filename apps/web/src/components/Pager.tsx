// Previous / 'Page N of M' / Next under every paged list. Hidden when there is one page.
import { ChevronLeft, ChevronRight } from 'lucide-react';

export function Pager({
  page,
  pages,
  onPage,
  label = 'Pagination',
  morePages = false,
}: {
  page: number;
  pages: number;
  /** `pages` is a lower bound (the list's total was capped): 'Page 1 of 50+'. */
  morePages?: boolean;
  onPage: (page: number) => void;
  /** Names the navigation for screen readers when a page has more than one pager. */
  label?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-3">
      <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden />
        Previous
      </button>
      <span className="text-sm text-slate-700">
        Page {page} of {pages}
        {morePages && '+'}
      </span>
      <button
        type="button"
        className="btn-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
        <ChevronRight className="h-4 w-4" aria-hidden />
      </button>
    </nav>
  );
}
