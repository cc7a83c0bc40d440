import { describe, expect, it } from 'vitest';
import { dollarsProblem, dollarsToCents, formatCents, MONEY_MESSAGES } from './money.ts';

describe('dollarsToCents', () => {
  it('turns typed dollars into whole cents', () => {
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents(' 1234.56 ')).toBe(123456);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents(19.99)).toBe(1999);
  });
  it('refuses what is not a dollar amount instead of rounding it', () => {
    expect(dollarsToCents('1234.567')).toBeNull();
    expect(dollarsToCents('99.999')).toBeNull();
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
  });
});

describe('dollarsProblem', () => {
  const rule = { message: 'Budget must be an amount of 0 or more.', maxCents: 1_000_000 };
  it('accepts dollars and cents within the limit', () => {
    expect(dollarsProblem('1234.56', rule)).toBeNull();
    expect(dollarsProblem('', { ...rule, optional: true })).toBeNull();
  });
  it('says what is wrong', () => {
    expect(dollarsProblem('1234.567', rule)).toBe(MONEY_MESSAGES.wholeCents);
    expect(dollarsProblem('-1', rule)).toBe(rule.message);
    expect(dollarsProblem('10000.01', rule)).toBe(rule.message);
    expect(dollarsProblem('', rule)).toBe(rule.message);
  });
});

describe('formatCents', () => {
  it('shows dollars with two decimals', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(null)).toBe('N/A');
    expect([0, 5, 99, 100, 100_000_00, 123_456_789_01, -1_234_05].map(formatCents)).toEqual([
      '$0.00',
      '$0.05',
      '$0.99',
      '$1.00',
      '$100,000.00',
      '$123,456,789.01',
      '-$1,234.05',
    ]);
  });
});
