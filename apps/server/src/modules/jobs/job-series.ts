import {
  addDaysToDate,
  instantOfLocal,
  localDateOf,
  SERIES_HORIZON_DAYS,
  seriesDatesBetween,
} from '@crewdesk/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import * as seriesRepo from './job-series.repo.ts';
import * as repo from './jobs.repo.ts';

/** The last date the generator keeps visits for, seen from `now` in the business's zone. */
export function horizonDate(now: Date, timeZone: string): string {
  return addDaysToDate(localDateOf(now, timeZone), SERIES_HORIZON_DAYS);
}

/**
 * Makes the visits of a series up to `throughDate` that do not exist yet, and returns how many
 * it made. Idempotent: a visit is identified by (series, date) under a unique index, so running
 * it twice, or in two processes at once, makes each visit once.
 */
export async function generateSeriesVisits(
  db: DbOrTx,
  series: repo.SeriesRow,
  timeZone: string,
  throughDate: string,
  actorUserId: string | null = null,
): Promise<number> {
  const from = series.generatedUntil ? addDaysToDate(series.generatedUntil, 1) : series.startDate;
  const excluded = new Set(series.excludedDates);
  const dates = seriesDatesBetween(
    { startDate: series.startDate, frequency: series.frequency, untilDate: series.untilDate },
    from,
    throughDate,
  ).filter((d) => !excluded.has(d));
  const t = series.template;
  let made = 0;
  if (dates.length > 0) {
    const inserted = await seriesRepo.insertSeriesVisits(
      db,
      dates.map((date) => ({
        accountId: series.accountId,
        kind: t.kind,
        title: t.title,
        customerId: t.customerId,
        location: t.location,
        latitude: t.latitude,
        longitude: t.longitude,
        startsAt: instantOfLocal(`${date}T${series.startTime}:00`, timeZone),
        durationMinutes: t.durationMinutes,
        type: t.type,
        priceCents: t.priceCents,
        notes: t.notes,
        lineItems: t.lineItems,
        seriesId: series.id,
        occurrenceDate: date,
        requestId: t.requestId,
        createdBy: actorUserId,
      })),
    );
    made = inserted.length;
    // Only the visits this run made get their people and checklist: a concurrent run's
    // visits are its own to fill.
    for (const { id } of inserted) {
      await repo.setAssignees(db, series.accountId, id, t.assigneeIds);
      await repo.insertChecklist(db, series.accountId, id, t.checklist);
      await repo.insertEvent(db, {
        accountId: series.accountId,
        jobId: id,
        kind: 'created',
        detail: { seriesId: series.id },
        actorUserId,
      });
    }
  }
  const newMark =
    series.untilDate && series.untilDate < throughDate ? series.untilDate : throughDate;
  await seriesRepo.markGeneratedUntil(db, series.id, newMark);
  // greatest() ignores NULL, so a first run sets the mark.
  return made;
}

/**
 * The background job: every running series of every account gets its visits up to the horizon.
 * Each series is one transaction; a failure leaves the others done and is retried next run.
 */
export async function extendAllSeries(db: Db, now: Date): Promise<number> {
  let made = 0;
  // A day short of the UTC horizon: zones ahead of UTC are a day further on.
  const due = await seriesRepo.seriesBehindHorizon(
    db,
    addDaysToDate(localDateOf(now, 'UTC'), SERIES_HORIZON_DAYS - 1),
  );
  for (const { series, timeZone } of due) {
    made += await db.transaction((tx) =>
      generateSeriesVisits(tx, series, timeZone, horizonDate(now, timeZone)),
    );
  }
  return made;
}
