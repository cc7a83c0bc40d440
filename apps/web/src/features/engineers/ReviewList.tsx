// Reviews an engineer received (docs/PRODUCT.md#screens profile, dashboard 'Reviews' tab).
import { MessageSquareQuote } from 'lucide-react';
import { EmptyState } from '../../components/dashboard/DashboardShell';
import { formatDate } from '../../lib/format';
import type { Review } from './api';
import { Stars } from './Stars';

export function ReviewList({ reviews }: { reviews: Review[] }) {
  if (!reviews.length) return <EmptyState icon={MessageSquareQuote}>No reviews received yet.</EmptyState>;
  return (
    <ul className="divide-y divide-slate-200">
      {reviews.map((r) => (
        <li key={r.id} className="py-4 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium text-slate-900">{r.sender_name ?? 'A client'}</span>
            <time dateTime={r.created_at} className="text-xs text-slate-500">
              {formatDate(r.created_at)}
            </time>
          </div>
          <Stars value={r.rate} className="mt-1" />
          {r.comment && <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{r.comment}</p>}
        </li>
      ))}
    </ul>
  );
}
