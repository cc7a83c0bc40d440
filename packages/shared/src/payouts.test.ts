import { describe, expect, it } from 'vitest';
import { MIN_PAYOUT_CENTS } from './money.ts';
import { nextPayoutRunDate, payablePayouts, walletTransactionStatus } from './payouts.ts';

const p = (
  id: string,
  engineerId: string,
  amountCents: number,
  payoutDate: string,
  payoutsEnabled = true,
) => ({
  id,
  engineerId,
  amountCents,
  payoutDate,
  payoutsEnabled,
});

describe('what a payout run pays', () => {
  const sunday = '2026-12-06';

  it('pays what is due by the run day, and nothing dated later', () => {
    const chosen = payablePayouts(
      [p('a', 'e1', 50_00, '2026-11-29'), p('b', 'e1', 50_00, sunday), p('c', 'e1', 50_00, '2026-12-13')],
      sunday,
    );
    expect(chosen.map((x) => x.id)).toEqual(['a', 'b']);
  });

  it('holds an engineer whose due total is under $10.00, and pays once several add up to it', () => {
    expect(MIN_PAYOUT_CENTS).toBe(10_00);
    expect(payablePayouts([p('a', 'e1', 9_99, sunday)], sunday)).toEqual([]);
    expect(payablePayouts([p('a', 'e1', 10_00, sunday)], sunday).map((x) => x.id)).toEqual(['a']);
    // $6 + $4 due together reach the minimum; a third not yet due does not count.
    const chosen = payablePayouts(
      [p('a', 'e1', 6_00, '2026-11-29'), p('b', 'e1', 4_00, sunday), p('c', 'e1', 90_00, '2026-12-13')],
      sunday,
    );
    expect(chosen.map((x) => x.id)).toEqual(['a', 'b']);
    // Engineers are counted apart.
    expect(payablePayouts([p('a', 'e1', 6_00, sunday), p('b', 'e2', 6_00, sunday)], sunday)).toEqual([]);
  });

  it('holds an engineer whose payout account cannot receive payouts', () => {
    expect(payablePayouts([p('a', 'e1', 500_00, sunday, false)], sunday)).toEqual([]);
  });
});

describe('next payout run', () => {
  it.each([
    ['2026-11-24T10:00:00Z', '2026-11-29'], // Tuesday -> that week's Sunday
    ['2026-11-29T23:00:00Z', '2026-11-29'], // Sunday -> the same day
    ['2026-11-30T00:00:00Z', '2026-12-06'], // Monday -> the next Sunday
  ])('from %s is %s', (now, run) => {
    expect(nextPayoutRunDate(new Date(now))).toBe(run);
  });
});

describe('wallet transaction status', () => {
  it('reads a payout not yet confirmed as pending', () => {
    expect(walletTransactionStatus('initiated')).toBe('pending');
    expect(walletTransactionStatus('pending')).toBe('pending');
    expect(walletTransactionStatus('succeeded')).toBe('succeeded');
    expect(walletTransactionStatus('failed')).toBe('failed');
  });
});
