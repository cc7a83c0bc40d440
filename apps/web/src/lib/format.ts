// The one place dates are turned into text (money is formatCents in @app/shared's money.ts).
// Every page shows dates the same way, as en-US reads them: 'Mar 4, 2026', and
// 'Mar 4, 2026, 3:05 PM' with a time.
//
// Written out by hand rather than with Intl.DateTimeFormat: a page's first Intl formatter
// loads ICU's locale data, about 40 ms of main thread on the 2-core bench machine (160 ms
// on Lighthouse's simulated phone), on every first visit to a page that shows a date.
// The product speaks one language, so the few patterns it needs are all it needs.
import { MONTH_NAMES, WEEKDAY_NAMES } from '@app/shared';

const shortMonth = (month: number) => MONTH_NAMES[month].slice(0, 3);

/** A date's parts where the browser is, or at UTC. */
function partsOf(date: Date, utc = false) {
  return utc
    ? { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() }
    : { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() };
}

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z)?$/;

/** 'Mar 4, 2026' from a date's parts. */
const dayText = ({ year, month, day }: ReturnType<typeof partsOf>) => `${shortMonth(month)} ${day}, ${year}`;

/** A readable moment, or null. */
function readDate(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * 'Mar 4, 2026'. A calendar day (a deadline or an expiration date: '2026-03-04', or the same
 * day at UTC midnight) reads as that day wherever the browser is; a moment (created_at) reads
 * in the browser's time zone. `missing` is shown for an empty or unreadable value.
 */
export function formatDate(value: string | null | undefined, missing = ''): string {
  if (!value) return missing;
  const calendarDay = PLAIN_DAY.test(value);
  const date = readDate(calendarDay ? `${value.slice(0, 10)}T00:00:00Z` : value);
  return date ? dayText(partsOf(date, calendarDay)) : missing;
}

/** '3:05 PM' in the browser's time zone. */
export function formatTime(date: Date): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'Mar 4, 2026, 3:05 PM' in the browser's time zone. */
export function formatDateTime(value: string | null | undefined, missing = ''): string {
  if (!value) return missing;
  // A moment, date and time alike where the browser is (also at UTC midnight, which
  // formatDate alone would read as a calendar day).
  const date = readDate(value);
  return date ? `${dayText(partsOf(date))}, ${formatTime(date)}` : missing;
}

/** 'Mar 4' in the browser's time zone. */
export function formatMonthDay(date: Date): string {
  return `${shortMonth(date.getMonth())} ${date.getDate()}`;
}

/** 'Monday, March 2, 2026' in the browser's time zone. */
export function formatLongDay(date: Date): string {
  const { year, month, day } = partsOf(date);
  return `${WEEKDAY_NAMES[date.getDay()]}, ${MONTH_NAMES[month]} ${day}, ${year}`;
}

/**
 * A month: 'Mar 2026' (short), 'March 2026' (long) or 'Mar' (short, no year). `month` is a
 * 'YYYY-MM' key, or a Date read in the browser's time zone.
 */
export function formatMonth(
  month: string | Date,
  { style = 'short', year = true }: { style?: 'short' | 'long'; year?: boolean } = {},
): string {
  const [y, m] =
    typeof month === 'string'
      ? [Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1]
      : [month.getFullYear(), month.getMonth()];
  const name = style === 'long' ? MONTH_NAMES[m] : shortMonth(m);
  return year ? `${name} ${y}` : name;
}

/**
 * The calendar day of a moment where the browser is, as 'YYYY-MM-DD' (today by default):
 * for date inputs, file names, and grouping or filtering by the user's own day.
 */
export function localDay(at: Date | string = new Date()): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
