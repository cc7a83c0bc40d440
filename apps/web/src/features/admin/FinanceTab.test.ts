import { describe, expect, it } from 'vitest';
import { sinceFirstActivity } from './FinanceTab';

const month = (m: string, paid_in = 0) => ({ month: m, paid_in, refunded: 0, revenue: 0, paid_out: 0 });

describe('finance months shown', () => {
  it('start at the first month with money moving', () => {
    const months = [
      month('2026-01'),
      month('2026-02'),
      month('2026-03', 5),
      month('2026-04'),
      month('2026-05'),
      month('2026-06'),
    ];
    expect(sinceFirstActivity(months).map((m) => m.month)).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
  });
  it('keep at least the last three', () => {
    const quiet = [month('2026-01'), month('2026-02'), month('2026-03'), month('2026-04', 1)];
    expect(sinceFirstActivity(quiet).map((m) => m.month)).toEqual(['2026-02', '2026-03', '2026-04']);
    expect(sinceFirstActivity([month('2026-01'), month('2026-02')]).map((m) => m.month)).toEqual([
      '2026-01',
      '2026-02',
    ]);
    expect(
      sinceFirstActivity([month('2026-01'), month('2026-02'), month('2026-03'), month('2026-04')]).map(
        (m) => m.month,
      ),
    ).toEqual(['2026-02', '2026-03', '2026-04']);
  });
});
