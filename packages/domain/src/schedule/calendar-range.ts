import { weekStartOf } from '../time/time-rules.ts';
import { addDaysToDate } from './zoned-time.ts';

/** The calendar's views: a day, a week, a month, and the team's lanes over a week. */
export const SCHEDULE_VIEWS = ['day', 'week', 'month', 'team'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

export const SCHEDULE_VIEW_LABELS: Record<ScheduleView, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  team: 'Team',
};

export interface DateRange {
  /** 'YYYY-MM-DD', inclusive. */
  from: string;
  /** 'YYYY-MM-DD', inclusive. */
  to: string;
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function endOfMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${date.slice(0, 7)}-${String(last).padStart(2, '0')}`;
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
      const from = weekStartOf(anchor, weekStartsOn);
      return { from, to: addDaysToDate(from, 6) };
    }
    case 'month': {
      const from = weekStartOf(startOfMonth(anchor), weekStartsOn);
      const last = endOfMonth(anchor);
      return { from, to: addDaysToDate(weekStartOf(last, weekStartsOn), 6) };
    }
  }
}

/**
 * The screens that open /schedule on the day rather than the week: a phone's. The app chooses the
 * view by it, and the server's preload of the first screen's visits says which one a screen takes.
 */
export const DAY_VIEW_SCREENS = '(max-width: 639px)';

/** Every other screen: the week view's. */
export const WIDER_THAN_DAY_VIEW_SCREENS = `not all and ${DAY_VIEW_SCREENS}`;

/** The ranges /schedule opens with on today: its day (a phone's view) and its week (wider). */
export function openingRanges(
  today: string,
  weekStartsOn: number,
): { day: DateRange; week: DateRange } {
  return { day: rangeOf('day', today, weekStartsOn), week: rangeOf('week', today, weekStartsOn) };
}

/**
 * The schedule endpoint's address under /api for a range (and one member's lane): the app asks
 * it, and the server preloads the first screen's with the page, so both must write it alike.
 */
export function scheduleRangePath(range: DateRange & { assigneeId?: string }): string {
  const member = range.assigneeId ? `&assigneeId=${encodeURIComponent(range.assigneeId)}` : '';
  return `/schedule?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}${member}`;
}

/** What the schedule says over a range with no visits (and, to a planner, how to add one). */
export function emptyRangeText(view: ScheduleView, canPlan: boolean): string {
  return `${EMPTY_RANGE_TEXT[view]}${canPlan ? ' Click a time to add a job.' : ''}`;
}

const EMPTY_RANGE_TEXT: Record<ScheduleView, string> = {
  day: 'Nothing scheduled on this day.',
  week: 'Nothing scheduled this week.',
  month: 'Nothing scheduled this month.',
  team: 'Nothing scheduled for the team this week.',
};

/** An Intl.DateTimeFormat in the business's locale for these options (the caller may keep them). */
export type DateFormatOf = (options: Intl.DateTimeFormatOptions) => Intl.DateTimeFormat;

/** A calendar date at midnight UTC: formatted in UTC, it is that date in any locale. */
function utcOf(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/**
 * The calendar toolbar's title: 'Monday, May 4, 2026', 'May 3 – 9, 2026', 'May 2026' (in en-US;
 * '3 – 9 May 2026' in en-GB), as the business writes dates. The app draws it, and the server
 * writes the first screen's into the page it sends (decision 044).
 */
export function rangeTitle(
  view: ScheduleView,
  anchor: string,
  weekStartsOn: number,
  formatOf: DateFormatOf,
): string {
  if (view === 'day')
    return formatOf({
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(utcOf(anchor));
  if (view === 'month')
    return formatOf({ timeZone: 'UTC', month: 'long', year: 'numeric' }).format(utcOf(anchor));
  const { from, to } = rangeOf(view, anchor, weekStartsOn);
  // The locale says what a range shares (month, year); its thin spaces read as plain ones.
  return formatOf({ timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' })
    .formatRange(utcOf(from), utcOf(to))
    .replaceAll('\u2009', ' ');
}

/** The titles /schedule opens with, on today: its day (a phone's view) and its week (wider). */
export function openingRangeTitles(
  today: string,
  weekStartsOn: number,
  formatOf: DateFormatOf,
): { day: string; week: string } {
  return {
    day: rangeTitle('day', today, weekStartsOn, formatOf),
    week: rangeTitle('week', today, weekStartsOn, formatOf),
  };
}
