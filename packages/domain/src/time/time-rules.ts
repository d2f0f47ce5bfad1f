import { addDaysToDate, instantOfLocal, localDateOf } from '../schedule/zoned-time.ts';

/**
 * Time tracking's rules (issue 19), free of storage: what a punch does to the timers that run,
 * which entries may not overlap, and how a week's minutes split into regular time, overtime and
 * breaks in the business's own calendar (a week that crosses a daylight-saving change counts
 * the minutes really worked).
 *
 * Four kinds of entry: a **shift** is paid presence (clock in → clock out); a **break** inside it
 * is unpaid; a **visit** timer (start → finish on a job) and a **travel** timer ("on my way")
 * run inside the shift and say what the time was spent on (job costing), never adding to it.
 */
export const TIME_ENTRY_KINDS = ['shift', 'break', 'visit', 'travel'] as const;
export type TimeEntryKind = (typeof TIME_ENTRY_KINDS)[number];

/** Where an entry came from: the phone app, the web, a manager's hand, or the forgotten-punch close. */
export const TIME_ENTRY_SOURCES = ['app', 'web', 'manual', 'auto_close'] as const;
export type TimeEntrySource = (typeof TIME_ENTRY_SOURCES)[number];

export const PUNCH_ACTIONS = [
  'clock_in',
  'clock_out',
  'break_start',
  'break_end',
  'visit_start',
  'visit_stop',
  'on_my_way',
] as const;
export type PunchAction = (typeof PUNCH_ACTIONS)[number];

