import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('formatDate', () => {
  it('reads a calendar day as that day, whatever the time zone', () => {
    expect(formatDate('2027-03-31')).toBe('Mar 31, 2027');
    expect(formatDate('2027-03-31T00:00:00.000Z')).toBe('Mar 31, 2027');
  });
  it('reads a moment as a date', () => {
    expect(formatDate('2026-03-04T15:05:00')).toBe('Mar 4, 2026');
  });
  it('shows the fallback for missing or unreadable values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined, 'N/A')).toBe('N/A');
    expect(formatDate('not a date', 'N/A')).toBe('N/A');
  });
});

describe('formatDateTime', () => {
  it('adds the time', () => {
    expect(formatDateTime('2026-03-04T15:05:00')).toBe('Mar 4, 2026, 3:05 PM');
    expect(formatDateTime('')).toBe('');
  });
});
