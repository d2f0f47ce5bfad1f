import {
  addDaysToDate,
  figureDefinitions,
  HOME_NEXT_VISITS_DAYS,
  HOME_NEXT_VISITS_LIMIT,
  instantOfLocal,
  localDateOf,
  monthOf,
  type HomeGettingStarted,
  type HomeMoney,
  type HomeMyPipeline,
  MY_PIPELINE_FOLLOW_UPS_SHOWN,
  OPEN_SALES_STAGES,
  type HomeMyNextVisits,
  type HomeToday,
} from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { outstandingTotals } from '../invoices/index.ts';
import {
  countUnplannedVisits,
  dayRange,
  toVisitSummary,
  visitsInTimeOrder,
} from '../jobs/index.ts';
import { ownFollowUpsDue, ownOpenByStage } from '../sales/index.ts';
import { waitingForApproval } from '../time-tracking/index.ts';
import * as repo from './home.repo.ts';
import { revenueOfRange } from './reports.service.ts';

/** The office's day: today's visits, unplanned work, requests and quotes waiting. */
export async function homeToday(db: Db, actor: AccountActor, now: Date): Promise<HomeToday> {
  const timeZone = actor.timeZone;
  const date = localDateOf(now, timeZone);
  const day = dayRange(date, date, timeZone);
  const [visits, unassigned, waiting, time] = await Promise.all([
    repo.visitsOfDay(db, actor.accountId, day, now),
    countUnplannedVisits(db, actor.accountId, day.start),
    repo.requestsWaiting(db, actor.accountId, now),
    waitingForApproval(db, actor.accountId),
  ]);
  const jobsOfToday = (status?: string) => ({
    path: '/jobs',
    query: { from: date, to: date, ...(status ? { status } : {}) },
  });
  return {
    timeZone,
    date,
    visits: {
      total: visits.total,
      done: { count: visits.done, link: jobsOfToday('completed') },
      inProgress: { count: visits.inProgress, link: jobsOfToday('in_progress') },
      // The jobs list has no "late" filter: the day's scheduled visits, late ones first.
      late: { count: visits.late, link: jobsOfToday('scheduled') },
      toCome: { count: visits.toCome, link: jobsOfToday('scheduled') },
      link: { path: '/schedule', query: { date } },
    },
    unassigned: { count: unassigned, link: { path: '/jobs', query: { assigneeId: 'unassigned' } } },
    requestsWaiting: {
      count: waiting.estimates,
      link: { path: '/quotes/estimates', query: { status: 'unopened' } },
    },
    quotesWaiting: {
      count: waiting.sent + waiting.viewed,
      sent: waiting.sent,
      viewed: waiting.viewed,
      amountCents: waiting.quotedCents,
      link: { path: '/quotes/quotes', query: { status: 'sent' } },
    },
    timeToApprove: {
      count: time.weeks + time.corrections,
      weeks: time.weeks,
      corrections: time.corrections,
      link: { path: '/time-tracking', query: {} },
    },
    definitions: figureDefinitions([
      'visits_today',
      'unassigned_work',
      'requests_waiting',
      'quotes_waiting',
      'time_to_approve',
    ]),
  };
}

