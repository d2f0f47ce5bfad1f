import type { JobFrequency, JobPerson } from '@crewdesk/domain';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { cappedCountColumn } from '../../lib/capped-count.ts';
import { idInAccount, returnedRow } from '../../db/queries.ts';

import {
  customers,
  employees,
  jobAssignees,
  jobChecklistItems,
  jobs,
  jobSeries,
  requests,
} from '../../db/schema/index.ts';
import {
  type SeriesRow,
  type NewSeriesRow,
  type ChecklistRow,
  type PhotoRow,
} from './job-rows.repo.ts';
export { type SeriesRow, type NewSeriesRow, type ChecklistRow, type PhotoRow };

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;

/** A job with what lists and the schedule show beside it. */
export interface VisitRow {
  job: JobRow;
  customerName: string | null;
  customerPhone: string | null;
  assignees: JobPerson[];
  /** The series' frequency; null for a one-off. */
  frequency: JobFrequency | null;
}

const assigneesJson = sql<JobPerson[]>`coalesce((
  select json_agg(json_build_object(
    'id', e.id, 'firstName', e.first_name, 'lastName', e.last_name, 'userId', e.user_id
  ) order by e.first_name, e.id)
  from ${jobAssignees} ja join ${employees} e on e.id = ja.employee_id
  where ja.job_id = ${jobs.id} and ja.account_id = ${jobs.accountId}
), '[]'::json)`;

const customerNameSql = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName})), '')`;

/** Visits assigned to the member signed in as `userId` (a team_member's own work). */
function assignedToUser(userId: string): SQL {
  return sql`exists (
    select 1 from ${jobAssignees} ja join ${employees} e on e.id = ja.employee_id
    where ja.job_id = ${jobs.id} and ja.account_id = ${jobs.accountId} and e.user_id = ${userId}
  )`;
}

function assignedToEmployee(employeeId: string): SQL {
  return sql`exists (select 1 from ${jobAssignees} ja
    where ja.job_id = ${jobs.id} and ja.account_id = ${jobs.accountId} and ja.employee_id = ${employeeId})`;
}

const unassigned: SQL = sql`not exists (select 1 from ${jobAssignees} ja
  where ja.job_id = ${jobs.id} and ja.account_id = ${jobs.accountId})`;

/** Matches `term` anywhere in the title, the location or the client's name. */
function searchCondition(term: string): SQL {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${jobs.title} ilike ${pattern} or ${jobs.location} ilike ${pattern} or ${customerNameSql} ilike ${pattern})`;
}

/** Which visits a list reads; each field given narrows it. */
export interface VisitFilter {
  kind?: JobRow['kind'];
  status?: JobRow['status'];
  type?: JobRow['type'];
  notCancelled?: boolean;
  /** Only the visits this login is assigned to (what a field worker sees). */
  assignedToUserId?: string;
  /** One employee's visits, or those nobody is assigned to. */
  employeeId?: string;
  /** One contact's visits (the contact's page). */
  customerId?: string;
  startsFrom?: Date;
  startsBefore?: Date;
  /** Anywhere in the title, the location or the client's name. */
  search?: string;
}

function visitWhere(f: VisitFilter): SQL | undefined {
  return and(
    f.kind ? eq(jobs.kind, f.kind) : undefined,
    f.status ? eq(jobs.status, f.status) : undefined,
    f.type ? eq(jobs.type, f.type) : undefined,
    f.notCancelled ? ne(jobs.status, 'cancelled') : undefined,
    f.assignedToUserId ? assignedToUser(f.assignedToUserId) : undefined,
    f.employeeId === 'unassigned'
      ? unassigned
      : f.employeeId
        ? assignedToEmployee(f.employeeId)
        : undefined,
    f.customerId ? eq(jobs.customerId, f.customerId) : undefined,
    f.startsFrom ? gte(jobs.startsAt, f.startsFrom) : undefined,
    f.startsBefore ? lt(jobs.startsAt, f.startsBefore) : undefined,
    f.search ? searchCondition(f.search) : undefined,
  );
}

/** Visits in time order (earliest first), as calendars, the map and the feed show them. */
export function visitsInTimeOrder(
  db: DbOrTx,
  accountId: string,
  filter: VisitFilter,
  limit?: number,
): Promise<VisitRow[]> {
  return selectVisits(db, accountId, visitWhere(filter), [asc(jobs.startsAt), asc(jobs.id)], limit);
}

/** Where a page of the jobs list resumes: after this visit, soonest first. */
export interface VisitCursor {
  startsAt: Date | null;
  id: string;
}

/** soonest: earliest first; latest: newest first. Unscheduled visits come last in both. */
export type VisitOrder = 'soonest' | 'latest';

