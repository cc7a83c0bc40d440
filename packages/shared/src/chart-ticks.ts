// Money axis ticks for the charts (wallet earnings, admin finance): round steps (1, 2, 2.5 or 5
// times a power of ten, in dollars), a top at or above the largest value, and labels that
// never round a tick into another one ('$1,200', not '$1k').
import { formatCount } from './numbers.ts';

/** Axis ticks in cents from 0 to `top` (the last tick), and the label of each. */
export type MoneyTicks = { ticks: number[]; top: number; labels: string[] };

const STEPS = [1, 2, 2.5, 5, 10];

/**
 * Ticks for values up to `maxCents`, at most `maxTicks` intervals (default 4). The step is the
 * smallest round dollar step whose ticks cover the maximum; a chart of nothing gets $0 to $10.
 */
export function moneyTicks(maxCents: number, maxTicks = 4): MoneyTicks {
  const given = Math.max(0, maxCents) / 100;
  const maxDollars = given > 0 ? given : 10;
  const wanted = maxDollars / maxTicks;
  const power = 10 ** Math.floor(Math.log10(wanted));
  let stepDollars = STEPS.map((s) => s * power).find((s) => s >= wanted - 1e-9) ?? 10 * power;
  // Whole dollars only: a chart of a few cents still steps by $1.
  stepDollars = Math.max(1, stepDollars);
  const count = Math.max(1, Math.ceil(maxDollars / stepDollars - 1e-9));
  const ticks = Array.from({ length: count + 1 }, (_, i) => Math.round(i * stepDollars * 100));
  return { ticks, top: ticks[ticks.length - 1], labels: ticks.map(formatTickDollars) };
}

/** '$0', '$2.5', '$850', '$1,200' below $10,000; '$12.5k', '$30k' above; '$1.5M' from a million. */
export function formatTickDollars(cents: number): string {
  const dollars = Math.round(cents) / 100;
  const sign = dollars < 0 ? '-' : '';
  const abs = Math.abs(dollars);
  const short = (n: number, unit: string) => `${sign}$${Number(n.toFixed(2)).toString()}${unit}`;
  if (abs >= 1_000_000) return short(abs / 1_000_000, 'M');
  if (abs >= 10_000) return short(abs / 1_000, 'k');
  // formatCount, not Intl (docs/DECISIONS.md 'Dates, months and counts in the browser').
  const whole = Math.floor(abs);
  const rest = Math.round((abs - whole) * 100);
  const fraction = rest ? `.${String(rest).padStart(2, '0').replace(/0$/, '')}` : '';
  return `${sign}$${formatCount(whole)}${fraction}`;
}
