import { addDaysToDate } from '@crewdesk/domain';
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

/** Weeks start on Sunday, as the app's date pickers show them. */
export function startOfWeek(date: string): string {
  return addDaysToDate(date, -weekdayOf(date));
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
 * The dates a view shows around `anchor`. A month shows whole weeks (at most six, 42 days: the
 * schedule endpoint's limit).
 */
export function rangeOf(view: ScheduleView, anchor: string): DateRange {
  switch (view) {
    case 'day':
      return { from: anchor, to: anchor };
    case 'week':
    case 'team': {
      const from = startOfWeek(anchor);
      return { from, to: addDaysToDate(from, 6) };
    }
    case 'month': {
      const from = startOfWeek(startOfMonth(anchor));
      const last = endOfMonth(anchor);
      return { from, to: addDaysToDate(last, 6 - weekdayOf(last)) };
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

/** The toolbar's title: 'Monday, May 4, 2026', 'May 3 – 9, 2026', 'May 2026'. */
export function rangeTitle(view: ScheduleView, anchor: string): string {
  if (view === 'day')
    return format(anchor, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  if (view === 'month') return format(anchor, { month: 'long', year: 'numeric' });
  const { from, to } = rangeOf(view, anchor);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const sameMonth = sameYear && from.slice(0, 7) === to.slice(0, 7);
  if (sameMonth)
    return `${format(from, { month: 'short', day: 'numeric' })} – ${format(to, { day: 'numeric' })}, ${from.slice(0, 4)}`;
  if (sameYear)
    return `${format(from, { month: 'short', day: 'numeric' })} – ${format(to, { month: 'short', day: 'numeric' })}, ${from.slice(0, 4)}`;
  return `${format(from, { month: 'short', day: 'numeric', year: 'numeric' })} – ${format(to, { month: 'short', day: 'numeric', year: 'numeric' })}`;
}

/** A column heading: 'Mon 4'. */
export function dayHeading(date: string): { weekday: string; day: string } {
  return { weekday: format(date, { weekday: 'short' }), day: String(Number(date.slice(8))) };
}

/** 'Monday, May 4' for screen readers and tooltips. */
export function longDay(date: string): string {
  return format(date, { weekday: 'long', month: 'long', day: 'numeric' });
}
