import type { JobFrequency } from './recurrence.ts';
import { addDaysToDate } from './zoned-time.ts';

/** A recurring frequency as an iCalendar RRULE (RFC 5545), stored with the series. */
export function rruleOf(
  frequency: Exclude<JobFrequency, 'one-time'>,
  until?: string | null,
): string {
  const base =
    frequency === 'weekly'
      ? 'FREQ=WEEKLY;INTERVAL=1'
      : frequency === 'bi-weekly'
        ? 'FREQ=WEEKLY;INTERVAL=2'
        : 'FREQ=MONTHLY;INTERVAL=1';
  return until ? `${base};UNTIL=${until.replaceAll('-', '')}` : base;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The n-th monthly date after 'YYYY-MM-DD', or null when that month has no such day (RFC 5545). */
function monthlyDate(start: string, n: number): string | null {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + n;
  const year = y + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  if (d > daysInMonth(year, month)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export interface SeriesRule {
  /** The first visit's date, 'YYYY-MM-DD'. */
  startDate: string;
  frequency: Exclude<JobFrequency, 'one-time'>;
  /** The last date a visit may fall on (inclusive), or null for no end. */
  untilDate?: string | null;
}

/**
 * The visit dates of a series from `fromDate` to `toDate` (both inclusive, 'YYYY-MM-DD'),
 * oldest first. Weekly and bi-weekly keep the weekday; monthly keeps the day of the month and
 * skips months without it (the 31st has no visit in April), as an RRULE does.
 */
export function seriesDatesBetween(rule: SeriesRule, fromDate: string, toDate: string): string[] {
  const last = rule.untilDate && rule.untilDate < toDate ? rule.untilDate : toDate;
  const dates: string[] = [];
  if (last < rule.startDate) return dates;
  for (let n = 0; n < 10_000; n++) {
    const date =
      rule.frequency === 'monthly'
        ? monthlyDate(rule.startDate, n)
        : addDaysToDate(rule.startDate, n * (rule.frequency === 'weekly' ? 7 : 14));
    if (date === null) continue;
    if (date > last) break;
    if (date >= fromDate) dates.push(date);
  }
  return dates;
}

/** How far ahead the generator keeps a series' visits on the schedule. */
export const SERIES_HORIZON_DAYS = 90;
