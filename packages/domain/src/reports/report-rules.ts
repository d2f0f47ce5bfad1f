import { daysBetween } from '../invoices/invoices.ts';
import { addDaysToDate, localDateOf } from '../schedule/zoned-time.ts';
import { weekStartOf, type TimeSettings } from '../time/time-rules.ts';

/** How a report's series is cut: calendar days, ISO weeks (Monday first) or calendar months. */
export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The longest range a report covers: five calendar years. */
export const REPORT_MAX_YEARS = 5;
/** Grouped by day, a range holds at most this many days (a chart of ≤ 366 bars). */
export const REPORT_MAX_DAYS_BY_DAY = 366;

export const REPORT_RANGE_MESSAGES = {
  inverted: 'from must be on or before to',
  tooLong: `The range can cover at most ${REPORT_MAX_YEARS} years.`,
  tooManyDays: `Grouped by day, the range can cover at most ${REPORT_MAX_DAYS_BY_DAY} days; group by week or month.`,
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

function utcOf(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function dateOfUtc(t: Date): string {
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** `date` moved by whole calendar months, the day kept or clipped to the month's last day. */
export function addMonthsToDate(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return dateOfUtc(
    new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))),
  );
}

/** What is wrong with a report's range, or null when it is usable. */
export function reportRangeProblem(
  from: string,
  to: string,
  grouping: ReportGrouping,
): string | null {
  if (to < from) return REPORT_RANGE_MESSAGES.inverted;
  // Five years: 2021-03-01 … 2026-02-28 fits; one day more does not.
  if (to >= addMonthsToDate(from, REPORT_MAX_YEARS * 12)) return REPORT_RANGE_MESSAGES.tooLong;
  if (grouping === 'day' && daysBetween(from, to) + 1 > REPORT_MAX_DAYS_BY_DAY)
    return REPORT_RANGE_MESSAGES.tooManyDays;
  return null;
}

/**
 * The first day of the period holding `date`: the date itself, the Monday of its week, or the
 * first of its month. Its SQL twin is date_trunc(grouping, date) (PostgreSQL's weeks start on
 * Monday too).
 */
