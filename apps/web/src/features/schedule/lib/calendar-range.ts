import {
  addDaysToDate,
  DEFAULT_TIME_SETTINGS,
  rangeTitle as domainRangeTitle,
  SCHEDULE_VIEWS,
  type DateRange,
  type ScheduleView,
} from '@crewdesk/domain';
import { dateTimeFormat } from '@/lib/date-time-format';

// The calendar's ranges live in the domain: the server writes the first screen's title too.
export {
  endOfMonth,
  rangeOf,
  SCHEDULE_VIEW_LABELS,
  SCHEDULE_VIEWS,
  startOfMonth,
  type DateRange,
  type ScheduleView,
} from '@crewdesk/domain';

export function isScheduleView(value: string | null): value is ScheduleView {
  return value !== null && (SCHEDULE_VIEWS as readonly string[]).includes(value);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string | null): value is string {
  if (value === null || !ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

function utcOf(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** 0 = Sunday … 6 = Saturday of a calendar date (no time zone involved). */
export function weekdayOf(date: string): number {
  return utcOf(date).getUTCDay();
}

/** Where the business's weeks start (0 = Sunday), as the session says; Monday by default. */
export function weekStartsOnOf(account: { week_starts_on?: number } | null | undefined): number {
  return account?.week_starts_on ?? DEFAULT_TIME_SETTINGS.weekStartsOn;
}

/** Every date from `from` to `to`, inclusive. */
export function datesOf({ from, to }: DateRange): string[] {
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDaysToDate(d, 1)) dates.push(d);
  return dates;
}

/** The anchor one step back (-1) or forward (+1): a day, a week or a month. */
export function shiftAnchor(view: ScheduleView, anchor: string, step: -1 | 1): string {
  if (view === 'day') return addDaysToDate(anchor, step);
  if (view === 'week' || view === 'team') return addDaysToDate(anchor, 7 * step);
  const [y, m] = anchor.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 + step, 1));
  return `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

function format(date: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat({ timeZone: 'UTC', ...options }).format(utcOf(date));
}

/** The toolbar's title in the shown business's locale (the domain's rangeTitle). */
export function rangeTitle(view: ScheduleView, anchor: string, weekStartsOn: number): string {
  return domainRangeTitle(view, anchor, weekStartsOn, dateTimeFormat);
}

/** A column heading: 'Mon 4'. */
export function dayHeading(date: string): { weekday: string; day: string } {
  return { weekday: format(date, { weekday: 'short' }), day: String(Number(date.slice(8))) };
}

/** 'Monday, May 4' for screen readers and tooltips. */
export function longDay(date: string): string {
  return format(date, { weekday: 'long', month: 'long', day: 'numeric' });
}
