import {
  JOB_STATUSES,
  LABOUR_COST_PER_HOUR,
  ON_TIME_GRACE_MINUTES,
  type JobStatus,
  type JobType,
  type QuoteCategory,
  type QuoteFigure,
  type ReportGrouping,
} from '@crewdesk/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  employees,
  inventoryMovements,
  jobAssignees,
  jobs,
  requests,
  timeEntries,
  users,
} from '../../db/schema/index.ts';
import { visitColumns } from './report-rows.ts';

// The SQL of the quote conversion, jobs and revenue-ahead reports. Every statement aggregates in
// PostgreSQL (grouping sets: the series, the breakdowns and the totals in one pass) and is scoped
// by the account; Node only merges the groups into the domain's periods.

/** An instant range: the business's days from..to as instants of its zone. */
export interface InstantRange {
  from: string;
  to: string;
  start: Date;
  end: Date;
  timeZone: string;
}

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const periodKey = (localDate: SQL, grouping: ReportGrouping) =>
  sql`to_char(date_trunc(${grouping}, (${localDate})::timestamp), 'YYYY-MM-DD')`;

// ---------------------------------------------------------------------------------------------
// Quote conversion

/** The SQL twin of categorizeRequest: a quote with a proposal type is a proposal. */
const categoryExpr = sql`case when ${requests.type} = 'quote' then (case when coalesce(${requests.proposalType}, '') <> '' then 'proposal' else 'quote' end) else 'estimate' end`;

/** The SQL twin of quoteOutcome (accepted, declined, expired on `now`, or open). */
function outcomeExpr(now: Date): SQL {
  return sql`case
    when ${requests.acceptedAt} is not null or ${requests.status} in ('accepted', 'converted') then 'accepted'
    when ${requests.declinedAt} is not null or ${requests.status} = 'declined' then 'declined'
    when ${requests.status} = 'expired' or ${requests.expiresAt} <= ${now.toISOString()}::timestamptz then 'expired'
    else 'open' end`;
}

/** Days from sending to the answer, for answers after the (last) sending. */
const answerDaysExpr = sql`case when coalesce(${requests.acceptedAt}, ${requests.declinedAt}) >= ${requests.sharedAt}
  then extract(epoch from coalesce(${requests.acceptedAt}, ${requests.declinedAt}) - ${requests.sharedAt}) / 86400.0 end`;

const sentInRange = (accountId: string, range: InstantRange) =>
  sql`${requests.accountId} = ${accountId} and ${requests.sharedAt} >= ${range.start.toISOString()}::timestamptz and ${requests.sharedAt} < ${range.end.toISOString()}::timestamptz`;

export interface QuoteGroupRow {
  period: string | null;
  category: QuoteCategory | null;
  userId: string | null;
  name: string | null;
  /** Which grouping set the row belongs to. */
  byPeriod: boolean;
  byCategory: boolean;
  bySalesPerson: boolean;
  sent: number;
  viewed: number;
  accepted: number;
  declined: number;
  expired: number;
  sentCents: number;
  acceptedCents: number;
  medianDaysToAnswer: number | null;
}

/**
 * The requests sent in the range, counted by period, by category, by the person who made them
 * and in total: one statement with grouping sets over the sent requests.
 */
