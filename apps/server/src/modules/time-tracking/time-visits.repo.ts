import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  employees,
  jobs,
  requests,
  timeCorrections,
  timeEntries,
  timesheets,
} from '../../db/schema/index.ts';
import { employeeNameSql, timeEntryColumns } from './time-rows.repo.ts';

/** The visit timers of one job, with who ran them. */
export async function visitEntriesOfJob(db: DbOrTx, accountId: string, jobId: string) {
  return db
    .select({
      ...timeEntryColumns,
      employeeName: employeeNameSql,
    })
    .from(timeEntries)
    .innerJoin(employees, eq(employees.id, timeEntries.employeeId))
    .where(
      and(
        eq(timeEntries.accountId, accountId),
        eq(timeEntries.jobId, jobId),
        eq(timeEntries.kind, 'visit'),
      ),
    )
    .orderBy(asc(timeEntries.startedAt))
    .limit(1000);
}

/**
 * The timed minutes of the account's most recent completed visits made from a request whose
 * calculator names this property type and a square footage in [min, max], with that request's
 * form. Read through the account's visit entries (indexed by account and job).
 */
export async function similarVisitSamples(
  db: DbOrTx,
  accountId: string,
  filter: { propertyType: string; min: number; max: number | null; limit: number },
): Promise<{ details: Record<string, unknown>; actualMinutes: number }[]> {
  const footage = sql`case when jsonb_typeof(${requests.details} -> 'squareFootage') = 'number'
    then (${requests.details} ->> 'squareFootage')::numeric end`;
  const actualMinutes = sql<number>`round(sum(extract(epoch from (${timeEntries.endedAt} - ${timeEntries.startedAt}))) / 60)::int`;
  return db
    .select({ details: requests.details, actualMinutes })
    .from(timeEntries)
    .innerJoin(jobs, and(eq(jobs.id, timeEntries.jobId), eq(jobs.accountId, timeEntries.accountId)))
    .innerJoin(
      requests,
      and(eq(requests.id, jobs.requestId), eq(requests.accountId, jobs.accountId)),
    )
    .where(
      and(
        eq(timeEntries.accountId, accountId),
        eq(timeEntries.kind, 'visit'),
        isNotNull(timeEntries.endedAt),
        eq(jobs.status, 'completed'),
        sql`${requests.details} ->> 'propertyType' = ${filter.propertyType}`,
        sql`${footage} >= ${filter.min}`,
        filter.max === null ? undefined : sql`${footage} <= ${filter.max}`,
      ),
    )
    .groupBy(jobs.id, requests.id)
    .orderBy(sql`${jobs.completedAt} desc nulls last`)
    .limit(filter.limit);
}

/**
 * When the crew arrived at a visit and left it, from its punches: the first visit timer's start
 * and the last one's end (null while none ended). Times only, never where the punches were.
 */
export async function visitPunchSpan(
  db: DbOrTx,
  accountId: string,
  jobId: string,
): Promise<{ arrivedAt: Date | null; departedAt: Date | null }> {
  const [row] = await db
    .select({
      arrivedAt: sql<Date | null>`min(${timeEntries.startedAt})`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
      departedAt: sql<Date | null>`max(${timeEntries.endedAt})`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
    })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.accountId, accountId),
        eq(timeEntries.jobId, jobId),
        eq(timeEntries.kind, 'visit'),
      ),
    );
  return { arrivedAt: row?.arrivedAt ?? null, departedAt: row?.departedAt ?? null };
}

/**
 * What waits for a manager in Time tracking: weeks submitted for approval and correction
 * requests not yet decided (the office's home counts them). Both read this business's rows only.
 */
export async function waitingForApproval(db: DbOrTx, accountId: string) {
  const [weeks, corrections] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(timesheets)
      .where(and(eq(timesheets.accountId, accountId), eq(timesheets.status, 'submitted'))),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(timeCorrections)
      .where(and(eq(timeCorrections.accountId, accountId), eq(timeCorrections.status, 'pending'))),
  ]);
  return { weeks: weeks[0]?.count ?? 0, corrections: corrections[0]?.count ?? 0 };
}
