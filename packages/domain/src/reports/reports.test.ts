import { describe, expect, it } from 'vitest';
import { FIGURE_IDS, FIGURES, figureDefinitions } from './figures.ts';
import { HOME_MONEY_ROLES, HOME_OFFICE_ROLES } from './home-roles.ts';
import { reportRangeQuerySchema } from './report-api.ts';
import { scheduledPeriod } from './schedule-api.ts';
import {
  addMonthsToDate,
  aheadWindow,
  isVisitOnTime,
  marginPercentOf,
  medianOf,
  overtimeByDay,
  quoteOutcome,
  ageingBucketOf,
  monthOf,
  periodsOf,
  periodStartOf,
  periodStartOfInstant,
  REPORT_RANGE_MESSAGES,
  reportRangeProblem,
} from './report-rules.ts';

describe('ageing buckets', () => {
  it.each([
    ['2026-11-25', '2026-11-25', 'current'],
    ['2026-12-01', '2026-11-25', 'current'],
    ['2026-11-24', '2026-11-25', '1-30'],
    ['2026-10-26', '2026-11-25', '1-30'],
    ['2026-10-25', '2026-11-25', '31-60'],
    ['2026-09-26', '2026-11-25', '31-60'],
    ['2026-09-25', '2026-11-25', '61-90'],
    ['2026-08-27', '2026-11-25', '61-90'],
    ['2026-08-26', '2026-11-25', '90+'],
    ['2020-01-01', '2026-11-25', '90+'],
  ] as const)('when due %s and today is %s, then the invoice is in %s', (due, today, bucket) => {
    expect(ageingBucketOf(due, today)).toBe(bucket);
  });
});