/** After (startsAt, id) in the page's order, unscheduled last. */
function afterCursor(c: VisitCursor, order: VisitOrder): SQL | undefined {
  const beyond = order === 'soonest' ? gt : lt;
  if (c.startsAt === null) return and(isNull(jobs.startsAt), beyond(jobs.id, c.id));
  return or(
    beyond(jobs.startsAt, c.startsAt),
    and(eq(jobs.startsAt, c.startsAt), beyond(jobs.id, c.id)),
    isNull(jobs.startsAt),
  );
}

/**
 * A page of the jobs list, in `order`, unscheduled last; each row carries how many visits match
 * `filter` in all (capped at `countCap` + 1), so the page and its total are one statement.
 */
export async function visitsPage(
  db: DbOrTx,
  accountId: string,
  filter: VisitFilter,
  page: { after: VisitCursor | null; limit: number; order: VisitOrder; countCap: number },
): Promise<(VisitRow & { total: number })[]> {
  const direction = page.order === 'soonest' ? sql`asc` : sql`desc`;
  return visitsQuery(
    db,
    accountId,
    and(visitWhere(filter), page.after ? afterCursor(page.after, page.order) : undefined),
    [
      sql`${jobs.startsAt} ${direction} nulls last`,
      page.order === 'soonest' ? asc(jobs.id) : desc(jobs.id),
    ],
    { total: cappedCountColumn(matchingVisits(db, accountId, filter, page.countCap)) },
  ).limit(page.limit);
}

/** How many visits match `filter`, exact up to `cap`; above it, `cap` + 1. */
export async function countVisits(
  db: DbOrTx,
  accountId: string,
  filter: VisitFilter,
  cap: number,
): Promise<number> {
  const [row] = await countVisitsQuery(db, accountId, filter, cap);
  return row?.n ?? 0;
}

/**
 * The schedule's side list: scheduled visits with no time, and coming ones nobody is assigned
 * to; newest first. The first condition is jobs_account_unplanned_idx's predicate, spelled the
 * same so that the planner reads that partial index, in order, and never job_assignees.
 */
export function unplannedVisitsQuery(
  db: DbOrTx,
  accountId: string,
  todayStart: Date,
  limit: number,
) {
  return visitsQuery(db, accountId, unplannedCondition(todayStart), [
    desc(jobs.createdAt),
    asc(jobs.id),
  ]).limit(limit);
}

function unplannedCondition(todayStart: Date): SQL | undefined {
  return and(
    sql`${jobs.status} = 'scheduled' and (${jobs.startsAt} is null or ${jobs.assigneeCount} = 0)`,
    or(isNull(jobs.startsAt), gte(jobs.startsAt, todayStart)),
  );
}

/** How many visits the schedule's unplanned list holds (the home's tile), from the same index. */
export async function countUnplannedVisits(
  db: DbOrTx,
  accountId: string,
  todayStart: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), unplannedCondition(todayStart)));
  return row?.count ?? 0;
}

export async function unplannedVisits(
  db: DbOrTx,
  accountId: string,
  todayStart: Date,
  limit: number,
): Promise<VisitRow[]> {
  return unplannedVisitsQuery(db, accountId, todayStart, limit);
}

/** Moves a visit from one employee's lane to another's (either may be none). */
export async function reassignVisit(
  tx: Tx,
  accountId: string,
  jobId: string,
  move: { from: string | null; to: string | null },
): Promise<void> {
  if (move.from)
    await tx
      .delete(jobAssignees)
      .where(
        and(
          eq(jobAssignees.accountId, accountId),
          eq(jobAssignees.jobId, jobId),
          eq(jobAssignees.employeeId, move.from),
        ),
      );
  if (move.to)
    await tx
      .insert(jobAssignees)
      .values({ accountId, jobId, employeeId: move.to })
      .onConflictDoNothing();
}

/** Locks an employee's visits starting in the range until the transaction ends. */
export function lockVisitsOfEmployeeBetween(
  tx: Tx,
  accountId: string,
  range: { start: Date; end: Date },
  employeeId: string,
): Promise<JobRow[]> {
  return tx
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.accountId, accountId),
        gte(jobs.startsAt, range.start),
        lt(jobs.startsAt, range.end),
        assignedToEmployee(employeeId),
      ),
    )
    .for('update');
}

/** The visits' columns, and any `extra` ones (a page's total). */
function visitsQuery<Extra extends Record<string, SQL>>(
  db: DbOrTx,
  accountId: string,
  where: SQL | undefined,
  order: SQL[],
  extra?: Extra,
) {
  return db
    .select({
      job: jobs,
      customerName: customerNameSql,
      customerPhone: customers.phone,
      assignees: assigneesJson,
      frequency: jobSeries.frequency,
      ...(extra as Extra),
    })
    .from(jobs)
    .leftJoin(
      customers,
      and(eq(customers.id, jobs.customerId), eq(customers.accountId, jobs.accountId)),
    )
    .leftJoin(jobSeries, eq(jobSeries.id, jobs.seriesId))
    .where(and(eq(jobs.accountId, accountId), where))
    .orderBy(...order);
}

