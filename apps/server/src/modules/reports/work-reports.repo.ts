import {
  JOB_STATUSES,
  ON_TIME_GRACE_MINUTES,
  type JobStatus,
  type JobType,
  type ReportGrouping,
} from '@crewdesk/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { employees, jobAssignees, jobs } from '../../db/schema/index.ts';
import { visitColumns } from './report-rows.repo.ts';
import { periodKey, rowsOf, type InstantRange } from './report-rows.repo.ts';

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
