import { describe, expect, it } from 'vitest';
import { instantOfLocal } from '../schedule/zoned-time.ts';
import {
  DEFAULT_TIME_SETTINGS,
  entriesConflict,
  labourCostCents,
  millisecondsByLocalDate,
  nextTimesheetStatus,
  planPunch,
  punchMayRecordLocation,
  TIME_MESSAGES,
  weekHours,
  weekStartOf,
  type KindedInterval,
  type RunningTimer,
} from './time-rules.ts';

const NOW = new Date('2027-01-01T00:00:00Z');
const at = (local: string, zone = 'America/Chicago') => instantOfLocal(local, zone);

function shift(from: string, to: string, zone = 'America/Chicago'): KindedInterval {
  return { kind: 'shift', startedAt: at(from, zone), endedAt: at(to, zone) };
}

describe('what a punch does', () => {
  const SHIFT: RunningTimer = { kind: 'shift', jobId: null };
  const BREAK: RunningTimer = { kind: 'break', jobId: null };
  const VISIT: RunningTimer = { kind: 'visit', jobId: 'job-1' };
  const TRAVEL: RunningTimer = { kind: 'travel', jobId: 'job-2' };

  it.each([
    [
      'clock in while off',
      [],
      'clock_in',
      null,
      { stop: [], start: [{ kind: 'shift', jobId: null }] },
    ],
    [
      'clock out stops everything',
      [SHIFT, VISIT],
      'clock_out',
      null,
      { stop: ['shift', 'visit'], start: [] },
    ],
    [
      'a break on shift',
      [SHIFT],
      'break_start',
      null,
      { stop: [], start: [{ kind: 'break', jobId: null }] },
    ],
    [
      'a break stops travel',
      [SHIFT, TRAVEL],
      'break_start',
      null,
      { stop: ['travel'], start: [{ kind: 'break', jobId: null }] },
    ],
    ['back from a break', [SHIFT, BREAK], 'break_end', null, { stop: ['break'], start: [] }],
    [
      'a visit while off clocks in',
      [],
      'visit_start',
      'job-1',
      {
        stop: [],
        start: [
          { kind: 'shift', jobId: null },
          { kind: 'visit', jobId: 'job-1' },
        ],
      },
    ],
    [
      'a visit on a break ends the break',
      [SHIFT, BREAK],
      'visit_start',
      'job-1',
      { stop: ['break'], start: [{ kind: 'visit', jobId: 'job-1' }] },
    ],
    [
      'a visit after travel stops the travel',
      [SHIFT, TRAVEL],
      'visit_start',
      'job-2',
      { stop: ['travel'], start: [{ kind: 'visit', jobId: 'job-2' }] },
    ],
    [
      'on my way after a visit stops the visit',
      [SHIFT, VISIT],
      'on_my_way',
      'job-2',
      { stop: ['visit'], start: [{ kind: 'travel', jobId: 'job-2' }] },
    ],
    ['finishing the visit', [SHIFT, VISIT], 'visit_stop', 'job-1', { stop: ['visit'], start: [] }],
  ] as const)('%s', (_name, timers, action, jobId, expected) => {
    expect(planPunch(timers, action, jobId)).toEqual({ ok: true, plan: expected });
  });

  it.each([
    ['clock in twice', [SHIFT], 'clock_in', null, TIME_MESSAGES.alreadyClockedIn],
    ['clock out while off', [], 'clock_out', null, TIME_MESSAGES.notClockedIn],
    ['a break while off', [], 'break_start', null, TIME_MESSAGES.notClockedIn],
    ['a second break', [SHIFT, BREAK], 'break_start', null, TIME_MESSAGES.alreadyOnBreak],
    ['a break during a visit', [SHIFT, VISIT], 'break_start', null, TIME_MESSAGES.finishVisitFirst],
    ['ending no break', [SHIFT], 'break_end', null, TIME_MESSAGES.notOnBreak],
    ['a visit with no job', [SHIFT], 'visit_start', null, TIME_MESSAGES.visitNeedsJob],
    [
      'finishing another visit',
      [SHIFT, VISIT],
      'visit_stop',
      'job-9',
      TIME_MESSAGES.noVisitRunning,
    ],
  ] as const)('refused: %s', (_name, timers, action, jobId, message) => {
    expect(planPunch(timers, action, jobId)).toEqual({ ok: false, message });
  });

  it('keeps a location at work punches only, never at a break', () => {
    expect(punchMayRecordLocation('clock_in')).toBe(true);
    expect(punchMayRecordLocation('visit_start')).toBe(true);
    expect(punchMayRecordLocation('break_start')).toBe(false);
    expect(punchMayRecordLocation('break_end')).toBe(false);
  });
});

