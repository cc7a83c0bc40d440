import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers.ts';

describe('formatCount', () => {
  it('groups thousands as en-US does', () => {
    const values = [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, -1234, -999];
    expect(values.map(formatCount)).toEqual(values.map((n) => n.toLocaleString('en-US')));
  });
  it('writes a non-integer as it is', () => {
    expect(formatCount(1.5)).toBe('1.5');
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});