export function periodStartOf(date: string, grouping: ReportGrouping): string {
  if (grouping === 'day') return date;
  if (grouping === 'month') return `${date.slice(0, 8)}01`;
  const weekday = (utcOf(date).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDaysToDate(date, -weekday);
}

/** The last day of the period that starts on `start`. */
export function periodEndOf(start: string, grouping: ReportGrouping): string {
  if (grouping === 'day') return start;
  if (grouping === 'week') return addDaysToDate(start, 6);
  return addDaysToDate(addMonthsToDate(start, 1), -1);
}

/** The period of an instant, read on the business's wall clock (daylight saving included). */
export function periodStartOfInstant(
  instant: Date,
  timeZone: string,
  grouping: ReportGrouping,
): string {
  return periodStartOf(localDateOf(instant, timeZone), grouping);
}

export interface ReportPeriod {
  /** The period's first day: the series' key. */
  start: string;
  /** The part of the period inside the range: what its bar's rows are read over. */
  from: string;
  to: string;
}

/** Every period the range touches, in order, each clipped to the range (the series' bars). */
export function periodsOf(from: string, to: string, grouping: ReportGrouping): ReportPeriod[] {
  const periods: ReportPeriod[] = [];
  let start = periodStartOf(from, grouping);
  while (start <= to) {
    const end = periodEndOf(start, grouping);
    periods.push({ start, from: start < from ? from : start, to: end > to ? to : end });
    start = addDaysToDate(end, 1);
  }
  return periods;
}

/** Receivables ageing: how long past its due date an open invoice is. */
export const AGEING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  current: 'Current',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

/** Each bucket's days past due, both ends included (null: open-ended); the SQL reads the same. */
export const AGEING_BUCKET_DAYS: Record<AgeingBucket, { min: number | null; max: number | null }> =
  {
    current: { min: null, max: 0 },
    '1-30': { min: 1, max: 30 },
    '31-60': { min: 31, max: 60 },
    '61-90': { min: 61, max: 90 },
    '90+': { min: 91, max: null },
  };

/** The bucket of an invoice due on `dueDate`, seen on the business's `today`. */
export function ageingBucketOf(dueDate: string, today: string): AgeingBucket {
  const late = daysBetween(dueDate, today);
  return AGEING_BUCKETS.find((bucket) => {
    const { min, max } = AGEING_BUCKET_DAYS[bucket];
    return (min === null || late >= min) && (max === null || late <= max);
  })!;
}

/** The first and last calendar day of the month holding `date`. */
export function monthOf(date: string): { from: string; to: string } {
  const from = `${date.slice(0, 8)}01`;
  return { from, to: periodEndOf(from, 'month') };
}

/** A visit is on time when its work began at most this long after its start time. */
export const ON_TIME_GRACE_MINUTES = 15;

/**
 * Whether a completed visit was on time: started (or, when nobody pressed start, completed) no
 * later than the grace after its scheduled start. The SQL of the jobs report reads the same.
 */
export function isVisitOnTime(visit: {
  status: string;
  startsAt: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
}): boolean {
  if (visit.status !== 'completed' || !visit.startsAt) return false;
  const began = visit.startedAt ?? visit.completedAt;
  if (!began) return false;
  return began.getTime() <= visit.startsAt.getTime() + ON_TIME_GRACE_MINUTES * 60_000;
}

/** How the quote report names a request's kind (the requests module's categorizeRequest). */
export const QUOTE_CATEGORIES = ['estimate', 'quote', 'proposal'] as const;
export type QuoteCategory = (typeof QUOTE_CATEGORIES)[number];

/** The outcome a sent request counts under (each sent request in at most one of the last three). */
export const QUOTE_FIGURES = ['sent', 'viewed', 'accepted', 'declined', 'expired'] as const;
export type QuoteFigure = (typeof QUOTE_FIGURES)[number];

/**
 * The quote report's reading of one sent request. Accepted covers converted; expired is an
 * unanswered one (unopened, sent or viewed) past its expiry on `now`, as the requests list shows.
 */
export function quoteOutcome(
  r: { status: string; acceptedAt: Date | null; declinedAt: Date | null; expiresAt: Date },
  now: Date,
): 'accepted' | 'declined' | 'expired' | 'open' {
  if (r.acceptedAt || r.status === 'accepted' || r.status === 'converted') return 'accepted';
  if (r.declinedAt || r.status === 'declined') return 'declined';
  if (r.status === 'expired' || now.getTime() >= r.expiresAt.getTime()) return 'expired';
  return 'open';
}

/** The median of some numbers (the mean of the middle two for an even count); null when none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The windows of "revenue ahead", in days from the business's today (today included). */
export const REVENUE_AHEAD_WINDOWS = [30, 90] as const;
export type RevenueAheadWindow = (typeof REVENUE_AHEAD_WINDOWS)[number];

/** The dates a window covers: today and the next days-1 days. */
export function aheadWindow(today: string, days: number): { from: string; to: string } {
  return { from: today, to: addDaysToDate(today, days - 1) };
}

/** One person's minutes worked on one date (shift less breaks), as the SQL summed them. */
export interface WorkedDay {
  date: string;
  workedMinutes: number;
}

/**
 * Regular time and overtime of one person's days, by the time module's rule (weekHours): first
 * each day's minutes over the daily limit, then the week's remaining minutes over the weekly
 * limit. Weekly overtime lands on the days that crossed the limit, in date order, so a period
 * that ends mid-week shows only the overtime already worked. Pass whole weeks (from the week
 * start before the range) so a range that starts mid-week still counts the week's earlier days.
 */
export function overtimeByDay(
  days: readonly WorkedDay[],
  settings: Pick<TimeSettings, 'weekStartsOn' | 'weeklyOvertimeMinutes' | 'dailyOvertimeMinutes'>,
): { date: string; regularMinutes: number; overtimeMinutes: number }[] {
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const regularSoFar = new Map<string, number>();
  return sorted.map((day) => {
    const week = weekStartOf(day.date, settings.weekStartsOn);
    const daily = settings.dailyOvertimeMinutes;
    const dailyOvertime = daily === null ? 0 : Math.max(0, day.workedMinutes - daily);
    const beforeToday = regularSoFar.get(week) ?? 0;
    const candidate = day.workedMinutes - dailyOvertime;
    const room = Math.max(0, settings.weeklyOvertimeMinutes - beforeToday);
    const regularMinutes = Math.min(candidate, room);
    regularSoFar.set(week, beforeToday + regularMinutes);
    return {
      date: day.date,
      regularMinutes,
      overtimeMinutes: day.workedMinutes - regularMinutes,
    };
  });
}

/** Team hours figures: minutes of one person (or all) over some days. */
export interface TeamMinutes {
  workedMinutes: number;
  regularMinutes: number;
  overtimeMinutes: number;
  visitMinutes: number;
  travelMinutes: number;
  otherMinutes: number;
  breakMinutes: number;
}

/** A margin as a percent of the price, one decimal (as the visit's costing shows); null at 0. */
export function marginPercentOf(marginCents: number, priceCents: number): number | null {
  if (priceCents === 0) return null;
  return Math.round((marginCents / priceCents) * 1000) / 10;
}