/** The quote report's statement (exported for its query-plan test). */
export function quoteGroupsQuery(
  accountId: string,
  range: InstantRange,
  grouping: ReportGrouping,
  now: Date,
): SQL {
  const localDate = sql`(${requests.sharedAt} at time zone ${range.timeZone})::date`;
  // Names are looked up after the sums: one lookup per person, not one per request.
  return sql`select g.*, u.name from (
      select s.period, s.category, s.user_id,
        grouping(s.period) = 0 as by_period,
        grouping(s.category) = 0 as by_category,
        grouping(s.user_id) = 0 as by_sales_person,
        count(*)::int as sent,
        (count(*) filter (where s.viewed))::int as viewed,
        (count(*) filter (where s.outcome = 'accepted'))::int as accepted,
        (count(*) filter (where s.outcome = 'declined'))::int as declined,
        (count(*) filter (where s.outcome = 'expired'))::int as expired,
        coalesce(sum(s.amount_cents), 0)::float8 as sent_cents,
        coalesce(sum(s.amount_cents) filter (where s.outcome = 'accepted'), 0)::float8 as accepted_cents,
        percentile_cont(0.5) within group (order by s.answer_days) as median_days
      from (
        select ${periodKey(localDate, grouping)} as period,
          ${categoryExpr} as category,
          ${requests.userId} as user_id,
          ${requests.viewedAt} is not null as viewed,
          ${outcomeExpr(now)} as outcome,
          ${requests.amountCents} as amount_cents,
          ${answerDaysExpr} as answer_days
        from ${requests}
        where ${sentInRange(accountId, range)}
      ) s
      group by grouping sets ((s.period), (s.category), (s.user_id), ())
    ) g
    left join ${users} u on u.id = g.user_id and g.by_sales_person`;
}

export async function quoteGroups(
  db: DbOrTx,
  accountId: string,
  range: InstantRange,
  grouping: ReportGrouping,
  now: Date,
): Promise<QuoteGroupRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    quoteGroupsQuery(accountId, range, grouping, now),
  );
  return rows.map((r) => ({
    period: (r.period as string | null) ?? null,
    category: (r.category as QuoteCategory | null) ?? null,
    userId: (r.user_id as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    byPeriod: Boolean(r.by_period),
    byCategory: Boolean(r.by_category),
    bySalesPerson: Boolean(r.by_sales_person),
    sent: Number(r.sent),
    viewed: Number(r.viewed),
    accepted: Number(r.accepted),
    declined: Number(r.declined),
    expired: Number(r.expired),
    sentCents: Number(r.sent_cents),
    acceptedCents: Number(r.accepted_cents),
    medianDaysToAnswer: r.median_days === null ? null : Number(r.median_days),
  }));
}