async function selectVisits(
  db: DbOrTx,
  accountId: string,
  where: SQL | undefined,
  order: SQL[],
  limit?: number,
): Promise<VisitRow[]> {
  const query = visitsQuery(db, accountId, where, order);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows;
}

/**
 * The visits matching `filter`, counted up to `cap` + 1 (above the cap only "more" matters);
 * the client's name is joined only when a search needs it.
 */
export function countVisitsQuery(db: DbOrTx, accountId: string, filter: VisitFilter, cap: number) {
  const limited = matchingVisits(db, accountId, filter, cap).as('limited');
  return db.select({ n: sql<number>`count(*)::int` }).from(limited);
}

/** One row per visit matching `filter`, at most `cap` + 1 of them: what a count counts. */
function matchingVisits(db: DbOrTx, accountId: string, filter: VisitFilter, cap: number) {
  const base = db.select({ one: sql`1` }).from(jobs);
  const joined = filter.search
    ? base.leftJoin(
        customers,
        and(eq(customers.id, jobs.customerId), eq(customers.accountId, jobs.accountId)),
      )
    : base;
  return joined.where(and(eq(jobs.accountId, accountId), visitWhere(filter))).limit(cap + 1);
}

/** One visit of the account, if it also passes `visibility` (who may see it). */
export async function findVisit(
  db: DbOrTx,
  accountId: string,
  id: string,
  visibility: VisitFilter = {},
): Promise<VisitRow | undefined> {
  const [row] = await selectVisits(db, accountId, and(eq(jobs.id, id), visitWhere(visibility)), []);
  return row;
}

/**
 * The job row locked for a change (one change at a time per job), if it also passes
 * `visibility` (who may see it).
 */
export async function lockJob(
  tx: Tx,
  accountId: string,
  id: string,
  visibility: VisitFilter = {},
): Promise<JobRow | undefined> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.id, id), visitWhere(visibility)))
    .for('update');
  return row;
}

export async function insertJob(db: DbOrTx, values: NewJobRow): Promise<JobRow> {
  return returnedRow(await db.insert(jobs).values(values).returning(), 'job insert');
}

export async function updateJob(
  db: DbOrTx,
  accountId: string,
  id: string,
  values: Partial<NewJobRow>,
): Promise<JobRow> {
  const [row] = await db
    .update(jobs)
    .set({ ...values, version: sql`${jobs.version} + 1`, updatedAt: new Date() })
    .where(idInAccount(jobs, accountId, id))
    .returning();
  if (!row) throw new Error('job update matched no row');
  return row;
}

export async function deleteJob(db: DbOrTx, accountId: string, id: string): Promise<void> {
  await db.delete(jobs).where(idInAccount(jobs, accountId, id));
}

/** The job already scheduled from a request, if any. */
export async function findJobOfRequest(
  db: DbOrTx,
  accountId: string,
  requestId: string,
): Promise<{ id: string } | undefined> {
  const [existing] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.requestId, requestId)))
    .limit(1);
  return existing;
}

export async function findRequestLink(db: DbOrTx, accountId: string, requestId: string) {
  const [row] = await db
    .select({
      id: requests.id,
      title: requests.title,
      type: requests.type,
      amountCents: requests.amountCents,
    })
    .from(requests)
    .where(idInAccount(requests, accountId, requestId));
  return row;
}

export async function findCustomer(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      company: customers.company,
      email: customers.email,
      phone: customers.phone,
      address: customers.address,
      city: customers.city,
      state: customers.state,
      zip: customers.zip,
      latitude: customers.latitude,
      longitude: customers.longitude,
    })
    .from(customers)
    .where(idInAccount(customers, accountId, id));
  return row;
}

/** The checklists of several visits in one statement, each in its own order. */
export async function listChecklistsOf(
  db: DbOrTx,
  accountId: string,
  jobIds: readonly string[],
): Promise<Map<string, (typeof jobChecklistItems.$inferSelect)[]>> {
  const lists = new Map<string, (typeof jobChecklistItems.$inferSelect)[]>();
  if (jobIds.length === 0) return lists;
  const rows = await db
    .select()
    .from(jobChecklistItems)
    .where(
      and(
        eq(jobChecklistItems.accountId, accountId),
        inArray(jobChecklistItems.jobId, [...jobIds]),
      ),
    )
    .orderBy(asc(jobChecklistItems.position), asc(jobChecklistItems.id));
  for (const row of rows) lists.set(row.jobId, [...(lists.get(row.jobId) ?? []), row]);
  return lists;
}

// The repository's other parts, read through this one face (repo.* in the use cases).
export * from './job-people.repo.ts';
export * from './job-work.repo.ts';
export * from './series-visits.repo.ts';
