import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, shownRange, totalLabel } from './paging';

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(27, 20)).toBe(2);
  });

  it('keeps a page from the address within the pages there are', () => {
    expect(clampPage(99, 2)).toBe(2);
    expect(clampPage(0, 2)).toBe(1);
    expect(clampPage(Number.NaN, 2)).toBe(1);
    expect(clampPage(2, 2)).toBe(2);
  });

  it('never reads "showing 1961–27": a page past the end shows no range', () => {
    expect(shownRange(99, 20, 27)).toBeNull();
    expect(shownRange(2, 20, 27)).toEqual({ first: 21, last: 27 });
    expect(shownRange(1, 20, 0)).toBeNull();
  });
});

describe('totalLabel', () => {
  it('shows an exact total as it is and a capped one as "at least"', () => {
    expect(totalLabel(24, false)).toBe('24');
    expect(totalLabel(1234, false)).toBe('1,234');
    expect(totalLabel(1000, true)).toBe('1,000+');
  });
});
