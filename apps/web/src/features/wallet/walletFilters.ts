// The wallet's and the payout history's filters (docs/PRODUCT.md#limits: wallet transactions
// all/succeeded/pending/failed with from and to dates; payouts all/initiated/pending/
// succeeded/failed), applied in the browser, and the months of the earnings chart.
import type { PayoutDto, PayoutStatus, WalletTransactionDto, WalletTransactionStatus } from '@app/shared';
import { formatMonth, localDay } from '../../lib/format';

export type WalletFilter = {
  status: WalletTransactionStatus | 'all';
  /** 'YYYY-MM-DD' days where the browser is, inclusive; '' for no bound. */
  from: string;
  to: string;
};

export const DATE_ORDER_MESSAGE = 'The from date must be on or before the to date.';

/** Null when the dates can be used; else what is wrong with them. */
export function walletFilterError(f: Pick<WalletFilter, 'from' | 'to'>): string | null {
  return f.from && f.to && f.from > f.to ? DATE_ORDER_MESSAGE : null;
}

/** Transactions of the chosen status released between from and to (both days included), newest first. */
export function filterTransactions(
  list: readonly WalletTransactionDto[],
  f: WalletFilter,
): WalletTransactionDto[] {
  return list
    .filter((t) => {
      if (f.status !== 'all' && t.status !== f.status) return false;
      const day = localDay(t.released_at);
      if (f.from && day < f.from) return false;
      if (f.to && day > f.to) return false;
      return true;
    })
    .sort((a, b) => b.released_at.localeCompare(a.released_at));
}

/** Payouts of the chosen status, the latest payout date first. */
export function filterPayouts(list: readonly PayoutDto[], status: PayoutStatus | 'all'): PayoutDto[] {
  return list
    .filter((p) => status === 'all' || p.status === status)
    .sort((a, b) => b.payout_date.localeCompare(a.payout_date) || b.created_at.localeCompare(a.created_at));
}

export type EarningsMonth = {
  /** 'YYYY-MM' */
  month: string;
  /** 'Nov 2026' */
  label: string;
  /** Cents released to the wallet that month and already paid out. */
  paid: number;
  /** Cents released that month and still in the wallet (due, on the way, or to retry). */
  waiting: number;
  /** Everything earned up to the end of that month. */
  cumulative: number;
};

/**
 * The engineer's earnings (their 80%) per month of release, from `months` months before
 * `now` to now (or from the first release, if earlier; at most 24 months), where the
 * browser is.
 */
export function earningsByMonth(
  list: readonly WalletTransactionDto[],
  now = new Date(),
  months = 6,
): EarningsMonth[] {
  const key = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  let start = new Date(now.getFullYear(), now.getMonth() - (months - 1), 1);
  for (const t of list) {
    const d = new Date(t.released_at);
    if (d < start) start = new Date(d.getFullYear(), d.getMonth(), 1);
  }
  const earliest = new Date(now.getFullYear(), now.getMonth() - 23, 1);
  if (start < earliest) start = earliest;
  const buckets: EarningsMonth[] = [];
  for (let d = start; d <= now; d = new Date(d.getFullYear(), d.getMonth() + 1, 1))
    buckets.push({ month: key(d), label: formatMonth(d), paid: 0, waiting: 0, cumulative: 0 });
  const byKey = new Map(buckets.map((b) => [b.month, b]));
  let before = 0;
  for (const t of list) {
    const b = byKey.get(key(new Date(t.released_at)));
    if (!b) {
      if (new Date(t.released_at) < start) before += t.amount;
      continue;
    }
    if (t.status === 'succeeded') b.paid += t.amount;
    else b.waiting += t.amount;
  }
  let running = before;
  for (const b of buckets) {
    running += b.paid + b.waiting;
    b.cumulative = running;
  }
  return buckets;
}