/** The requests behind a quote figure, in the order they were sent; one more than `limit`. */
export async function quoteRows(
  db: DbOrTx,
  accountId: string,
  range: InstantRange,
  filter: { figure: QuoteFigure; category?: QuoteCategory; userId?: string },
  now: Date,
  limit: number,
) {
  const figure: Record<QuoteFigure, SQL> = {
    sent: sql`true`,
    viewed: sql`${requests.viewedAt} is not null`,
    accepted: sql`${outcomeExpr(now)} = 'accepted'`,
    declined: sql`${outcomeExpr(now)} = 'declined'`,
    expired: sql`${outcomeExpr(now)} = 'expired'`,
  };
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${requests.id} as id, ${requests.title} as title, ${requests.client} as client,
        ${categoryExpr} as category,
        to_char((${requests.sharedAt} at time zone ${range.timeZone})::date, 'YYYY-MM-DD') as sent_on,
        ${requests.status} as status, ${requests.expiresAt} as expires_at,
        ${requests.amountCents} as amount_cents, coalesce(u.name, '') as user_name
      from ${requests}
      left join ${users} u on u.id = ${requests.userId}
      where ${sentInRange(accountId, range)}
        and ${figure[filter.figure]}
        ${filter.category ? sql`and ${categoryExpr} = ${filter.category}` : sql``}
        ${
          filter.userId === 'none'
            ? sql`and ${requests.userId} is null`
            : filter.userId
              ? sql`and ${requests.userId} = ${filter.userId}`
              : sql``
        }
      order by ${requests.sharedAt}, ${requests.id}
      limit ${limit + 1}`,
  );
  return rows.map((r) => ({
    id: r.id as string,
    title: r.title as string,
    clientName: r.client as string,
    category: r.category as QuoteCategory,
    sentOn: r.sent_on as string,
    status: r.status as string,
    expiresAt: new Date(r.expires_at as string),
    amountCents: Number(r.amount_cents),
    salesPersonName: r.user_name as string,
  }));
}

// ---------------------------------------------------------------------------------------------
// Jobs

/** The SQL twin of isVisitOnTime. */
const onTimeExpr = sql`(${jobs.status} = 'completed' and coalesce(${jobs.startedAt}, ${jobs.completedAt}) <= ${jobs.startsAt} + make_interval(mins => ${ON_TIME_GRACE_MINUTES}))`;

const jobsInRange = (accountId: string, range: InstantRange) =>
  sql`${jobs.accountId} = ${accountId} and ${jobs.kind} = 'job' and ${jobs.startsAt} >= ${range.start.toISOString()}::timestamptz and ${jobs.startsAt} < ${range.end.toISOString()}::timestamptz`;

const statusColumn: Record<JobStatus, string> = {
  scheduled: 'scheduled',
  on_the_way: 'on_the_way',
  in_progress: 'in_progress',
  completed: 'completed',
  cancelled: 'cancelled',
};

/** The counts of a set of visits, read from the subquery `s`. */
const jobCountColumns = sql.raw(
  [
    'count(*)::int as visits',
    ...JOB_STATUSES.map(
      (status) =>
        `(count(*) filter (where s.status = '${status}'))::int as ${statusColumn[status]}`,
    ),
    '(count(*) filter (where s.on_time))::int as on_time',
    "coalesce(sum(s.price_cents) filter (where s.status = 'completed'), 0)::float8 as completed_cents",
  ].join(', '),
);

export interface JobCountsRow {
  visits: number;
  scheduled: number;
  onTheWay: number;
  inProgress: number;
  completed: number;
  cancelled: number;
  onTime: number;
  completedCents: number;
}

function toJobCounts(r: Record<string, unknown>): JobCountsRow {
  return {
    visits: Number(r.visits),
    scheduled: Number(r.scheduled),
    onTheWay: Number(r.on_the_way),
    inProgress: Number(r.in_progress),
    completed: Number(r.completed),
    cancelled: Number(r.cancelled),
    onTime: Number(r.on_time),
    completedCents: Number(r.completed_cents),
  };
}

/** Visits of the range by period, by type and in total: one statement, grouping sets. */
/** The jobs report's statement (exported for its query-plan test). */
export function jobGroupsQuery(
  accountId: string,
  range: InstantRange,
  grouping: ReportGrouping,
): SQL {
  const localDate = sql`(${jobs.startsAt} at time zone ${range.timeZone})::date`;
  return sql`select s.period, s.type, grouping(s.period) = 0 as by_period, grouping(s.type) = 0 as by_type,
        ${jobCountColumns}
      from (
        select ${periodKey(localDate, grouping)} as period, ${jobs.type} as type,
          ${jobs.status} as status, ${onTimeExpr} as on_time, ${jobs.priceCents} as price_cents
        from ${jobs}
        where ${jobsInRange(accountId, range)}
      ) s
      group by grouping sets ((s.period), (s.type), ())`;
}

export async function jobGroups(
  db: DbOrTx,
  accountId: string,
  range: InstantRange,
  grouping: ReportGrouping,
) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    jobGroupsQuery(accountId, range, grouping),
  );
  return rows.map((r) => ({
    period: (r.period as string | null) ?? null,
    type: (r.type as JobType | null) ?? null,
    byPeriod: Boolean(r.by_period),
    byType: Boolean(r.by_type),
    ...toJobCounts(r),
  }));
}

/** Visits of the range per team member on them (a visit counts for each of its people). */
export async function jobsByMember(db: DbOrTx, accountId: string, range: InstantRange) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select s.employee_id, max(s.name) as name, ${jobCountColumns}
      from (
        select a.employee_id, trim(e.first_name || ' ' || e.last_name) as name,
          ${jobs.status} as status, ${onTimeExpr} as on_time, ${jobs.priceCents} as price_cents
        from ${jobs}
        join ${jobAssignees} a on a.account_id = ${accountId} and a.job_id = ${jobs.id}
        join ${employees} e on e.account_id = ${accountId} and e.id = a.employee_id
        where ${jobsInRange(accountId, range)}
      ) s
      group by s.employee_id
      order by count(*) desc, max(s.name)`,
  );
  return rows.map((r) => ({
    employeeId: r.employee_id as string,
    name: r.name as string,
    ...toJobCounts(r),
  }));
}

