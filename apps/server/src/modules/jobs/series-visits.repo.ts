import { and, asc, eq, gt, gte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idInAccount, returnedRow } from '../../db/queries.ts';
import { jobs, jobSeries } from '../../db/schema/index.ts';
import type { NewSeriesRow, SeriesRow } from './job-rows.repo.ts';

export async function findSeries(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<SeriesRow | undefined> {
  const [row] = await db
    .select()
    .from(jobSeries)
    .where(idInAccount(jobSeries, accountId, id));
  return row;
}

export async function insertSeries(db: DbOrTx, values: NewSeriesRow): Promise<SeriesRow> {
  return returnedRow(await db.insert(jobSeries).values(values).returning(), 'series insert');
}

/** The id of a series' earliest visit. */
export async function firstVisitOfSeries(
  db: DbOrTx,
  accountId: string,
  seriesId: string,
): Promise<string | undefined> {
  const [first] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.seriesId, seriesId)))
    .orderBy(asc(jobs.occurrenceDate))
    .limit(1);
  return first?.id;
}

/** Makes a visit the occurrence of `series` on its start date. */
export async function moveVisitIntoSeries(
  db: DbOrTx,
  accountId: string,
  visitId: string,
  series: Pick<SeriesRow, 'id' | 'startDate'>,
): Promise<void> {
  await db
    .update(jobs)
    .set({ seriesId: series.id, occurrenceDate: series.startDate })
    .where(idInAccount(jobs, accountId, visitId));
}

/** The last date a series' visit may fall on. */
export async function endSeriesOn(
  db: DbOrTx,
  accountId: string,
  seriesId: string,
  untilDate: string,
  updatedAt: Date = new Date(),
): Promise<void> {
  await db
    .update(jobSeries)
    .set({ untilDate, updatedAt })
    .where(idInAccount(jobSeries, accountId, seriesId));
}

/** A date whose visit was deleted: the series never generates it again. */
export async function excludeSeriesDate(
  db: DbOrTx,
  accountId: string,
  seriesId: string,
  date: string,
): Promise<void> {
  await db
    .update(jobSeries)
    .set({ excludedDates: sql`array_append(${jobSeries.excludedDates}, ${date}::date)` })
    .where(idInAccount(jobSeries, accountId, seriesId));
}

/**
 * Deletes a series' visits from `fromDate` on that nobody has started (they can be remade),
 * except the one given.
 */
export async function deleteUntouchedVisits(
  db: DbOrTx,
  accountId: string,
  seriesId: string,
  fromDate: string,
  exceptId?: string,
): Promise<void> {
  await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.accountId, accountId),
        eq(jobs.seriesId, seriesId),
        gte(jobs.occurrenceDate, fromDate),
        eq(jobs.status, 'scheduled'),
        exceptId ? ne(jobs.id, exceptId) : undefined,
      ),
    );
}

/** Deletes a series' visits after `date` that nobody has started; how many went. */
export async function deleteUntouchedVisitsAfter(
  db: DbOrTx,
  accountId: string,
  seriesId: string,
  date: string,
): Promise<number> {
  const removed = await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.accountId, accountId),
        eq(jobs.seriesId, seriesId),
        gt(jobs.occurrenceDate, date),
        eq(jobs.status, 'scheduled'),
      ),
    )
    .returning({ id: jobs.id });
  return removed.length;
}
