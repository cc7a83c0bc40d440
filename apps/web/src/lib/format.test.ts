import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatLongDay,
  formatMonth,
  formatMonthDay,
  formatTime,
  localDay,
} from './format';

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
  it('reads a moment at UTC midnight where the browser is, the day as well as the time', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Chicago';
    try {
      expect(formatDateTime('2026-03-04T00:00:00Z')).toBe('Mar 3, 2026, 6:00 PM');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

// The hand-written patterns read exactly as Intl's en-US formatting does (Node's ICU here).
describe('the same text as Intl en-US', () => {
  const moments = [
    new Date(2026, 0, 1, 0, 0),
    new Date(2026, 2, 4, 12, 5),
    new Date(2026, 8, 30, 23, 59),
    new Date(2027, 11, 31, 9, 7),
  ];
  const intl = (options: Intl.DateTimeFormatOptions) => (d: Date) =>
    new Intl.DateTimeFormat('en-US', options).format(d).replace(/\u202f/g, ' ');
  it('days, times, months', () => {
    for (const d of moments) {
      expect(formatDate(d.toISOString())).toBe(intl({ year: 'numeric', month: 'short', day: 'numeric' })(d));
      expect(formatTime(d)).toBe(intl({ hour: 'numeric', minute: '2-digit' })(d));
      expect(formatMonthDay(d)).toBe(intl({ month: 'short', day: 'numeric' })(d));
      expect(formatLongDay(d)).toBe(
        intl({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })(d),
      );
      expect(formatMonth(d)).toBe(intl({ month: 'short', year: 'numeric' })(d));
    }
  });
  it('months from a YYYY-MM key', () => {
    expect(formatMonth('2026-09')).toBe('Sep 2026');
    expect(formatMonth('2026-09', { style: 'long' })).toBe('September 2026');
    expect(formatMonth('2026-12', { year: false })).toBe('Dec');
  });
});

describe('localDay', () => {
  it("names the browser's own day, zero-padded", () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDay(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
  it('reads a moment given as text in the browser’s time zone', () => {
    expect(localDay(new Date(2026, 10, 17, 0, 30).toISOString())).toBe('2026-11-17');
  });
});