export async function jobRows(
  db: DbOrTx,
  accountId: string,
  range: InstantRange,
  filter: { type?: JobType; status?: JobStatus; employeeId?: string; onTime?: boolean },
  limit: number,
) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${jobs.id} as id, ${jobs.title} as title,
        coalesce(trim(c.first_name || ' ' || c.last_name), '') as client_name,
        to_char((${jobs.startsAt} at time zone ${range.timeZone})::date, 'YYYY-MM-DD') as date,
        ${jobs.startsAt} as starts_at, ${jobs.type} as type, ${jobs.status} as status,
        ${jobs.priceCents} as price_cents, ${onTimeExpr} as on_time
      from ${jobs}
      left join customers c on c.account_id = ${accountId} and c.id = ${jobs.customerId}
      where ${jobsInRange(accountId, range)}
        ${filter.type ? sql`and ${jobs.type} = ${filter.type}` : sql``}
        ${filter.status ? sql`and ${jobs.status} = ${filter.status}` : sql``}
        ${filter.onTime === undefined ? sql`` : filter.onTime ? sql`and ${onTimeExpr}` : sql`and not ${onTimeExpr}`}
        ${
          filter.employeeId
            ? sql`and exists (select 1 from ${jobAssignees} a where a.account_id = ${accountId} and a.job_id = ${jobs.id} and a.employee_id = ${filter.employeeId})`
            : sql``
        }
      order by ${jobs.startsAt}, ${jobs.id}
      limit ${limit + 1}`,
  );
  return rows.map((r) => ({
    ...visitColumns(r),
    type: r.type as JobType,
    status: r.status as JobStatus,
    priceCents: Number(r.price_cents),
    onTime: Boolean(r.on_time),
  }));
}

export async function employeeExists(db: DbOrTx, accountId: string, id: string) {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select ${employees.id} as id from ${employees} where ${employees.accountId} = ${accountId} and ${employees.id} = ${id}`,
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Revenue ahead

/** Visits still to be done and billed: not cancelled, completed or on an invoice. */
const aheadCondition = (accountId: string, start: Date, end: Date) =>
  sql`${jobs.accountId} = ${accountId} and ${jobs.kind} = 'job'
    and ${jobs.status} not in ('cancelled', 'completed') and ${jobs.invoiceId} is null
    and ${jobs.startsAt} >= ${start.toISOString()}::timestamptz and ${jobs.startsAt} < ${end.toISOString()}::timestamptz`;

