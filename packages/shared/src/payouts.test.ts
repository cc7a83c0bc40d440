import { describe, expect, it } from 'vitest';
import type { PayoutStatus } from './enums.ts';
import { MIN_PAYOUT_CENTS } from './money.ts';
import {
  nextPayoutRunDate,
  PAYOUT_STATUS_LABELS,
  type PayoutPlan,
  payablePayouts,
  payoutDueDate,
  payoutSentence,
  planPayouts,
  walletTransactionStatus,
} from './payouts.ts';

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

describe('when each payout is paid, and why', () => {
  // Friday 27 November 2026: the next run is Sunday 29 November.
  const today = new Date('2026-11-27T12:00:00Z');
  const row = (id: string, amountCents: number, payoutDate: string, status: PayoutStatus = 'initiated') => ({
    id,
    engineerId: 'e1',
    status,
    amountCents,
    payoutDate,
  });
  const day = (d: string) => d.slice(0, 10);
  const sentence = (r: ReturnType<typeof row>, plan: PayoutPlan, failure: string | null = null) =>
    payoutSentence(
      { status: r.status, payout_date: r.payoutDate, paid_at: null, failure_reason: failure, plan },
      day,
    );

  it('names the Sunday after the week of release, not the next run, for money released this week', () => {
    // Released on Friday 27 November: due Sunday 6 December, which the run of that day pays.
    const friday = row('a', 400_00, payoutDueDate(today));
    const plans = planPayouts([friday], { today, payoutsEnabled: true });
    expect(plans.get('a')).toEqual({ run_date: '2026-12-06', reason: 'scheduled' });
    expect(sentence(friday, plans.get('a')!)).toBe(
      'Paid on Sunday, 2026-12-06: payments released in the week ending Sunday, 2026-11-29 are paid the Sunday after.',
    );
  });

  it('says a small payout waits for the minimum, and when later ones lift it over', () => {
    const small = row('a', 6_00, '2026-11-29');
    const alone = planPayouts([small], { today, payoutsEnabled: true });
    expect(alone.get('a')).toEqual({ run_date: null, reason: 'minimum' });
    expect(sentence(small, alone.get('a')!)).toBe(
      'Due Sunday, 2026-11-29, it is paid on the first Sunday your due payouts add up to at least $10.00.',
    );
    const withLater = planPayouts([small, row('b', 6_00, '2026-12-06')], { today, payoutsEnabled: true });
    expect(withLater.get('a')).toEqual({ run_date: '2026-12-06', reason: 'minimum' });
    expect(withLater.get('b')).toEqual({ run_date: '2026-12-06', reason: 'scheduled' });
    expect(sentence(small, withLater.get('a')!)).toBe(
      'Paid on Sunday, 2026-12-06, when your due payouts first add up to at least $10.00.',
    );
  });

  it('says nothing is paid before the payout account can receive payouts', () => {
    const r = row('a', 400_00, '2026-11-29');
    const plans = planPayouts([r], { today, payoutsEnabled: false });
    expect(plans.get('a')).toEqual({ run_date: null, reason: 'account' });
    expect(sentence(r, plans.get('a')!)).toContain('after your payout account can receive payouts');
  });

  it('sends an overdue or failed payout on the next run, and never says sent before it is', () => {
    const overdue = row('a', 400_00, '2026-11-22');
    const failed = row('b', 400_00, '2026-11-22', 'failed');
    const plans = planPayouts([overdue, failed], { today, payoutsEnabled: true });
    expect(plans.get('a')).toEqual({ run_date: '2026-11-29', reason: 'scheduled' });
    expect(sentence(overdue, plans.get('a')!)).toBe(
      'Paid on Sunday, 2026-11-29, the next payout run (it was due Sunday, 2026-11-22).',
    );
    expect(sentence(failed, plans.get('b')!, 'Account closed.')).toBe(
      'The transfer failed (Account closed) and the money is back in your wallet; it is sent again on Sunday, 2026-11-29.',
    );
    for (const r of [overdue, row('c', 400_00, '2026-12-06')])
      expect(sentence(r, planPayouts([r], { today, payoutsEnabled: true }).get(r.id)!)).not.toMatch(/sent/i);
    const sending = row('d', 400_00, '2026-11-22', 'pending');
    expect(sentence(sending, planPayouts([sending], { today, payoutsEnabled: true }).get('d')!)).toMatch(
      /^Sent/,
    );
  });

  it('uses one word for a status wherever a payout is shown', () => {
    expect(Object.values(PAYOUT_STATUS_LABELS)).toEqual(['Scheduled', 'Sending', 'Paid', 'Failed']);
  });
});
