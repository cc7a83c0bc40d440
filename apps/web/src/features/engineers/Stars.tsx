// A 1-5 star display: full stars, a half star when the fraction is at least 0.5 (docs/PRODUCT.md#limits).
import { Star, StarHalf } from 'lucide-react';

export function Stars({ value, className = '' }: { value: number; className?: string }) {
  const full = Math.floor(value);
  const half = value - full >= 0.5;
  return (
    <span
      className={`inline-flex items-center gap-0.5 ${className}`}
      role="img"
      aria-label={`${value.toFixed(1)} out of 5 stars`}
    >
      {[0, 1, 2, 3, 4].map((i) => {
        if (i < full) return <Star key={i} className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden />;
        if (i === full && half)
          return (
            <span key={i} className="relative inline-block h-4 w-4">
              <Star className="absolute h-4 w-4 text-slate-300" aria-hidden />
              <StarHalf className="absolute h-4 w-4 fill-amber-400 text-amber-400" aria-hidden />
            </span>
          );
        return <Star key={i} className="h-4 w-4 text-slate-300" aria-hidden />;
      })}
    </span>
  );
}

/** '4.5 (12 reviews)' beside the stars; 'No reviews yet' when there are none. */
export function RatingSummary({
  avg,
  count,
  decimals = 1,
}: {
  avg: number | null;
  count: number;
  decimals?: number;
}) {
  if (!count) {
    return <span className="text-sm text-slate-500">No reviews yet</span>;
  }
  const value = avg ?? 0;
  return (
    <span className="inline-flex items-center gap-1.5">
      <Stars value={value} />
      <span className="text-sm font-semibold text-slate-900">{value.toFixed(decimals)}</span>
      <span className="text-sm text-slate-500">
        ({count} review{count === 1 ? '' : 's'})
      </span>
    </span>
  );
}