/** Each window's visits and price (one statement: the windows share their start). */
export async function revenueAhead(
  db: DbOrTx,
  accountId: string,
  start: Date,
  windows: readonly { days: number; end: Date }[],
) {
  const longest = windows.reduce((a, b) => (b.end > a.end ? b : a));
  const columns = sql.join(
    windows.map(
      (
        w,
      ) => sql`(count(*) filter (where ${jobs.startsAt} < ${w.end.toISOString()}::timestamptz))::int as ${sql.identifier(`n${w.days}`)},
        coalesce(sum(${jobs.priceCents}) filter (where ${jobs.startsAt} < ${w.end.toISOString()}::timestamptz), 0)::float8 as ${sql.identifier(`t${w.days}`)},
        coalesce(sum(${jobs.priceCents}) filter (where ${jobs.startsAt} < ${w.end.toISOString()}::timestamptz and ${jobs.seriesId} is not null), 0)::float8 as ${sql.identifier(`r${w.days}`)}`,
    ),
    sql`, `,
  );
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${columns} from ${jobs} where ${aheadCondition(accountId, start, longest.end)}`,
  );
  return windows.map((w) => {
    const totalCents = Number(row?.[`t${w.days}`] ?? 0);
    const recurringCents = Number(row?.[`r${w.days}`] ?? 0);
    return {
      days: w.days,
      visitCount: Number(row?.[`n${w.days}`] ?? 0),
      totalCents,
      recurringCents,
      oneTimeCents: totalCents - recurringCents,
    };
  });
}

export async function revenueAheadRows(
  db: DbOrTx,
  accountId: string,
  start: Date,
  end: Date,
  timeZone: string,
  limit: number,
) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${jobs.id} as id, ${jobs.title} as title,
        coalesce(trim(c.first_name || ' ' || c.last_name), '') as client_name,
        to_char((${jobs.startsAt} at time zone ${timeZone})::date, 'YYYY-MM-DD') as date,
        ${jobs.startsAt} as starts_at, ${jobs.priceCents} as price_cents,
        ${jobs.seriesId} is not null as recurring
      from ${jobs}
      left join customers c on c.account_id = ${accountId} and c.id = ${jobs.customerId}
      where ${aheadCondition(accountId, start, end)}
      order by ${jobs.startsAt}, ${jobs.id}
      limit ${limit + 1}`,
  );
  return rows.map((r) => ({
    ...visitColumns(r),
    priceCents: Number(r.price_cents),
    recurring: Boolean(r.recurring),
  }));
}

// ---------------------------------------------------------------------------------------------
// Team hours

/** An entry's minutes: to its end, or to now while it runs. */
const entryMinutes = (now: Date) =>
  sql`extract(epoch from coalesce(${timeEntries.endedAt}, ${now.toISOString()}::timestamptz) - ${timeEntries.startedAt}) / 60.0`;

/**
 * Each person's minutes per work date and kind of entry, summed in SQL (the report splits
 * overtime over these day sums with the domain's rule).
 */
export async function minutesByPersonDay(
  db: DbOrTx,
  accountId: string,
  from: string,
  to: string,
  now: Date,
) {
  const kindSum = (kind: string) =>
    sql`coalesce(round(sum(${entryMinutes(now)}) filter (where ${timeEntries.kind} = ${kind})), 0)::int`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${timeEntries.employeeId} as employee_id,
        to_char(${timeEntries.workDate}, 'YYYY-MM-DD') as date,
        max(trim(e.first_name || ' ' || e.last_name)) as name,
        ${kindSum('shift')} as shift, ${kindSum('break')} as break,
        ${kindSum('visit')} as visit, ${kindSum('travel')} as travel
      from ${timeEntries}
      join ${employees} e on e.account_id = ${accountId} and e.id = ${timeEntries.employeeId}
      where ${timeEntries.accountId} = ${accountId}
        and ${timeEntries.workDate} >= ${from}::date and ${timeEntries.workDate} <= ${to}::date
      group by ${timeEntries.employeeId}, ${timeEntries.workDate}`,
  );
  return rows.map((r) => ({
    employeeId: r.employee_id as string,
    name: r.name as string,
    date: r.date as string,
    shiftMinutes: Number(r.shift),
    breakMinutes: Number(r.break),
    visitMinutes: Number(r.visit),
    travelMinutes: Number(r.travel),
  }));
}

export async function timeEntryRows(
  db: DbOrTx,
  accountId: string,
  filter: { from: string; to: string; employeeId?: string; kind?: string },
  now: Date,
  limit: number,
) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${timeEntries.id} as id, ${timeEntries.employeeId} as employee_id,
        trim(e.first_name || ' ' || e.last_name) as name, ${timeEntries.kind} as kind,
        to_char(${timeEntries.workDate}, 'YYYY-MM-DD') as work_date,
        ${timeEntries.startedAt} as started_at, ${timeEntries.endedAt} as ended_at,
        round(${entryMinutes(now)})::int as minutes, ${timeEntries.jobId} as job_id
      from ${timeEntries}
      join ${employees} e on e.account_id = ${accountId} and e.id = ${timeEntries.employeeId}
      where ${timeEntries.accountId} = ${accountId}
        and ${timeEntries.workDate} >= ${filter.from}::date and ${timeEntries.workDate} <= ${filter.to}::date
        ${filter.employeeId ? sql`and ${timeEntries.employeeId} = ${filter.employeeId}` : sql``}
        ${filter.kind ? sql`and ${timeEntries.kind} = ${filter.kind}` : sql``}
      order by ${timeEntries.startedAt}, ${timeEntries.id}
      limit ${limit + 1}`,
  );
  return rows.map((r) => ({
    id: r.id as string,
    employeeId: r.employee_id as string,
    name: r.name as string,
    kind: r.kind as 'shift' | 'break' | 'visit' | 'travel',
    workDate: r.work_date as string,
    startedAt: new Date(r.started_at as string).toISOString(),
    endedAt: r.ended_at === null ? null : new Date(r.ended_at as string).toISOString(),
    minutes: Number(r.minutes),
    jobId: (r.job_id as string | null) ?? null,
  }));
}

