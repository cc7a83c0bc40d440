import type { PayoutDto, WalletTransactionDto } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { localDay } from '../../lib/format';
import {
  DATE_ORDER_MESSAGE,
  earningsByMonth,
  filterPayouts,
  filterTransactions,
  walletFilterError,
} from './walletFilters';

// Local noon: the same calendar day in every time zone the tests may run in.
const at = (day: string) => new Date(`${day}T12:00:00`).toISOString();
const tx = (
  id: string,
  day: string,
  status: WalletTransactionDto['status'],
  amount = 1000,
): WalletTransactionDto => ({
  id,
  project_id: `p-${id}`,
  project_title: `Project ${id}`,
  gross_cents: amount * 1.25,
  fee_cents: amount * 0.25,
  amount,
  status,
  payout_status: status === 'pending' ? 'initiated' : status,
  released_at: at(day),
  payout_date: day,
  paid_at: null,
  failure_reason: null,
  plan: { run_date: null, reason: 'paid' },
});

const list = [
  tx('a', '2026-09-10', 'succeeded', 4000),
  tx('b', '2026-11-17', 'pending', 960),
  tx('c', '2026-10-26', 'failed', 760),
];

describe('wallet transaction filters (docs/PRODUCT.md#limits)', () => {
  it('keeps all, newest first, or one status', () => {
    expect(filterTransactions(list, { status: 'all', from: '', to: '' }).map((t) => t.id)).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(filterTransactions(list, { status: 'failed', from: '', to: '' }).map((t) => t.id)).toEqual(['c']);
    expect(filterTransactions(list, { status: 'pending', from: '', to: '' }).map((t) => t.id)).toEqual(['b']);
  });

  it('keeps the days from and to, both included', () => {
    expect(
      filterTransactions(list, { status: 'all', from: '2026-10-26', to: '2026-11-17' }).map((t) => t.id),
    ).toEqual(['b', 'c']);
    expect(filterTransactions(list, { status: 'all', from: '', to: '2026-09-10' }).map((t) => t.id)).toEqual([
      'a',
    ]);
    expect(filterTransactions(list, { status: 'all', from: '2026-11-18', to: '' })).toEqual([]);
    expect(localDay(at('2026-11-17'))).toBe('2026-11-17');
  });

  it('says when the from date passes the to date', () => {
    expect(walletFilterError({ from: '2026-11-02', to: '2026-11-01' })).toBe(DATE_ORDER_MESSAGE);
    expect(walletFilterError({ from: '2026-11-01', to: '2026-11-01' })).toBeNull();
    expect(walletFilterError({ from: '2026-11-01', to: '' })).toBeNull();
  });
});

describe('payout filters', () => {
  const payout = (id: string, status: PayoutDto['status'], payoutDate: string): PayoutDto => ({
    id,
    submission_id: null,
    project_id: 'p',
    project_title: 'P',
    amount: 100,
    currency: 'usd',
    status,
    payout_date: payoutDate,
    created_at: at(payoutDate),
    paid_at: null,
    failure_reason: null,
    plan: { run_date: null, reason: 'paid' },
  });
  const payouts = [
    payout('1', 'succeeded', '2026-10-18'),
    payout('2', 'initiated', '2026-11-29'),
    payout('3', 'failed', '2026-11-08'),
  ];
  it('keeps one status or all, the latest payout date first', () => {
    expect(filterPayouts(payouts, 'all').map((p) => p.id)).toEqual(['2', '3', '1']);
    expect(filterPayouts(payouts, 'initiated').map((p) => p.id)).toEqual(['2']);
    expect(filterPayouts(payouts, 'pending')).toEqual([]);
  });
});

describe('earnings by month', () => {
  it('spreads releases over the months up to now, paid apart from waiting, with a running total', () => {
    const months = earningsByMonth(list, new Date('2026-11-24T12:00:00'), 6);
    expect(months.map((m) => m.month)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(months[3]).toMatchObject({ paid: 4000, waiting: 0, cumulative: 4000 });
    expect(months[4]).toMatchObject({ paid: 0, waiting: 760, cumulative: 4760 });
    expect(months[5]).toMatchObject({ paid: 0, waiting: 960, cumulative: 5720 });
    expect(months[0]).toMatchObject({ paid: 0, waiting: 0, cumulative: 0 });
  });

  it('starts at the first release when it is older than the window', () => {
    const months = earningsByMonth(
      [tx('old', '2026-01-15', 'succeeded', 500)],
      new Date('2026-11-24T12:00:00'),
      6,
    );
    expect(months[0]).toMatchObject({ month: '2026-01', paid: 500, cumulative: 500 });
    expect(months.at(-1)).toMatchObject({ month: '2026-11', cumulative: 500 });
  });
});
