import {
  canDispatchJobs,
  instantOfLocal,
  localDateOf,
  SCHEDULE_MAX_VISITS,
  type MyVisitsResponse,
  type ScheduleQuery,
  type ScheduleResponse,
} from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import {
  activeMembers,
  dayRange,
  employeeOfUser,
  toVisitSummary,
  unplannedVisits,
  visibilityOf,
  visitsInTimeOrder,
} from '../jobs/index.ts';

const UNPLANNED_LIMIT = 100;

export async function getSchedule(
  db: Db,
  actor: AccountActor,
  query: ScheduleQuery,
  now: Date,
): Promise<ScheduleResponse> {
  const timeZone = actor.timeZone;
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
      // One more than shown: whether the range holds more, without a count.
      SCHEDULE_MAX_VISITS + 1,
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
    visits: visits.slice(0, SCHEDULE_MAX_VISITS).map((v) => toVisitSummary(v, timeZone)),
    truncated: visits.length > SCHEDULE_MAX_VISITS,
    visitLimit: SCHEDULE_MAX_VISITS,
    unplanned: unplanned.map((v) => toVisitSummary(v, timeZone)),
    members,
  };
}

/**
 * Whether a range holds a visit the actor would see on the schedule (everyone's, as it opens):
 * the first paint says "Nothing scheduled" when it holds none. One row at most is read.
 */
export async function rangeHasVisits(
  db: Db,
  actor: AccountActor,
  range: { from: string; to: string },
): Promise<boolean> {
  const { start, end } = dayRange(range.from, range.to, actor.timeZone);
  const visits = await visitsInTimeOrder(
    db,
    actor.accountId,
    { startsFrom: start, startsBefore: end, ...visibilityOf(actor) },
    1,
  );
  return visits.length > 0;
}

/** The field worker's day: their visits of today in the business's zone, in time order. */
export async function myVisits(db: Db, actor: AccountActor, now: Date): Promise<MyVisitsResponse> {
  const timeZone = actor.timeZone;
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