// ---------------------------------------------------------------------------------------------
// Margin

/**
 * One row per completed visit of the range with its price, timed labour (visit timers at each
 * entry's cost rate, rounded per entry as the visit's costing does), materials used (not undone)
 * and the estimate beside them: the calculator's total cost saved with its request, or else the
 * planned minutes × people at the standard labour rate.
 */
function marginVisits(accountId: string, range: InstantRange, grouping: ReportGrouping, now: Date) {
  const localDate = sql`(j.starts_at at time zone ${range.timeZone})::date`;
  const entryMinutesSql = sql`round(extract(epoch from coalesce(te.ended_at, ${now.toISOString()}::timestamptz) - te.started_at) / 60.0)`;
  const plannedRateCents = Math.round(LABOUR_COST_PER_HOUR * 100);
  // Labour and materials join the visits (not `job_id in (select id from v)`): the planner
  // guesses 200 ids for an IN over a CTE and looked each visit's entries up one index scan at a
  // time (85,828 of them over three years); a join lets it hash the account's entries once.
  return sql`with v as (
      select j.id, j.title, j.type, j.price_cents, j.customer_id, j.request_id, j.duration_minutes,
        j.assignee_count, j.starts_at,
        ${periodKey(localDate, grouping)} as period,
        to_char(${localDate}, 'YYYY-MM-DD') as date
      from ${jobs} j
      where j.account_id = ${accountId} and j.kind = 'job' and j.status = 'completed'
        and j.starts_at >= ${range.start.toISOString()}::timestamptz
        and j.starts_at < ${range.end.toISOString()}::timestamptz
    ),
    l as (
      select te.job_id, sum(${entryMinutesSql})::int as minutes,
        sum(case when te.cost_rate_cents is null then 0
                 else round(${entryMinutesSql} * te.cost_rate_cents / 60.0) end)::float8 as cents,
        sum(case when te.cost_rate_cents is null then ${entryMinutesSql} else 0 end)::int as unrated
      from ${timeEntries} te
      join v on v.id = te.job_id
      where te.account_id = ${accountId} and te.kind = 'visit'
      group by te.job_id
    ),
    m as (
      select mv.job_id, sum(round(mv.quantity * coalesce(mv.unit_cost_cents, 0)))::float8 as cents
      from ${inventoryMovements} mv
      join v on v.id = mv.job_id
      where mv.account_id = ${accountId} and mv.kind = 'used' and mv.reverses_id is null
        and not exists (select 1 from ${inventoryMovements} undone
          where undone.account_id = ${accountId} and undone.reverses_id = mv.id)
      group by mv.job_id
    ),
    visits as (
      select v.*, coalesce(l.minutes, 0) as labour_minutes, coalesce(l.cents, 0) as labour_cents,
        coalesce(l.unrated, 0) as unrated_minutes, l.job_id is null as untimed,
        coalesce(m.cents, 0) as materials_cents,
        case when (r.details->>'totalCost') ~ '^[0-9]+(\\.[0-9]+)?$' then 'calculator' else 'planned' end
          as estimate_source,
        case when (r.details->>'totalCost') ~ '^[0-9]+(\\.[0-9]+)?$'
             then round((r.details->>'totalCost')::numeric * 100)
             else round(v.duration_minutes * greatest(1, v.assignee_count) * ${plannedRateCents} / 60.0)
        end::float8 as estimated_cost_cents
      from v
      left join l on l.job_id = v.id
      left join m on m.job_id = v.id
      left join ${requests} r on r.account_id = ${accountId} and r.id = v.request_id
    )`;
}