export const TIMESHEET_STATUSES = ['open', 'submitted', 'approved', 'paid'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

export const TIME_MESSAGES = {
  alreadyClockedIn: 'You are already clocked in.',
  notClockedIn: 'You are not clocked in.',
  alreadyOnBreak: 'You are already on a break.',
  notOnBreak: 'You are not on a break.',
  finishVisitFirst: 'Finish the visit before taking a break.',
  visitNeedsJob: 'Choose the visit to time.',
  noVisitRunning: 'No timer is running for this visit.',
  overlap: 'This overlaps another entry of the same person.',
  endBeforeStart: 'The end must be after the start.',
  weekLocked: 'This week is approved and locked. Reopen it to change its entries.',
  paidWeek: 'This week is paid and cannot be reopened.',
  reasonRequired: 'Say why the entry changes.',
} as const;

export interface TimeSettings {
  /** 0 = Sunday … 6 = Saturday: where a timesheet week starts. */
  weekStartsOn: number;
  /** Minutes of work in a week above which the rest is overtime (40 h by default). */
  weeklyOvertimeMinutes: number;
  /** Minutes of work in a day above which the rest is overtime; null: no daily rule. */
  dailyOvertimeMinutes: number | null;
  /** Hours a timer may run before it is closed for review (a forgotten punch). */
  forgottenPunchHours: number;
  /** Days a punch's location is kept. */
  locationRetentionDays: number;
}

export const DEFAULT_TIME_SETTINGS: TimeSettings = {
  weekStartsOn: 1,
  weeklyOvertimeMinutes: 40 * 60,
  dailyOvertimeMinutes: null,
  forgottenPunchHours: 12,
  locationRetentionDays: 90,
};

// ---------------------------------------------------------------------------------------------
// Punches
// ---------------------------------------------------------------------------------------------

/** A timer that runs (an entry with no end yet). */
export interface RunningTimer {
  kind: TimeEntryKind;
  jobId: string | null;
}

/** What a punch does: the running timers it stops, and the one it starts. */
export interface PunchPlan {
  stop: TimeEntryKind[];
  start: { kind: TimeEntryKind; jobId: string | null }[];
}

export type PunchOutcome = { ok: true; plan: PunchPlan } | { ok: false; message: string };

function running(timers: readonly RunningTimer[], kind: TimeEntryKind): RunningTimer | undefined {
  return timers.find((t) => t.kind === kind);
}

const refuse = (message: string): PunchOutcome => ({ ok: false, message });
const plan = (stop: TimeEntryKind[], start: PunchPlan['start'] = []): PunchOutcome => ({
  ok: true,
  plan: { stop, start },
});

/**
 * What `action` does given the person's running timers. Starting a visit or "on my way" clocks
 * in when the person has not (one tap on a phone), ends a break and stops the other job timer;
 * clocking out stops everything.
 */
export function planPunch(
  timers: readonly RunningTimer[],
  action: PunchAction,
  jobId: string | null = null,
): PunchOutcome {
  const shift = running(timers, 'shift');
  const onBreak = running(timers, 'break');
  const visit = running(timers, 'visit');
  const travel = running(timers, 'travel');
  switch (action) {
    case 'clock_in':
      return shift
        ? refuse(TIME_MESSAGES.alreadyClockedIn)
        : plan([], [{ kind: 'shift', jobId: null }]);
    case 'clock_out':
      return shift ? plan(timers.map((t) => t.kind)) : refuse(TIME_MESSAGES.notClockedIn);
    case 'break_start':
      if (!shift) return refuse(TIME_MESSAGES.notClockedIn);
      if (onBreak) return refuse(TIME_MESSAGES.alreadyOnBreak);
      if (visit) return refuse(TIME_MESSAGES.finishVisitFirst);
      return plan(travel ? ['travel'] : [], [{ kind: 'break', jobId: null }]);
    case 'break_end':
      return onBreak ? plan(['break']) : refuse(TIME_MESSAGES.notOnBreak);
    case 'visit_start':
    case 'on_my_way': {
      if (!jobId) return refuse(TIME_MESSAGES.visitNeedsJob);
      const kind: TimeEntryKind = action === 'visit_start' ? 'visit' : 'travel';
      const stop: TimeEntryKind[] = [];
      if (onBreak) stop.push('break');
      if (visit) stop.push('visit');
      if (travel) stop.push('travel');
      const start: PunchPlan['start'] = shift ? [] : [{ kind: 'shift', jobId: null }];
      return plan(stop, [...start, { kind, jobId }]);
    }
    case 'visit_stop':
      return visit && (jobId === null || visit.jobId === jobId)
        ? plan(['visit'])
        : refuse(TIME_MESSAGES.noVisitRunning);
  }
}

/** Whether a location may be kept with a punch: only on shift, never at a break's punches. */
export function punchMayRecordLocation(action: PunchAction): boolean {
  return action !== 'break_start' && action !== 'break_end';
}

// ---------------------------------------------------------------------------------------------
// Overlaps
// ---------------------------------------------------------------------------------------------

/** Kinds that may not overlap each other for one person. */
const EXCLUSIVE_WITH: Record<TimeEntryKind, readonly TimeEntryKind[]> = {
  shift: ['shift'],
  break: ['break', 'visit', 'travel'],
  visit: ['visit', 'break'],
  travel: ['travel', 'break'],
};

export interface Interval {
  startedAt: Date;
  /** null: still running (counts as running until `now`). */
  endedAt: Date | null;
}

export interface KindedInterval extends Interval {
  kind: TimeEntryKind;
}

/** Whether two intervals share any moment (touching ends do not). */
export function intervalsOverlap(a: Interval, b: Interval, now: Date): boolean {
  const aEnd = (a.endedAt ?? now).getTime();
  const bEnd = (b.endedAt ?? now).getTime();
  return a.startedAt.getTime() < bEnd && b.startedAt.getTime() < aEnd;
}

/** Whether `entry` may not coexist with `other` (same person). */
export function entriesConflict(entry: KindedInterval, other: KindedInterval, now: Date): boolean {
  return EXCLUSIVE_WITH[entry.kind].includes(other.kind) && intervalsOverlap(entry, other, now);
}

// ---------------------------------------------------------------------------------------------
// Weeks and hours
// ---------------------------------------------------------------------------------------------

/** The first day ('YYYY-MM-DD') of the timesheet week holding `date`. */
export function weekStartOf(date: string, weekStartsOn: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDaysToDate(date, -((weekday - weekStartsOn + 7) % 7));
}

/** The seven dates of the week starting `weekStart`. */
export function weekDates(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDaysToDate(weekStart, i));
}

/**
 * Milliseconds of `interval` on each local date of `timeZone`, cut at the business's midnights
 * (a day of 23 or 25 hours at a daylight-saving change counts what it really has).
 */
export function millisecondsByLocalDate(
  interval: Interval,
  timeZone: string,
  now: Date,
): Map<string, number> {
  const byDate = new Map<string, number>();
  let from = interval.startedAt.getTime();
  const end = (interval.endedAt ?? now).getTime();
  while (from < end) {
    const date = localDateOf(new Date(from), timeZone);
    const nextMidnight = instantOfLocal(`${addDaysToDate(date, 1)}T00:00:00`, timeZone).getTime();
    const until = Math.min(end, nextMidnight);
    byDate.set(date, (byDate.get(date) ?? 0) + (until - from));
    from = until;
  }
  return byDate;
}

export interface DayHours {
  date: string;
  /** Paid minutes: shift time less breaks. */
  workedMinutes: number;
  breakMinutes: number;
}