/** What is owed, and this month's revenue so far against the whole of last month. */
export async function homeMoney(db: Db, actor: AccountActor, now: Date): Promise<HomeMoney> {
  const timeZone = actor.timeZone;
  const today = localDateOf(now, timeZone);
  const thisMonth = { from: monthOf(today).from, to: today };
  const lastMonth = monthOf(addDaysToDate(thisMonth.from, -1));
  const [owed, current, previous] = await Promise.all([
    outstandingTotals(db, actor.accountId, today),
    revenueOfRange(db, actor.accountId, thisMonth.from, thisMonth.to, timeZone),
    revenueOfRange(db, actor.accountId, lastMonth.from, lastMonth.to, timeZone),
  ]);
  const month = (range: { from: string; to: string }, f: typeof current) => ({
    ...range,
    invoicedCents: f.invoicedCents,
    collectedCents: f.collectedCents,
    tipsCents: f.tipsCents,
  });
  return {
    today,
    overdue: {
      count: owed.overdueCount,
      amountCents: owed.overdueCents,
      link: { path: '/invoices', query: { status: 'overdue' } },
    },
    outstanding: {
      count: owed.outstandingCount,
      amountCents: owed.outstandingCents,
      link: { path: '/reports/receivables', query: {} },
    },
    thisMonth: month(thisMonth, current),
    lastMonth: month(lastMonth, previous),
    reportLink: {
      path: '/reports/revenue',
      query: { from: lastMonth.from, to: today, groupBy: 'month' },
    },
    definitions: figureDefinitions([
      'invoices_overdue',
      'receivables',
      'revenue_invoiced',
      'revenue_collected',
      'tips_collected',
    ]),
  };
}

export async function homeGettingStarted(db: Db, actor: AccountActor): Promise<HomeGettingStarted> {
  const steps = await repo.firstSteps(db, actor.accountId);
  return {
    ...steps,
    done: steps.hasContact && steps.hasEstimate && steps.hasJob && steps.hasInvoice,
  };
}

/** The member's coming visits after today (today's are /api/my-visits), soonest first. */
export async function homeMyNextVisits(
  db: Db,
  actor: AccountActor,
  now: Date,
): Promise<HomeMyNextVisits> {
  const timeZone = actor.timeZone;
  const from = addDaysToDate(localDateOf(now, timeZone), 1);
  const visits = await visitsInTimeOrder(
    db,
    actor.accountId,
    {
      startsFrom: instantOfLocal(`${from}T00:00:00`, timeZone),
      startsBefore: instantOfLocal(
        `${addDaysToDate(from, HOME_NEXT_VISITS_DAYS)}T00:00:00`,
        timeZone,
      ),
      assignedToUserId: actor.userId,
      notCancelled: true,
    },
    HOME_NEXT_VISITS_LIMIT,
  );
  return { timeZone, from, visits: visits.map((v) => toVisitSummary(v, timeZone)) };
}

/**
 * The sales person's home: their own open opportunities by stage and their follow-ups due, on
 * the business's today. Each tile opens the pipeline filtered to them ("owner=me").
 */
export async function homeMyPipeline(
  db: Db,
  actor: AccountActor,
  now: Date,
): Promise<HomeMyPipeline> {
  const today = localDateOf(now, actor.timeZone);
  const [byStage, due] = await Promise.all([
    ownOpenByStage(db, actor.accountId, actor.userId),
    ownFollowUpsDue(db, actor.accountId, actor.userId, today, MY_PIPELINE_FOLLOW_UPS_SHOWN),
  ]);
  const stages = OPEN_SALES_STAGES.map((stage) => {
    const row = byStage.find((r) => r.stage === stage);
    return {
      stage,
      count: row?.count ?? 0,
      totalCents: row?.totalCents ?? 0,
      link: { path: '/sales', query: { view: 'list', owner: 'me', stage } },
    };
  });
  return {
    today,
    timeZone: actor.timeZone,
    stages,
    open: {
      count: stages.reduce((sum, s) => sum + s.count, 0),
      totalCents: stages.reduce((sum, s) => sum + s.totalCents, 0),
      link: { path: '/sales', query: { owner: 'me' } },
    },
    followUps: {
      dueToday: {
        count: due.dueToday,
        link: { path: '/sales', query: { view: 'list', owner: 'me' } },
      },
      overdue: {
        count: due.overdue,
        link: { path: '/sales', query: { view: 'list', owner: 'me', overdue: 'true' } },
      },
      next: due.first.map((r) => ({
        ...r,
        overdue: r.followUpOn < today,
        link: { path: `/sales/${r.id}`, query: {} },
      })),
    },
    definitions: figureDefinitions(['pipeline_open', 'follow_ups_due']),
  };
}
