import { DEAL_MESSAGES, MONEY_MESSAGES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { readSplitPart, splitAmounts } from './settle';

describe('what a split settlement moves', () => {
  it('takes the 20% fee from the engineer’s part only (docs/DEALS.md: $800 split at $500)', () => {
    expect(splitAmounts(80000, 50000)).toEqual({
      partCents: 50000,
      feeCents: 10000,
      netCents: 40000,
      refundCents: 30000,
    });
  });

  it('rounds the fee to the cent and the parts add up to the payment', () => {
    expect(splitAmounts(85000, 33333)).toEqual({
      partCents: 33333,
      feeCents: 6667,
      netCents: 26666,
      refundCents: 51667,
    });
  });
});

describe('the engineer’s part typed by staff', () => {
  it('reads dollars and cents', () => {
    expect(readSplitPart('500', 80000)).toEqual({ cents: 50000 });
    expect(readSplitPart('0.01', 80000)).toEqual({ cents: 1 });
    expect(readSplitPart('799.99', 80000)).toEqual({ cents: 79999 });
  });

  it('refuses nothing, zero, all of it, more, and fractions of a cent', () => {
    expect(readSplitPart('', 80000)).toEqual({ problem: DEAL_MESSAGES.splitAmount });
    expect(readSplitPart('0', 80000)).toEqual({ problem: DEAL_MESSAGES.splitAmount });
    expect(readSplitPart('800', 80000)).toEqual({ problem: DEAL_MESSAGES.splitAmount });
    expect(readSplitPart('900', 80000)).toEqual({ problem: DEAL_MESSAGES.splitAmount });
    expect(readSplitPart('-5', 80000)).toEqual({ problem: DEAL_MESSAGES.splitAmount });
    expect(readSplitPart('abc', 80000)).toEqual({ problem: DEAL_MESSAGES.splitAmount });
    expect(readSplitPart('1.005', 80000)).toEqual({ problem: MONEY_MESSAGES.wholeCents });
  });
});
