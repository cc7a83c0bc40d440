// docs/PRODUCT.md#validation, #limits: for an amount above 0, the 20% platform fee and the engineer's 80%.
import { formatCents, splitFee } from '@app/shared';

export function FeePreview({ cents }: { cents: number | null }) {
  if (cents === null || !Number.isInteger(cents) || cents <= 0) return null;
  const { platformFeeCents, engineerCents } = splitFee(cents);
  return (
    <section aria-label="Fee preview" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <dl className="space-y-1">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">Proposed amount</dt>
          <dd className="font-medium text-slate-900">{formatCents(cents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">Platform fee (20%)</dt>
          <dd className="text-slate-900">−{formatCents(platformFeeCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-1">
          <dt className="font-semibold text-slate-900">You receive (80%)</dt>
          <dd className="font-semibold text-green-800">{formatCents(engineerCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
