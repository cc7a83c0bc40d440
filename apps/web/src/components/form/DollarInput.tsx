import type { InputHTMLAttributes } from 'react';

/** A dollar amount typed to the cent (min 0, step 0.01, docs/PRODUCT.md#limits), with a '$' in front. */
export function DollarInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">
        $
      </span>
      <input
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        placeholder="0.00"
        className="input pl-7"
        {...props}
      />
    </div>
  );
}
