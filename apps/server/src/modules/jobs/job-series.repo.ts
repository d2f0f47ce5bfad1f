import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jobSeries, jobs } from '../../db/schema/index.ts';

// The queries of a series' generator (job-series.ts): its visits, its mark, the series due.

export type NewSeriesVisit = typeof jobs.$inferInsert;

/** The visits of a series, those not there yet: a visit is its (series, date) (unique index). */
export async function insertSeriesVisits(
  db: DbOrTx,
  visits: NewSeriesVisit[],
): Promise<{ id: string }[]> {
  return db
    .insert(jobs)
    .values(visits)
    .onConflictDoNothing({ target: [jobs.seriesId, jobs.occurrenceDate] })
    .returning({ id: jobs.id });
}

/** The date visits are made through, moved on only (greatest() ignores NULL: a first run sets it). */
export async function markGeneratedUntil(db: DbOrTx, seriesId: string, through: string) {
  await db
    .update(jobSeries)
    .set({ generatedUntil: sql`greatest(${jobSeries.generatedUntil}, ${through}::date)` })
    .where(eq(jobSeries.id, seriesId));
}

/**
 * Every running series of every account whose visits stop before `horizon`, with its business's
 * time zone: what the hourly run extends.
 */
export function seriesBehindHorizon(db: DbOrTx, horizon: string) {
  return db
    .select({
      series: jobSeries,
      timeZone: sql<string>`coalesce((
      select bd.time_zone from business_details bd where bd.account_id = ${jobSeries.accountId}
    ), 'UTC')`,
    })
    .from(jobSeries)
    .where(
      and(
        // Far enough ahead already: nothing to do until tomorrow's horizon.
        or(isNull(jobSeries.generatedUntil), lt(jobSeries.generatedUntil, horizon)),
        or(
          isNull(jobSeries.untilDate),
          isNull(jobSeries.generatedUntil),
          lt(jobSeries.generatedUntil, jobSeries.untilDate),
        ),
      ),
    );
}
