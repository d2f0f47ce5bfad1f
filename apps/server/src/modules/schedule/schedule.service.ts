import {
  addDaysToDate,
  canDispatchJobs,
  instantOfLocal,
  localDateOf,
  localDateTimeOf,
  VISIT_CHANGED_MESSAGE,
  type MoveVisitInput,
  type MyVisitsResponse,
  type ScheduleQuery,
  type ScheduleResponse,
  type VisitSummary,
} from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { accountTimeZone } from '../business-profile/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import {
  activeEmployeeIds,
  activeMembers,
  employeeOfUser,
  findVisit,
  insertJobEvent,
  lockJob,
  reassignVisit,
  requireDispatcher,
  TEAM_MEMBER_NOT_IN_BUSINESS,
  toVisitSummary,
  unplannedVisits,
  updateJob,
  visibilityOf,
  visitsInTimeOrder,
} from '../jobs/index.ts';

/** A month view of a busy business: enough for every visit it can hold. */
const SCHEDULE_MAX_VISITS = 5000;
const UNPLANNED_LIMIT = 100;

/** The instants of [from 00:00, the day after `to` 00:00) in the business's zone. */
export function dayRange(from: string, to: string, timeZone: string) {
  return {
    start: instantOfLocal(`${from}T00:00:00`, timeZone),
    end: instantOfLocal(`${addDaysToDate(to, 1)}T00:00:00`, timeZone),
  };
}

export async function getSchedule(
  db: Db,
  actor: AccountActor,
  query: ScheduleQuery,
  now: Date,
): Promise<ScheduleResponse> {
  const timeZone = await accountTimeZone(db, actor.accountId);
  const { start, end } = dayRange(query.from, query.to, timeZone);
  const dispatcher = canDispatchJobs(actor.role);
  const todayStart = instantOfLocal(`${localDateOf(now, timeZone)}T00:00:00`, timeZone);
  const [visits, unplanned, members] = await Promise.all([
    visitsInTimeOrder(
      db,
      actor.accountId,
      {
        startsFrom: start,
        startsBefore: end,
        ...visibilityOf(actor),
        employeeId: query.assigneeId,
      },
      SCHEDULE_MAX_VISITS,
    ),
    dispatcher
      ? unplannedVisits(db, actor.accountId, todayStart, UNPLANNED_LIMIT)
      : Promise.resolve([]),
    dispatcher
      ? activeMembers(db, actor.accountId)
      : employeeOfUser(db, actor.accountId, actor.userId).then((e) =>
          e ? [{ ...e, userId: actor.userId }] : [],
        ),
  ]);
  return {
    timeZone,
    visits: visits.map((v) => toVisitSummary(v, timeZone)),
    unplanned: unplanned.map((v) => toVisitSummary(v, timeZone)),
    members,
  };
}

/**
 * A drag on the calendar: a new time and/or a new lane. Applied only to the version the client
 * saw; a visit changed meanwhile answers 409 and keeps the other person's change.
 */
export async function moveVisit(
  db: Db,
  actor: AccountActor,
  id: string,
  input: MoveVisitInput,
): Promise<VisitSummary> {
  requireDispatcher(actor);
  const timeZone = await accountTimeZone(db, actor.accountId);
  await db.transaction(async (tx) => {
    const job = await lockJob(tx, actor.accountId, id);
    if (!job) throw notFound('Job');
    if (job.version !== input.version) throw new AppError('CONFLICT', VISIT_CHANGED_MESSAGE);
    const startsAt = input.startsAt ? instantOfLocal(input.startsAt, timeZone) : null;
    const moved = (startsAt?.getTime() ?? null) !== (job.startsAt?.getTime() ?? null);
    const from = input.fromAssigneeId ?? null;
    const to = input.toAssigneeId ?? null;
    const reassigned =
      (input.fromAssigneeId !== undefined || input.toAssigneeId !== undefined) && from !== to;
    if (reassigned) {
      if (to && !(await activeEmployeeIds(tx, actor.accountId, [to])).has(to))
        throw new AppError('BAD_REQUEST', TEAM_MEMBER_NOT_IN_BUSINESS);
      await reassignVisit(tx, actor.accountId, id, { from, to });
    }
    await updateJob(tx, actor.accountId, id, moved ? { startsAt } : {});
    if (moved)
      await insertJobEvent(tx, {
        accountId: actor.accountId,
        jobId: id,
        kind: 'rescheduled',
        detail: {
          from: job.startsAt ? localDateTimeOf(job.startsAt, timeZone) : null,
          to: input.startsAt,
        },
        actorUserId: actor.userId,
      });
    if (reassigned)
      await insertJobEvent(tx, {
        accountId: actor.accountId,
        jobId: id,
        kind: 'reassigned',
        detail: { from, to },
        actorUserId: actor.userId,
      });
  });
  const visit = await findVisit(db, actor.accountId, id);
  if (!visit) throw notFound('Job');
  return toVisitSummary(visit, timeZone);
}

/** The field worker's day: their visits of today in the business's zone, in time order. */
export async function myVisits(db: Db, actor: AccountActor, now: Date): Promise<MyVisitsResponse> {
  const timeZone = await accountTimeZone(db, actor.accountId);
  const date = localDateOf(now, timeZone);
  const { start, end } = dayRange(date, date, timeZone);
  const visits = await visitsInTimeOrder(db, actor.accountId, {
    startsFrom: start,
    startsBefore: end,
    assignedToUserId: actor.userId,
    notCancelled: true,
  });
  return { timeZone, date, visits: visits.map((v) => toVisitSummary(v, timeZone)) };
}
