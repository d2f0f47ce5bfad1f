import { addDaysToDate, DEFAULT_TIME_SETTINGS } from '@crewdesk/domain';
import { dateTimeFormat } from '@/lib/date-time-format';

/** The calendar's views: a day, a week, a month, and the team's lanes over a week. */
export const SCHEDULE_VIEWS = ['day', 'week', 'month', 'team'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

export const SCHEDULE_VIEW_LABELS: Record<ScheduleView, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  team: 'Team',
};

export function isScheduleView(value: string | null): value is ScheduleView {
  return value !== null && (SCHEDULE_VIEWS as readonly string[]).includes(value);
}

export interface DateRange {
  /** 'YYYY-MM-DD', inclusive. */
  from: string;
  /** 'YYYY-MM-DD', inclusive. */
  to: string;
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

/** The first day of the week holding `date`, weeks starting on `weekStartsOn` (0 = Sunday). */
export function startOfWeek(date: string, weekStartsOn: number): string {
  return addDaysToDate(date, -((weekdayOf(date) - weekStartsOn + 7) % 7));
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function endOfMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${date.slice(0, 7)}-${String(last).padStart(2, '0')}`;
}

/** Every date from `from` to `to`, inclusive. */
export function datesOf({ from, to }: DateRange): string[] {
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDaysToDate(d, 1)) dates.push(d);
  return dates;
}

/**
 * The dates a view shows around `anchor`, its weeks starting on the business's first day of the
 * week (`weekStartsOn`, 0 = Sunday: the timesheets' own). A month shows whole weeks (at most
 * six, 42 days: the schedule endpoint's limit).
 */
export function rangeOf(view: ScheduleView, anchor: string, weekStartsOn: number): DateRange {
  switch (view) {
    case 'day':
      return { from: anchor, to: anchor };
    case 'week':
    case 'team': {
      const from = startOfWeek(anchor, weekStartsOn);
      return { from, to: addDaysToDate(from, 6) };
    }
    case 'month': {
      const from = startOfWeek(startOfMonth(anchor), weekStartsOn);
      const last = endOfMonth(anchor);
      return { from, to: addDaysToDate(startOfWeek(last, weekStartsOn), 6) };
    }
  }
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

/**
 * The toolbar's title: 'Monday, May 4, 2026', 'May 3 – 9, 2026', 'May 2026' (in en-US; '3 – 9
 * May 2026' in en-GB), as the business writes dates.
 */
export function rangeTitle(view: ScheduleView, anchor: string, weekStartsOn: number): string {
  if (view === 'day')
    return format(anchor, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  if (view === 'month') return format(anchor, { month: 'long', year: 'numeric' });
  const { from, to } = rangeOf(view, anchor, weekStartsOn);
  // The locale says what a range shares (month, year); its thin spaces read as plain ones.
  return dateTimeFormat({ timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' })
    .formatRange(utcOf(from), utcOf(to))
    .replaceAll('\u2009', ' ');
}

/** A column heading: 'Mon 4'. */
export function dayHeading(date: string): { weekday: string; day: string } {
  return { weekday: format(date, { weekday: 'short' }), day: String(Number(date.slice(8))) };
}

/** 'Monday, May 4' for screen readers and tooltips. */
export function longDay(date: string): string {
  return format(date, { weekday: 'long', month: 'long', day: 'numeric' });
}