describe('periods', () => {
  it.each([
    ['2026-11-25', 'day', '2026-11-25'],
    ['2026-11-25', 'week', '2026-11-23'], // a Wednesday → its Monday
    ['2026-11-23', 'week', '2026-11-23'],
    ['2026-11-29', 'week', '2026-11-23'], // Sunday ends the ISO week
    ['2027-01-01', 'week', '2026-12-28'], // a week across the year end
    ['2026-03-01', 'week', '2026-02-23'], // and across a month end
    ['2026-02-28', 'month', '2026-02-01'],
    ['2026-12-31', 'month', '2026-12-01'],
  ] as const)('when %s is grouped by %s, then its period starts on %s', (date, grouping, start) => {
    expect(periodStartOf(date, grouping)).toBe(start);
  });

  it.each([
    // New York springs forward on 2026-03-08 at 02:00 (07:00Z) and falls back on 2026-11-01.
    ['2026-03-08T07:30:00Z', 'America/New_York', 'day', '2026-03-08'],
    ['2026-03-08T04:59:00Z', 'America/New_York', 'day', '2026-03-07'],
    ['2026-11-01T05:30:00Z', 'America/New_York', 'day', '2026-11-01'], // 01:30 EDT
    ['2026-11-01T06:30:00Z', 'America/New_York', 'day', '2026-11-01'], // 01:30 EST
    ['2026-11-02T04:30:00Z', 'America/New_York', 'day', '2026-11-01'], // 23:30 EST
    // Month end: late evening of 31 October in New York is already November in UTC.
    ['2026-11-01T03:00:00Z', 'America/New_York', 'month', '2026-10-01'],
    ['2026-11-01T03:00:00Z', 'UTC', 'month', '2026-11-01'],
    ['2026-03-31T22:30:00Z', 'Europe/Berlin', 'month', '2026-04-01'], // 00:30 CEST
    ['2026-03-29T00:30:00Z', 'Europe/Berlin', 'week', '2026-03-23'], // Sunday of the change
  ] as const)(
    'when the instant %s is read in %s by %s, then its period starts on %s',
    (instant, zone, grouping, start) => {
      expect(periodStartOfInstant(new Date(instant), zone, grouping)).toBe(start);
    },
  );

  it('when a range is cut by month, then each period is clipped to the range', () => {
    expect(periodsOf('2026-01-15', '2026-03-10', 'month')).toEqual([
      { start: '2026-01-01', from: '2026-01-15', to: '2026-01-31' },
      { start: '2026-02-01', from: '2026-02-01', to: '2026-02-28' },
      { start: '2026-03-01', from: '2026-03-01', to: '2026-03-10' },
    ]);
  });

  it('when a range is cut by week, then the weeks run Monday to Sunday over the month end', () => {
    expect(periodsOf('2026-02-25', '2026-03-09', 'week')).toEqual([
      { start: '2026-02-23', from: '2026-02-25', to: '2026-03-01' },
      { start: '2026-03-02', from: '2026-03-02', to: '2026-03-08' },
      { start: '2026-03-09', from: '2026-03-09', to: '2026-03-09' },
    ]);
  });

  it('when a range is cut by day over the spring change, then every day is there once', () => {
    const days = periodsOf('2026-03-07', '2026-03-09', 'day').map((p) => p.start);
    expect(days).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
  });

  it('when a month is asked for, then its first and last day come back (leap years too)', () => {
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('when months are added, then the day is clipped to the shorter month', () => {
    expect(addMonthsToDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDate('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonthsToDate('2024-02-29', 60)).toBe('2029-02-28');
  });
});

describe('report ranges', () => {
  it.each([
    ['2026-01-01', '2026-12-31', 'month', null],
    ['2026-01-01', '2026-01-01', 'day', null],
    ['2026-02-01', '2026-01-31', 'month', REPORT_RANGE_MESSAGES.inverted],
    ['2021-03-01', '2026-02-28', 'month', null],
    ['2021-03-01', '2026-03-01', 'month', REPORT_RANGE_MESSAGES.tooLong],
    ['2016-01-01', '2025-12-31', 'week', REPORT_RANGE_MESSAGES.tooLong],
    ['2026-01-01', '2027-01-01', 'day', null], // 366 days
    ['2026-01-01', '2027-01-02', 'day', REPORT_RANGE_MESSAGES.tooManyDays],
  ] as const)('when %s … %s by %s, then the problem is %s', (from, to, grouping, problem) => {
    expect(reportRangeProblem(from, to, grouping)).toBe(problem);
  });

  it('when the query has no grouping, then it is by month; an unknown one is refused', () => {
    expect(reportRangeQuerySchema.parse({ from: '2026-01-01', to: '2026-02-01' })).toEqual({
      from: '2026-01-01',
      to: '2026-02-01',
      groupBy: 'month',
    });
    const bad = reportRangeQuerySchema.safeParse({
      from: '2026-01-01',
      to: '2026-02-01',
      groupBy: 'year',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('groupBy must be one of day, week, month');
    const inverted = reportRangeQuerySchema.safeParse({ from: '2026-03-01', to: '2026-02-01' });
    expect(inverted.error?.issues.map((i) => i.message)).toEqual([REPORT_RANGE_MESSAGES.inverted]);
  });
});

describe('figure definitions', () => {
  it('when figures are defined, then each has its own id, a label and one line of definition', () => {
    for (const id of FIGURE_IDS) {
      expect(FIGURES[id].id).toBe(id);
      expect(FIGURES[id].label.length).toBeGreaterThan(0);
      expect(FIGURES[id].definition).not.toContain('\n');
      expect(FIGURES[id].definition.length).toBeLessThanOrEqual(160);
    }
    expect(figureDefinitions(['revenue_invoiced']).map((f) => f.definition)).toEqual([
      'Invoices by issue date, after discounts; excludes tax, tips, drafts and void invoices.',
    ]);
  });

  it('when the home is split by role, then the money tiles are for office roles only', () => {
    expect(HOME_OFFICE_ROLES).toContain('business_manager');
    expect(HOME_OFFICE_ROLES).not.toContain('team_member');
    expect(HOME_OFFICE_ROLES).not.toContain('sales_person');
    expect(HOME_MONEY_ROLES.every((r) => HOME_OFFICE_ROLES.includes(r))).toBe(true);
  });
});

describe('isVisitOnTime', () => {
  const startsAt = new Date('2026-03-08T15:00:00Z');
  const at = (minutes: number) => new Date(startsAt.getTime() + minutes * 60_000);
  it.each([
    ['completed, started at the start time', 'completed', at(0), at(90), true],
    ['completed, started 15 minutes late (the grace)', 'completed', at(15), at(90), true],
    ['completed, started 16 minutes late', 'completed', at(16), at(90), false],
    ['completed early, never started', 'completed', null, at(10), true],
    ['completed late, never started', 'completed', null, at(20), false],
    ['in progress, started on time', 'in_progress', at(0), null, false],
    ['cancelled', 'cancelled', null, null, false],
  ] as const)('%s → %s', (_name, status, startedAt, completedAt, expected) => {
    expect(isVisitOnTime({ status, startsAt, startedAt, completedAt })).toBe(expected);
  });

  it('a visit with no start time is never on time', () => {
    expect(
      isVisitOnTime({ status: 'completed', startsAt: null, startedAt: at(0), completedAt: at(1) }),
    ).toBe(false);
  });
});

describe('quoteOutcome', () => {
  const now = new Date('2026-11-01T12:00:00Z');
  const later = new Date('2026-11-20T00:00:00Z');
  const past = new Date('2026-10-01T00:00:00Z');
  it.each([
    [
      'accepted',
      { status: 'accepted', acceptedAt: past, declinedAt: null, expiresAt: later },
      'accepted',
    ],
    [
      'converted counts as accepted',
      { status: 'converted', acceptedAt: null, declinedAt: null, expiresAt: past },
      'accepted',
    ],
    [
      'declined',
      { status: 'declined', acceptedAt: null, declinedAt: past, expiresAt: later },
      'declined',
    ],
    [
      'sent, past its expiry',
      { status: 'sent', acceptedAt: null, declinedAt: null, expiresAt: past },
      'expired',
    ],
    [
      'viewed, still valid',
      { status: 'viewed', acceptedAt: null, declinedAt: null, expiresAt: later },
      'open',
    ],
    [
      'expiring exactly now',
      { status: 'sent', acceptedAt: null, declinedAt: null, expiresAt: now },
      'expired',
    ],
  ] as const)('%s', (_name, request, expected) => {
    expect(quoteOutcome(request, now)).toBe(expected);
  });
});

describe('medianOf', () => {
  it.each([
    [[], null],
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 2, 10], 3],
    [[0.5, 2.5], 1.5],
  ] as const)('%j → %s', (values, expected) => {
    expect(medianOf(values)).toBe(expected);
  });
});

describe('aheadWindow', () => {
  it.each([
    ['2026-11-01', 30, '2026-11-30'],
    ['2026-11-01', 90, '2027-01-29'],
    ['2026-02-27', 30, '2026-03-28'],
  ] as const)('from %s for %i days ends on %s', (today, days, to) => {
    expect(aheadWindow(today, days)).toEqual({ from: today, to });
  });
});

describe('overtimeByDay', () => {
  const weekly = { weekStartsOn: 1, weeklyOvertimeMinutes: 40 * 60, dailyOvertimeMinutes: null };
  const h = (hours: number) => hours * 60;
  it('when a week passes 40 hours, then the day that crosses it carries the overtime, and the next week starts afresh', () => {
    // Monday 2 November … Saturday 7, then Monday 9.
    const days = [
      { date: '2026-11-02', workedMinutes: h(9) },
      { date: '2026-11-03', workedMinutes: h(9) },
      { date: '2026-11-04', workedMinutes: h(9) },
      { date: '2026-11-05', workedMinutes: h(9) },
      { date: '2026-11-06', workedMinutes: h(9) },
      { date: '2026-11-07', workedMinutes: h(2) },
      { date: '2026-11-09', workedMinutes: h(9) },
    ];
    expect(
      overtimeByDay(days, weekly).map((d) => [
        d.date,
        d.regularMinutes / 60,
        d.overtimeMinutes / 60,
      ]),
    ).toEqual([
      ['2026-11-02', 9, 0],
      ['2026-11-03', 9, 0],
      ['2026-11-04', 9, 0],
      ['2026-11-05', 9, 0],
      ['2026-11-06', 4, 5],
      ['2026-11-07', 0, 2],
      ['2026-11-09', 9, 0],
    ]);
  });

  it.each([
    ['no daily rule', null, [[600, 0]]],
    ['a daily limit of 8 hours', h(8), [[480, 120]]],
  ] as const)('with %s, a 10-hour day splits so', (_name, daily, expected) => {
    const split = overtimeByDay([{ date: '2026-11-02', workedMinutes: h(10) }], {
      ...weekly,
      dailyOvertimeMinutes: daily,
    });
    expect(split.map((d) => [d.regularMinutes, d.overtimeMinutes])).toEqual(expected);
  });

  it('with a daily limit, daily overtime does not use up the weekly allowance (as weekHours)', () => {
    const days = Array.from({ length: 5 }, (_, i) => ({
      date: `2026-11-0${2 + i}`,
      workedMinutes: h(9),
    }));
    const split = overtimeByDay(days, { ...weekly, dailyOvertimeMinutes: h(8) });
    expect(split.reduce((s, d) => s + d.overtimeMinutes, 0)).toBe(h(5));
    expect(split.reduce((s, d) => s + d.regularMinutes, 0)).toBe(h(40));
  });

  it('with weeks starting on Sunday, Sunday begins a new week', () => {
    const days = [
      { date: '2026-11-07', workedMinutes: h(41) }, // a Saturday
      { date: '2026-11-08', workedMinutes: h(41) }, // a Sunday
    ];
    const split = overtimeByDay(days, { ...weekly, weekStartsOn: 0 });
    expect(split.map((d) => d.overtimeMinutes)).toEqual([60, 60]);
  });
});

describe('marginPercentOf', () => {
  it.each([
    [5000, 10000, 50],
    [1, 3, 33.3],
    [-2500, 10000, -25],
    [2, 3, 66.7],
    [0, 0, null],
  ] as const)('%i of %i → %s', (margin, price, expected) => {
    expect(marginPercentOf(margin, price)).toBe(expected);
  });
});

describe('scheduledPeriod', () => {
  it.each([
    // Monday 2 November 2026: the week of 26 October to 1 November, by day.
    [
      'weekly',
      '2026-11-02',
      { key: '2026-10-26', from: '2026-10-26', to: '2026-11-01', groupBy: 'day' },
    ],
    // Sunday 8 November: still the same last whole week.
    [
      'weekly',
      '2026-11-08',
      { key: '2026-10-26', from: '2026-10-26', to: '2026-11-01', groupBy: 'day' },
    ],
    // Across a year end.
    [
      'weekly',
      '2027-01-04',
      { key: '2026-12-28', from: '2026-12-28', to: '2027-01-03', groupBy: 'day' },
    ],
    [
      'monthly',
      '2026-11-01',
      { key: '2026-10-01', from: '2026-10-01', to: '2026-10-31', groupBy: 'week' },
    ],
    [
      'monthly',
      '2026-03-31',
      { key: '2026-02-01', from: '2026-02-01', to: '2026-02-28', groupBy: 'week' },
    ],
    [
      'monthly',
      '2027-01-15',
      { key: '2026-12-01', from: '2026-12-01', to: '2026-12-31', groupBy: 'week' },
    ],
  ] as const)('%s on %s', (frequency, today, expected) => {
    expect(scheduledPeriod(frequency, today)).toEqual(expected);
  });
});
