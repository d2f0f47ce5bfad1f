import { LABOUR_COST_PER_HOUR, type JobType, type ReportGrouping } from '@crewdesk/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  employees,
  inventoryMovements,
  jobs,
  requests,
  timeEntries,
} from '../../db/schema/index.ts';
import { periodKey, rowsOf, type InstantRange } from './report-rows.repo.ts';

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
