import {
  addDaysToDate,
  aheadWindow,
  figureDefinitions,
  instantOfLocal,
  JOB_TYPES,
  localDateOf,
  periodsOf,
  QUOTE_CATEGORIES,
  REVENUE_AHEAD_WINDOWS,
  marginPercentOf,
  overtimeByDay,
  type MarginFigures,
  type MarginReport,
  type MarginRows,
  type MarginRowsQuery,
  periodStartOf,
  weekStartOf,
  type JobCounts,
  type JobType,
  type TeamHoursReport,
  type TeamHoursRows,
  type TeamHoursRowsQuery,
  type TeamMinutes,
  type JobRows,
  type JobRowsQuery,
  type JobsReport,
  type QuoteConversionReport,
  type QuoteCounts,
  type QuoteRows,
  type QuoteRowsQuery,
  type ReportRangeQuery,
  type RevenueAheadReport,
  type RevenueAheadRows,
  type RevenueAheadRowsQuery,
  type ScreenLink,
} from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';

/** Whose reports: an account and its time zone (a signed-in actor, or a scheduled mail's run). */
export type ReportScope = Pick<AccountActor, 'accountId' | 'timeZone'>;
import * as repo from './operations.repo.ts';
import { timeSettingsOf } from '../time-tracking/index.ts';
import { ageingTotals } from './reports.repo.ts';

function instantRange(from: string, to: string, timeZone: string): repo.InstantRange {
  return {
    from,
    to,
    timeZone,
    start: instantOfLocal(`${from}T00:00:00`, timeZone),
    end: instantOfLocal(`${addDaysToDate(to, 1)}T00:00:00`, timeZone),
  };
}

// ---------------------------------------------------------------------------------------------
// Quote conversion

const QUOTE_FIGURE_IDS = [
  'quotes_sent',
  'quotes_viewed',
  'quotes_accepted',
  'quotes_declined',
  'quotes_expired',
  'quote_days_to_answer',
] as const;

const noQuotes = (): QuoteCounts => ({
  sent: 0,
  viewed: 0,
  accepted: 0,
  declined: 0,
  expired: 0,
  sentCents: 0,
  acceptedCents: 0,
  medianDaysToAnswer: null,
});

function quoteCountsOf(r: repo.QuoteGroupRow): QuoteCounts {
  return {
    sent: r.sent,
    viewed: r.viewed,
    accepted: r.accepted,
    declined: r.declined,
    expired: r.expired,
    sentCents: r.sentCents,
    acceptedCents: r.acceptedCents,
    medianDaysToAnswer:
      r.medianDaysToAnswer === null ? null : Math.round(r.medianDaysToAnswer * 10) / 10,
  };
}

/** The requests list's tab of a category (its query names the plural). */
const categoryLink = (category: string): ScreenLink => ({
  path: '/quotes',
  query: { category: `${category}s` },
});

export async function quoteConversionReport(
  db: Db,
  actor: ReportScope,
  query: ReportRangeQuery,
  now: Date,
): Promise<QuoteConversionReport> {
  const range = instantRange(query.from, query.to, actor.timeZone);
  const groups = await repo.quoteGroups(db, actor.accountId, range, query.groupBy, now);
  const byPeriod = new Map(groups.filter((g) => g.byPeriod).map((g) => [g.period, g]));
  const byCategory = new Map(groups.filter((g) => g.byCategory).map((g) => [g.category, g]));
  const total = groups.find((g) => !g.byPeriod && !g.byCategory && !g.bySalesPerson);
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    timeZone: actor.timeZone,
    rows: periodsOf(query.from, query.to, query.groupBy).map((p) => {
      const g = byPeriod.get(p.start);
      return {
        period: p.start,
        from: p.from,
        to: p.to,
        ...(g ? quoteCountsOf(g) : noQuotes()),
        link: { path: '/reports/quotes', query: { from: p.from, to: p.to } },
      };
    }),
    byCategory: QUOTE_CATEGORIES.map((category) => {
      const g = byCategory.get(category);
      return { category, ...(g ? quoteCountsOf(g) : noQuotes()), link: categoryLink(category) };
    }),
    bySalesPerson: groups
      .filter((g) => g.bySalesPerson)
      .sort((a, b) => b.sent - a.sent || (a.name ?? '').localeCompare(b.name ?? ''))
      .map((g) => ({
        userId: g.userId,
        name: g.userId ? (g.name ?? 'Former member') : 'Request form',
        ...quoteCountsOf(g),
        link: {
          path: '/reports/quotes',
          query: { from: query.from, to: query.to, userId: g.userId ?? 'none' },
        },
      })),
    totals: total ? quoteCountsOf(total) : noQuotes(),
    definitions: figureDefinitions(QUOTE_FIGURE_IDS),
  };
}

