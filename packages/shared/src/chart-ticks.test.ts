import { describe, expect, it } from 'vitest';
import { formatTickDollars, moneyTicks } from './chart-ticks.ts';

const labels = (maxCents: number) => moneyTicks(maxCents).labels;

describe('moneyTicks', () => {
  it('covers the largest value with round steps', () => {
    // The earnings chart that read $0/$300/$600/$900/'$1k' for a top of $1,200.
    expect(labels(120_000)).toEqual(['$0', '$500', '$1,000', '$1,500']);
    expect(labels(160_000)).toEqual(['$0', '$500', '$1,000', '$1,500', '$2,000']);
    // The admin finance chart that read $9k/$17k/$26k/$34k.
    expect(labels(3_400_000)).toEqual(['$0', '$10k', '$20k', '$30k', '$40k']);
    expect(labels(145_000)).toEqual(['$0', '$500', '$1,000', '$1,500']);
    expect(labels(100_000)).toEqual(['$0', '$250', '$500', '$750', '$1,000']);
  });

  it('never labels two ticks alike and ends at or above the maximum', () => {
    for (const max of [1, 99, 1_000, 45_678, 120_000, 999_999, 1_234_567, 98_765_432, 250_000_000]) {
      const t = moneyTicks(max);
      expect(new Set(t.labels).size).toBe(t.labels.length);
      expect(t.top).toBeGreaterThanOrEqual(max);
      expect(t.ticks.length - 1).toBeLessThanOrEqual(4);
      const step = t.ticks[1] - t.ticks[0];
      expect(t.ticks.every((v, i) => v === i * step)).toBe(true);
    }
  });

  it('draws an empty chart from $0 to $10', () => {
    expect(labels(0)).toEqual(['$0', '$2.5', '$5', '$7.5', '$10']);
  });
});

describe('formatTickDollars', () => {
  it('keeps the digits that tell ticks apart', () => {
    expect([0, 85_000, 120_000, 1_250_000, 3_000_000, 150_000_000].map(formatTickDollars)).toEqual([
      '$0',
      '$850',
      '$1,200',
      '$12.5k',
      '$30k',
      '$1.5M',
    ]);
  });
});