export interface MarginSums {
  visits: number;
  priceCents: number;
  labourMinutes: number;
  labourCents: number;
  unratedMinutes: number;
  materialsCents: number;
  estimatedCostCents: number;
  untimedVisits: number;
}

function toMarginSums(r: Record<string, unknown>): MarginSums {
  return {
    visits: Number(r.visits),
    priceCents: Number(r.price_cents),
    labourMinutes: Number(r.labour_minutes),
    labourCents: Number(r.labour_cents),
    unratedMinutes: Number(r.unrated_minutes),
    materialsCents: Number(r.materials_cents),
    estimatedCostCents: Number(r.estimated_cost_cents),
    untimedVisits: Number(r.untimed_visits),
  };
}

/** The margin's sums by period, by type and in total (grouping sets over the visits). */
export async function marginGroups(
  db: DbOrTx,
  accountId: string,
  range: InstantRange,
  grouping: ReportGrouping,
  now: Date,
) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`${marginVisits(accountId, range, grouping, now)}
      select period, type, grouping(period) = 0 as by_period, grouping(type) = 0 as by_type,
        count(*)::int as visits, coalesce(sum(price_cents), 0)::float8 as price_cents,
        coalesce(sum(labour_minutes), 0)::int as labour_minutes,
        coalesce(sum(labour_cents), 0)::float8 as labour_cents,
        coalesce(sum(unrated_minutes), 0)::int as unrated_minutes,
        coalesce(sum(materials_cents), 0)::float8 as materials_cents,
        coalesce(sum(estimated_cost_cents), 0)::float8 as estimated_cost_cents,
        (count(*) filter (where untimed))::int as untimed_visits
      from visits
      group by grouping sets ((period), (type), ())`,
  );
  return rows.map((r) => ({
    period: (r.period as string | null) ?? null,
    type: (r.type as JobType | null) ?? null,
    byPeriod: Boolean(r.by_period),
    byType: Boolean(r.by_type),
    ...toMarginSums(r),
  }));
}

export async function marginRows(
  db: DbOrTx,
  accountId: string,
  range: InstantRange,
  type: JobType | undefined,
  now: Date,
  limit: number,
) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`${marginVisits(accountId, range, 'day', now)}
      select visits.*, coalesce(trim(c.first_name || ' ' || c.last_name), '') as client_name
      from visits
      left join customers c on c.account_id = ${accountId} and c.id = visits.customer_id
      ${type ? sql`where visits.type = ${type}` : sql``}
      order by visits.starts_at, visits.id
      limit ${limit + 1}`,
  );
  return rows.map((r) => ({
    id: r.id as string,
    title: r.title as string,
    clientName: r.client_name as string,
    date: r.date as string,
    type: r.type as JobType,
    priceCents: Number(r.price_cents),
    labourMinutes: Number(r.labour_minutes),
    labourCents: Number(r.labour_cents),
    unratedMinutes: Number(r.unrated_minutes),
    materialsCents: Number(r.materials_cents),
    estimatedCostCents: Number(r.estimated_cost_cents),
    estimateSource: r.estimate_source as 'calculator' | 'planned',
  }));
}