export async function quoteRows(
  db: Db,
  actor: ReportScope,
  query: QuoteRowsQuery,
  now: Date,
): Promise<QuoteRows> {
  const range = instantRange(query.from, query.to, actor.timeZone);
  const rows = await repo.quoteRows(db, actor.accountId, range, query, now, query.limit);
  return {
    rows: rows.slice(0, query.limit).map(({ expiresAt: _expiresAt, ...r }) => ({
      ...r,
      link: { path: `/quotes/${r.id}`, query: {} },
    })),
    truncated: rows.length > query.limit,
  };
}

// ---------------------------------------------------------------------------------------------
// Jobs

const JOB_FIGURE_IDS = ['visits', 'visits_completed', 'visits_on_time'] as const;

const noJobs = (): JobCounts => ({
  visits: 0,
  scheduled: 0,
  onTheWay: 0,
  inProgress: 0,
  completed: 0,
  cancelled: 0,
  onTime: 0,
  completedCents: 0,
});

function jobCountsOf(r: repo.JobCountsRow): JobCounts {
  return {
    visits: r.visits,
    scheduled: r.scheduled,
    onTheWay: r.onTheWay,
    inProgress: r.inProgress,
    completed: r.completed,
    cancelled: r.cancelled,
    onTime: r.onTime,
    completedCents: r.completedCents,
  };
}

/** The rows of one grouping-sets statement: by period, by job type, and the total. */
interface PeriodTypeGroup {
  period: string | null;
  type: JobType | null;
  byPeriod: boolean;
  byType: boolean;
}

/**
 * A report's series (every period of the range), its rows by job type and its totals, from the
 * grouping-set rows of one statement; `figuresOf(undefined)` gives the zeros of a period or type
 * that had nothing.
 */
function periodsAndTypes<G extends PeriodTypeGroup, F>(
  groups: readonly G[],
  query: ReportRangeQuery,
  figuresOf: (group: G | undefined) => F,
  linkOf: (from: string, to: string, type?: JobType) => ScreenLink,
) {
  const byPeriod = new Map(groups.filter((g) => g.byPeriod).map((g) => [g.period, g]));
  const byType = new Map(groups.filter((g) => g.byType).map((g) => [g.type, g]));
  return {
    rows: periodsOf(query.from, query.to, query.groupBy).map((p) => ({
      period: p.start,
      from: p.from,
      to: p.to,
      ...figuresOf(byPeriod.get(p.start)),
      link: linkOf(p.from, p.to),
    })),
    byType: JOB_TYPES.map((type) => ({
      type,
      ...figuresOf(byType.get(type)),
      link: linkOf(query.from, query.to, type),
    })),
    totals: figuresOf(groups.find((g) => !g.byPeriod && !g.byType)),
  };
}

const jobsLink = (from: string, to: string, extra: Record<string, string> = {}): ScreenLink => ({
  path: '/jobs',
  query: { from, to, ...extra },
});

export async function jobsReport(
  db: Db,
  actor: ReportScope,
  query: ReportRangeQuery,
): Promise<JobsReport> {
  const range = instantRange(query.from, query.to, actor.timeZone);
  const [groups, members] = await Promise.all([
    repo.jobGroups(db, actor.accountId, range, query.groupBy),
    repo.jobsByMember(db, actor.accountId, range),
  ]);
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    timeZone: actor.timeZone,
    ...periodsAndTypes(
      groups,
      query,
      (g) => (g ? jobCountsOf(g) : noJobs()),
      (from, to, type) => jobsLink(from, to, type ? { type } : {}),
    ),
    byMember: members.map((m) => ({
      employeeId: m.employeeId,
      name: m.name,
      ...jobCountsOf(m),
      link: jobsLink(query.from, query.to, { assigneeId: m.employeeId }),
    })),
    definitions: figureDefinitions(JOB_FIGURE_IDS),
  };
}

export async function jobRows(db: Db, actor: ReportScope, query: JobRowsQuery): Promise<JobRows> {
  if (query.employeeId && !(await repo.employeeExists(db, actor.accountId, query.employeeId)))
    throw notFound('Team member');
  const range = instantRange(query.from, query.to, actor.timeZone);
  const rows = await repo.jobRows(
    db,
    actor.accountId,
    range,
    {
      type: query.type,
      status: query.status,
      employeeId: query.employeeId,
      onTime: query.onTime === undefined ? undefined : query.onTime === 'true',
    },
    query.limit,
  );
  return {
    rows: rows
      .slice(0, query.limit)
      .map((r) => ({ ...r, link: { path: `/jobs/${r.id}`, query: {} } })),
    truncated: rows.length > query.limit,
  };
}