describe('overlaps', () => {
  const entry = (
    kind: KindedInterval['kind'],
    from: string,
    to: string | null,
  ): KindedInterval => ({
    kind,
    startedAt: new Date(`2026-11-02T${from}:00Z`),
    endedAt: to === null ? null : new Date(`2026-11-02T${to}:00Z`),
  });

  it.each([
    [
      'two shifts that overlap',
      entry('shift', '08:00', '12:00'),
      entry('shift', '11:00', '15:00'),
      true,
    ],
    [
      'two shifts end to end',
      entry('shift', '08:00', '12:00'),
      entry('shift', '12:00', '15:00'),
      false,
    ],
    [
      'a visit inside a shift',
      entry('visit', '09:00', '10:00'),
      entry('shift', '08:00', '12:00'),
      false,
    ],
    [
      'a break during a visit',
      entry('break', '09:30', '09:45'),
      entry('visit', '09:00', '10:00'),
      true,
    ],
    [
      'two visits at once',
      entry('visit', '09:00', '10:00'),
      entry('visit', '09:59', '11:00'),
      true,
    ],
    [
      'a new shift inside a running one',
      entry('shift', '13:00', '14:00'),
      entry('shift', '08:00', null),
      true,
    ],
  ] as const)('%s: %s', (_name, a, b, conflict) => {
    const now = new Date('2026-11-02T20:00:00Z');
    expect(entriesConflict(a, b, now)).toBe(conflict);
    expect(entriesConflict(b, a, now)).toBe(conflict);
  });
});

describe('weeks', () => {
  it.each([
    ['2026-11-25', 1, '2026-11-23'], // a Wednesday, weeks from Monday
    ['2026-11-23', 1, '2026-11-23'],
    ['2026-11-22', 1, '2026-11-16'], // a Sunday
    ['2026-11-22', 0, '2026-11-22'],
    ['2026-11-28', 6, '2026-11-28'],
    ['2027-01-01', 1, '2026-12-28'], // across the year's end
  ])('the week of %s starting on day %i begins %s', (date, weekStartsOn, start) => {
    expect(weekStartOf(date, weekStartsOn)).toBe(start);
  });

  it('cuts a night shift at the business midnight', () => {
    const byDate = millisecondsByLocalDate(
      { startedAt: at('2026-11-03T22:00'), endedAt: at('2026-11-04T06:00') },
      'America/Chicago',
      NOW,
    );
    expect(Object.fromEntries(byDate)).toEqual({
      '2026-11-03': 2 * 3_600_000,
      '2026-11-04': 6 * 3_600_000,
    });
  });
});

