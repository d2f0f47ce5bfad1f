import {
  addDaysToDate,
  isRecurring,
  type JobDetail,
  type JobInput,
  type SeriesScope,
} from '@crewdesk/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SeriesTemplate } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { generateSeriesVisits, horizonDate } from './job-series.ts';
import * as repo from './jobs.repo.ts';
import {
  type Frequency,
  JOB_NOT_FOUND,
  checkReferences,
  getJob,
  insertSeries,
  jobColumns,
  lockVisibleJob,
  requireDispatcher,
  templateOf,
} from './jobs.service.ts';

/** Which fields an edit changed, for the history. */
function changedFields(before: repo.JobRow, after: repo.JobRow): string[] {
  const keys = [
    'title',
    'customerId',
    'location',
    'startsAt',
    'durationMinutes',
    'type',
    'priceCents',
    'notes',
  ] as const;
  const changed: string[] = keys.filter((k) => String(before[k] ?? '') !== String(after[k] ?? ''));
  if (JSON.stringify(before.lineItems) !== JSON.stringify(after.lineItems))
    changed.push('lineItems');
  return changed;
}

export async function updateJob(
  db: Db,
  actor: AccountActor,
  id: string,
  input: JobInput,
  scope: SeriesScope,
  now: Date,
): Promise<JobDetail> {
  requireDispatcher(actor);
  const resultId = await db.transaction(async (tx) => {
    const before = await lockVisibleJob(tx, actor, id);
    const customer = await checkReferences(tx, actor.accountId, input);
    const timeZone = actor.timeZone;
    if (before.seriesId && scope === 'following')
      return editFollowing(tx, actor, before, input, customer, timeZone, now);
    const after = await repo.updateJob(
      tx,
      actor.accountId,
      id,
      jobColumns(input, customer, timeZone),
    );
    await repo.setAssignees(tx, actor.accountId, id, input.assigneeIds);
    await repo.insertChecklist(tx, actor.accountId, id, input.checklist);
    await repo.insertEvent(tx, {
      accountId: actor.accountId,
      jobId: id,
      kind: 'edited',
      detail: { fields: changedFields(before, after) },
      actorUserId: actor.userId,
    });
    // A one-off job given a frequency becomes the first visit of a new series.
    if (!before.seriesId && isRecurring(input.frequency) && input.startsAt)
      await makeFirstVisitOfSeries(tx, actor, after, input, customer, timeZone, now);
    return id;
  });
  return getJob(db, actor, resultId, now);
}

async function makeFirstVisitOfSeries(
  tx: DbOrTx,
  actor: AccountActor,
  job: repo.JobRow,
  input: JobInput,
  customer: Awaited<ReturnType<typeof repo.findCustomer>>,
  timeZone: string,
  now: Date,
) {
  const checklist = (await repo.listChecklist(tx, actor.accountId, job.id)).map((c) => c.label);
  await moveIntoNewSeries(
    tx,
    actor,
    job.id,
    input,
    templateOf(input, customer, job.requestId, checklist),
    timeZone,
    now,
  );
}

/** A new series starting at this visit (input's time and frequency); the visit becomes its first. */
async function moveIntoNewSeries(
  tx: DbOrTx,
  actor: AccountActor,
  visitId: string,
  input: JobInput,
  template: SeriesTemplate,
  timeZone: string,
  now: Date,
) {
  const series = await insertSeries(
    tx,
    actor.accountId,
    input.startsAt as string,
    input.frequency as Frequency,
    template,
  );
  await repo.moveVisitIntoSeries(tx, actor.accountId, visitId, series);
  await generateSeriesVisits(tx, series, timeZone, horizonDate(now, timeZone), actor.userId);
}

/**
 * 'This and following': the old series ends the day before this visit, and a new series with
 * the edited details starts at it. This visit moves into the new series; the old series' later
 * visits that nobody has started are replaced by the new series' own.
 */
async function editFollowing(
  tx: DbOrTx,
  actor: AccountActor,
  visit: repo.JobRow,
  input: JobInput,
  customer: Awaited<ReturnType<typeof repo.findCustomer>>,
  timeZone: string,
  now: Date,
): Promise<string> {
  const old = await repo.findSeries(tx, actor.accountId, visit.seriesId as string);
  if (!old || !visit.occurrenceDate) throw notFound(JOB_NOT_FOUND);
  const cut = visit.occurrenceDate;
  await repo.endSeriesOn(tx, actor.accountId, old.id, addDaysToDate(cut, -1));
  const checklist = (await repo.listChecklist(tx, actor.accountId, visit.id))
    .map((c) => c.label)
    .concat(input.checklist);
  await repo.deleteUntouchedVisits(tx, actor.accountId, old.id, cut, visit.id);
  const after = await repo.updateJob(tx, actor.accountId, visit.id, {
    ...jobColumns(input, customer, timeZone),
    seriesId: null,
    occurrenceDate: null,
  });
  await repo.setAssignees(tx, actor.accountId, visit.id, input.assigneeIds);
  await repo.insertChecklist(tx, actor.accountId, visit.id, input.checklist);
  await repo.insertEvent(tx, {
    accountId: actor.accountId,
    jobId: visit.id,
    kind: 'edited',
    detail: { fields: changedFields(visit, after), scope: 'following' },
    actorUserId: actor.userId,
  });
  if (!isRecurring(input.frequency) || !input.startsAt) return visit.id;
  await moveIntoNewSeries(
    tx,
    actor,
    visit.id,
    input,
    templateOf(input, customer, visit.requestId, checklist),
    timeZone,
    now,
  );
  return visit.id;
}
