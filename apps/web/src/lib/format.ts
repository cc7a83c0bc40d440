// The one place dates are turned into text (money is formatCents in @app/shared's money.ts).
// Every page shows dates the same way: 'Mar 4, 2026', and 'Mar 4, 2026, 3:05 PM' with a time.

const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const calendarDay = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dayAndTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z)?$/;

/**
 * 'Mar 4, 2026'. A calendar day (a deadline or an expiration date: '2026-03-04', or the same
 * day at UTC midnight) reads as that day wherever the browser is; a moment (created_at) reads
 * in the browser's time zone. `missing` is shown for an empty or unreadable value.
 */
export function formatDate(value: string | null | undefined, missing = ''): string {
  if (!value) return missing;
  if (PLAIN_DAY.test(value)) return calendarDay.format(new Date(`${value.slice(0, 10)}T00:00:00Z`));
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? missing : day.format(date);
}

/** 'Mar 4, 2026, 3:05 PM' in the browser's time zone. */
export function formatDateTime(value: string | null | undefined, missing = ''): string {
  if (!value) return missing;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? missing : dayAndTime.format(date);
}

/** Today's calendar day where the browser is, as 'YYYY-MM-DD'. */
export function browserToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