describe('hours and overtime', () => {
  const SETTINGS = DEFAULT_TIME_SETTINGS;

  it('counts the minutes over 40 h in a week as overtime, across days', () => {
    const entries = ['02', '03', '04', '05', '06'].map((d) =>
      shift(`2026-11-${d}T08:00`, `2026-11-${d}T17:00`),
    );
    entries.push({
      kind: 'break',
      startedAt: at('2026-11-02T12:00'),
      endedAt: at('2026-11-02T12:30'),
    });
    const week = weekHours(
      entries,
      { start: '2026-11-02', timeZone: 'America/Chicago', now: NOW },
      SETTINGS,
    );
    expect(week.workedMinutes).toBe(5 * 9 * 60 - 30);
    expect(week.breakMinutes).toBe(30);
    expect(week.overtimeMinutes).toBe(5 * 9 * 60 - 30 - 40 * 60);
    expect(week.regularMinutes).toBe(40 * 60);
    expect(week.days[0]).toEqual({ date: '2026-11-02', workedMinutes: 510, breakMinutes: 30 });
  });

  it('gives exactly 40 h no overtime', () => {
    const entries = ['02', '03', '04', '05', '06'].map((d) =>
      shift(`2026-11-${d}T08:00`, `2026-11-${d}T16:00`),
    );
    const week = weekHours(
      entries,
      { start: '2026-11-02', timeZone: 'America/Chicago', now: NOW },
      SETTINGS,
    );
    expect(week).toMatchObject({ workedMinutes: 2400, regularMinutes: 2400, overtimeMinutes: 0 });
  });

  it('counts the hour a daylight-saving change takes back: a night shift of 8 wall hours is 9 real ones', () => {
    // 1 November 2026, America/Chicago: 2:00 AM becomes 1:00 AM again.
    const entries = [shift('2026-10-31T22:00', '2026-11-01T06:00')];
    const week = weekHours(
      entries,
      { start: '2026-10-26', timeZone: 'America/Chicago', now: NOW },
      SETTINGS,
    );
    expect(week.workedMinutes).toBe(9 * 60);
    expect(week.days.find((d) => d.date === '2026-11-01')?.workedMinutes).toBe(7 * 60);
  });

  it('reaches overtime an hour later in a week that loses an hour to the spring change', () => {
    // 8 March 2026, America/Chicago: 2:00 AM becomes 3:00 AM. Sunday 00:00 → 12:00 is 11 h.
    const entries = [
      shift('2026-03-08T00:00', '2026-03-08T12:00'),
      ...['09', '10', '11'].map((d) => shift(`2026-03-${d}T06:00`, `2026-03-${d}T16:00`)),
    ];
    const week = weekHours(
      entries,
      { start: '2026-03-08', timeZone: 'America/Chicago', now: NOW },
      {
        ...SETTINGS,
        weekStartsOn: 0,
      } as typeof SETTINGS,
    );
    expect(week.workedMinutes).toBe(11 * 60 + 30 * 60);
    expect(week.overtimeMinutes).toBe(60);
  });

  it('reads the same instants into each business calendar: the week follows its time zone', () => {
    // Sunday 20:00 → 23:00 in Chicago is Monday 02:00 → 05:00 UTC: outside a Chicago week from
    // Monday, inside a UTC one.
    const sundayEvening = shift('2026-11-01T20:00', '2026-11-01T23:00');
    const chicago = weekHours(
      [sundayEvening],
      { start: '2026-11-02', timeZone: 'America/Chicago', now: NOW },
      SETTINGS,
    );
    const utc = weekHours(
      [sundayEvening],
      { start: '2026-11-02', timeZone: 'UTC', now: NOW },
      SETTINGS,
    );
    expect(chicago.workedMinutes).toBe(0);
    expect(utc.workedMinutes).toBe(180);
  });

  it('counts daily overtime first, then weekly overtime on what is left', () => {
    const entries = [
      shift('2026-11-02T06:00', '2026-11-02T18:00'), // 12 h: 4 over a day of 8
      ...['03', '04', '05', '06'].map((d) => shift(`2026-11-${d}T08:00`, `2026-11-${d}T16:00`)),
    ];
    const week = weekHours(
      entries,
      { start: '2026-11-02', timeZone: 'America/Chicago', now: NOW },
      {
        weeklyOvertimeMinutes: 2400,
        dailyOvertimeMinutes: 480,
      },
    );
    expect(week.workedMinutes).toBe(44 * 60);
    // 4 h daily; the other 40 h are exactly the weekly limit.
    expect(week.overtimeMinutes).toBe(4 * 60);
    expect(week.regularMinutes).toBe(40 * 60);
  });

  it('prices minutes at an hourly rate to the cent', () => {
    expect(labourCostCents(90, 2000)).toBe(3000);
    expect(labourCostCents(1, 1999)).toBe(33);
  });
});

describe('timesheet weeks', () => {
  it.each([
    ['open', 'submit', 'submitted'],
    ['submitted', 'approve', 'approved'],
    ['open', 'approve', 'approved'],
    ['approved', 'reopen', 'open'],
    ['submitted', 'reopen', 'open'],
    ['approved', 'mark_paid', 'paid'],
  ] as const)('%s → %s → %s', (from, action, to) => {
    expect(nextTimesheetStatus(from, action)).toEqual({ ok: true, status: to });
  });

  it.each([
    ['approved', 'approve'],
    ['paid', 'reopen'],
    ['open', 'mark_paid'],
    ['submitted', 'submit'],
    ['open', 'reopen'],
  ] as const)('refused: %s week, %s', (from, action) => {
    expect(nextTimesheetStatus(from, action)).toMatchObject({ ok: false });
  });

  it('says a paid week cannot be reopened', () => {
    expect(nextTimesheetStatus('paid', 'reopen')).toEqual({
      ok: false,
      message: TIME_MESSAGES.paidWeek,
    });
  });
});