// ---------------------------------------------------------------------------------------------
// Revenue ahead

function windowInstants(today: string, days: number, timeZone: string) {
  const { from, to } = aheadWindow(today, days);
  return {
    days,
    from,
    to,
    start: instantOfLocal(`${from}T00:00:00`, timeZone),
    end: instantOfLocal(`${addDaysToDate(to, 1)}T00:00:00`, timeZone),
  };
}

export async function revenueAheadReport(
  db: Db,
  actor: ReportScope,
  now: Date,
): Promise<RevenueAheadReport> {
  const today = localDateOf(now, actor.timeZone);
  const windows = REVENUE_AHEAD_WINDOWS.map((days) => windowInstants(today, days, actor.timeZone));
  const [ahead, owed] = await Promise.all([
    repo.revenueAhead(db, actor.accountId, windows[0]!.start, windows),
    ageingTotals(db, actor.accountId, today),
  ]);
  return {
    today,
    timeZone: actor.timeZone,
    windows: windows.map((w, i) => ({
      from: w.from,
      to: w.to,
      ...ahead[i]!,
      link: { path: '/jobs', query: { from: w.from, to: w.to } },
    })),
    owed: {
      totalCents: owed.totalCents,
      overdueCents: owed.totalCents - owed.buckets.current,
      invoiceCount: owed.invoiceCount,
      link: { path: '/reports/receivables', query: {} },
    },
    definitions: figureDefinitions(['revenue_ahead', 'receivables']),
  };
}

export async function revenueAheadRows(
  db: Db,
  actor: ReportScope,
  query: RevenueAheadRowsQuery,
  now: Date,
): Promise<RevenueAheadRows> {
  const today = localDateOf(now, actor.timeZone);
  const w = windowInstants(today, query.days, actor.timeZone);
  const rows = await repo.revenueAheadRows(
    db,
    actor.accountId,
    w.start,
    w.end,
    actor.timeZone,
    query.limit,
  );
  return {
    rows: rows
      .slice(0, query.limit)
      .map((r) => ({ ...r, link: { path: `/jobs/${r.id}`, query: {} } })),
    truncated: rows.length > query.limit,
  };
}

// ---------------------------------------------------------------------------------------------
// Team hours

const TEAM_HOURS_FIGURE_IDS = [
  'hours_worked',
  'hours_overtime',
  'hours_visits',
  'hours_travel',
  'hours_other',
] as const;

const noMinutes = (): TeamMinutes => ({
  workedMinutes: 0,
  regularMinutes: 0,
  overtimeMinutes: 0,
  visitMinutes: 0,
  travelMinutes: 0,
  otherMinutes: 0,
  breakMinutes: 0,
});

function addMinutes(into: TeamMinutes, m: TeamMinutes) {
  for (const key of Object.keys(into) as (keyof TeamMinutes)[]) into[key] += m[key];
}

const timesheetLink = (from: string, to: string, employeeId?: string): ScreenLink => ({
  path: '/time-tracking',
  query: { from, to, ...(employeeId ? { employeeId } : {}) },
});