export interface WeekHours {
  days: DayHours[];
  workedMinutes: number;
  regularMinutes: number;
  overtimeMinutes: number;
  breakMinutes: number;
}

const MINUTE = 60_000;

/**
 * A person's week: minutes worked (shift less break) and on break per local day, then overtime:
 * first each day's minutes over the daily limit (when there is one), then the week's remaining
 * minutes over the weekly limit. Visits and travel are inside shifts and add nothing.
 */
export function weekHours(
  entries: readonly KindedInterval[],
  week: { start: string; timeZone: string; now: Date },
  settings: Pick<TimeSettings, 'weeklyOvertimeMinutes' | 'dailyOvertimeMinutes'>,
): WeekHours {
  const dates = weekDates(week.start);
  const shiftMs = new Map<string, number>();
  const breakMs = new Map<string, number>();
  for (const entry of entries) {
    const target = entry.kind === 'shift' ? shiftMs : entry.kind === 'break' ? breakMs : null;
    if (!target) continue;
    for (const [date, ms] of millisecondsByLocalDate(entry, week.timeZone, week.now)) {
      target.set(date, (target.get(date) ?? 0) + ms);
    }
  }
  const days = dates.map((date) => {
    const breakMinutes = Math.round((breakMs.get(date) ?? 0) / MINUTE);
    const shiftMinutes = Math.round((shiftMs.get(date) ?? 0) / MINUTE);
    return { date, workedMinutes: Math.max(0, shiftMinutes - breakMinutes), breakMinutes };
  });
  const workedMinutes = days.reduce((sum, d) => sum + d.workedMinutes, 0);
  const daily = settings.dailyOvertimeMinutes;
  const dailyOvertime =
    daily === null ? 0 : days.reduce((sum, d) => sum + Math.max(0, d.workedMinutes - daily), 0);
  const weeklyOvertime = Math.max(
    0,
    workedMinutes - dailyOvertime - settings.weeklyOvertimeMinutes,
  );
  const overtimeMinutes = dailyOvertime + weeklyOvertime;
  return {
    days,
    workedMinutes,
    regularMinutes: workedMinutes - overtimeMinutes,
    overtimeMinutes,
    breakMinutes: days.reduce((sum, d) => sum + d.breakMinutes, 0),
  };
}

/** Labour cost in cents of `minutes` at `rateCents` an hour (rounded to the cent). */
export function labourCostCents(minutes: number, rateCents: number): number {
  return Math.round((minutes * rateCents) / 60);
}

// ---------------------------------------------------------------------------------------------
// Timesheets
// ---------------------------------------------------------------------------------------------

export const TIMESHEET_ACTIONS = ['submit', 'approve', 'reopen', 'mark_paid'] as const;
export type TimesheetAction = (typeof TIMESHEET_ACTIONS)[number];

const TIMESHEET_MOVES: Record<TimesheetAction, { from: TimesheetStatus[]; to: TimesheetStatus }> = {
  submit: { from: ['open'], to: 'submitted' },
  approve: { from: ['open', 'submitted'], to: 'approved' },
  reopen: { from: ['submitted', 'approved'], to: 'open' },
  mark_paid: { from: ['approved'], to: 'paid' },
};

const TIMESHEET_REFUSALS: Record<TimesheetAction, string> = {
  submit: 'Only an open week can be submitted.',
  approve: 'This week is already approved.',
  reopen: 'Only a submitted or approved week can be reopened.',
  mark_paid: 'Approve the week before marking it paid.',
};

export function nextTimesheetStatus(
  status: TimesheetStatus,
  action: TimesheetAction,
): { ok: true; status: TimesheetStatus } | { ok: false; message: string } {
  if (action === 'reopen' && status === 'paid')
    return { ok: false, message: TIME_MESSAGES.paidWeek };
  const move = TIMESHEET_MOVES[action];
  return move.from.includes(status)
    ? { ok: true, status: move.to }
    : { ok: false, message: TIMESHEET_REFUSALS[action] };
}

/** Whether entries of a week in `status` may change. */
export function timesheetIsLocked(status: TimesheetStatus): boolean {
  return status === 'approved' || status === 'paid';
}

/** Whether a device's clock is far enough off the server's for its punch to be flagged. */
export const CLOCK_SKEW_FLAG_MS = 5 * MINUTE;

export function deviceClockIsOff(deviceNow: Date, serverNow: Date): boolean {
  return Math.abs(deviceNow.getTime() - serverNow.getTime()) > CLOCK_SKEW_FLAG_MS;
}