export async function teamHoursReport(
  db: Db,
  actor: ReportScope,
  query: ReportRangeQuery,
  now: Date,
): Promise<TeamHoursReport> {
  const settings = await timeSettingsOf(db, actor.accountId);
  // From the start of the range's first week: its earlier days count towards weekly overtime.
  const weekFrom = weekStartOf(query.from, settings.weekStartsOn);
  const days = await repo.minutesByPersonDay(db, actor.accountId, weekFrom, query.to, now);

  const byPerson = new Map<string, { name: string; days: typeof days }>();
  for (const day of days) {
    const person = byPerson.get(day.employeeId) ?? { name: day.name, days: [] };
    person.days.push(day);
    byPerson.set(day.employeeId, person);
  }
  const byPeriod = new Map<string, TeamMinutes>();
  const totals = noMinutes();
  const people: TeamHoursReport['byPerson'] = [];
  for (const [employeeId, person] of byPerson) {
    const worked = person.days.map((d) => ({
      date: d.date,
      workedMinutes: Math.max(0, d.shiftMinutes - d.breakMinutes),
    }));
    const split = new Map(overtimeByDay(worked, settings).map((d) => [d.date, d]));
    const mine = noMinutes();
    for (const d of person.days) {
      if (d.date < query.from) continue;
      const { regularMinutes, overtimeMinutes } = split.get(d.date)!;
      const workedMinutes = regularMinutes + overtimeMinutes;
      const m: TeamMinutes = {
        workedMinutes,
        regularMinutes,
        overtimeMinutes,
        visitMinutes: d.visitMinutes,
        travelMinutes: d.travelMinutes,
        otherMinutes: Math.max(0, workedMinutes - d.visitMinutes - d.travelMinutes),
        breakMinutes: d.breakMinutes,
      };
      addMinutes(mine, m);
      const period = periodStartOf(d.date, query.groupBy);
      const p = byPeriod.get(period) ?? noMinutes();
      addMinutes(p, m);
      byPeriod.set(period, p);
    }
    if (Object.values(mine).every((v) => v === 0)) continue;
    addMinutes(totals, mine);
    people.push({
      employeeId,
      name: person.name,
      ...mine,
      link: timesheetLink(query.from, query.to, employeeId),
    });
  }
  people.sort((a, b) => b.workedMinutes - a.workedMinutes || a.name.localeCompare(b.name));
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    timeZone: actor.timeZone,
    overtime: {
      weeklyMinutes: settings.weeklyOvertimeMinutes,
      dailyMinutes: settings.dailyOvertimeMinutes,
      weekStartsOn: settings.weekStartsOn,
    },
    rows: periodsOf(query.from, query.to, query.groupBy).map((p) => ({
      period: p.start,
      from: p.from,
      to: p.to,
      ...(byPeriod.get(p.start) ?? noMinutes()),
      link: timesheetLink(p.from, p.to),
    })),
    byPerson: people,
    totals,
    definitions: figureDefinitions(TEAM_HOURS_FIGURE_IDS),
  };
}

export async function teamHoursRows(
  db: Db,
  actor: ReportScope,
  query: TeamHoursRowsQuery,
  now: Date,
): Promise<TeamHoursRows> {
  if (query.employeeId && !(await repo.employeeExists(db, actor.accountId, query.employeeId)))
    throw notFound('Team member');
  const rows = await repo.timeEntryRows(db, actor.accountId, query, now, query.limit);
  return {
    rows: rows.slice(0, query.limit).map((r) => ({
      ...r,
      link: r.jobId
        ? { path: `/jobs/${r.jobId}`, query: {} }
        : timesheetLink(r.workDate, r.workDate, r.employeeId),
    })),
    truncated: rows.length > query.limit,
  };
}

// ---------------------------------------------------------------------------------------------
// Margin

function marginFiguresOf(s: repo.MarginSums): MarginFigures {
  const marginCents = s.priceCents - s.labourCents - s.materialsCents;
  return {
    ...s,
    marginCents,
    marginPercent: marginPercentOf(marginCents, s.priceCents),
    estimatedMarginCents: s.priceCents - s.estimatedCostCents,
  };
}

const noMargin = (): MarginFigures =>
  marginFiguresOf({
    visits: 0,
    priceCents: 0,
    labourMinutes: 0,
    labourCents: 0,
    unratedMinutes: 0,
    materialsCents: 0,
    estimatedCostCents: 0,
    untimedVisits: 0,
  });

const marginRowsLink = (from: string, to: string, type?: string): ScreenLink => ({
  path: '/reports/margin',
  query: { from, to, ...(type ? { type } : {}) },
});

export async function marginReport(
  db: Db,
  actor: ReportScope,
  query: ReportRangeQuery,
  now: Date,
): Promise<MarginReport> {
  const range = instantRange(query.from, query.to, actor.timeZone);
  const groups = await repo.marginGroups(db, actor.accountId, range, query.groupBy, now);
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    timeZone: actor.timeZone,
    ...periodsAndTypes(groups, query, (g) => (g ? marginFiguresOf(g) : noMargin()), marginRowsLink),
    definitions: figureDefinitions(['margin_actual', 'margin_estimated']),
  };
}

export async function marginRows(
  db: Db,
  actor: ReportScope,
  query: MarginRowsQuery,
  now: Date,
): Promise<MarginRows> {
  const range = instantRange(query.from, query.to, actor.timeZone);
  const rows = await repo.marginRows(db, actor.accountId, range, query.type, now, query.limit);
  return {
    rows: rows.slice(0, query.limit).map((r) => {
      const marginCents = r.priceCents - r.labourCents - r.materialsCents;
      return {
        ...r,
        marginCents,
        marginPercent: marginPercentOf(marginCents, r.priceCents),
        estimatedMarginCents: r.priceCents - r.estimatedCostCents,
        link: { path: `/jobs/${r.id}`, query: {} },
      };
    }),
    truncated: rows.length > query.limit,
  };
}
