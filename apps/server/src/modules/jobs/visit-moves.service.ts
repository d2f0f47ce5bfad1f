import {
  addDaysToDate,
  instantOfLocal,
  localDateTimeOf,
  VISIT_CHANGED_MESSAGE,
  type MoveVisitInput,
  type VisitSummary,
} from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { toVisitSummary } from './job-view.ts';
import * as repo from './jobs.repo.ts';
import {
  findVisibleVisit,
  lockVisibleJob,
  requireDispatcher,
  TEAM_MEMBER_NOT_IN_BUSINESS,
} from './jobs.service.ts';

/** The instants of [from 00:00, the day after `to` 00:00) in the business's zone. */
export function dayRange(from: string, to: string, timeZone: string) {
  return {
    start: instantOfLocal(`${from}T00:00:00`, timeZone),
    end: instantOfLocal(`${addDaysToDate(to, 1)}T00:00:00`, timeZone),
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
  const timeZone = actor.timeZone;
  await db.transaction(async (tx) => {
    const job = await lockVisibleJob(tx, actor, id);
    if (job.version !== input.version) throw new AppError('CONFLICT', VISIT_CHANGED_MESSAGE);
    const startsAt = input.startsAt ? instantOfLocal(input.startsAt, timeZone) : null;
    const moved = (startsAt?.getTime() ?? null) !== (job.startsAt?.getTime() ?? null);
    const from = input.fromAssigneeId ?? null;
    const to = input.toAssigneeId ?? null;
    const reassigned =
      (input.fromAssigneeId !== undefined || input.toAssigneeId !== undefined) && from !== to;
    if (reassigned) {
      if (to && !(await repo.activeEmployeeIds(tx, actor.accountId, [to])).has(to))
        throw new AppError('BAD_REQUEST', TEAM_MEMBER_NOT_IN_BUSINESS);
      await repo.reassignVisit(tx, actor.accountId, id, { from, to });
    }
    await repo.updateJob(tx, actor.accountId, id, moved ? { startsAt } : {});
    if (moved)
      await repo.insertEvent(tx, {
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
      await repo.insertEvent(tx, {
        accountId: actor.accountId,
        jobId: id,
        kind: 'reassigned',
        detail: { from, to },
        actorUserId: actor.userId,
      });
  });
  return toVisitSummary(await findVisibleVisit(db, actor, id), timeZone);
}

export const ROUTE_ORDER_MISMATCH = "The order must list that member's visits of that day.";

/**
 * Applies an order to a member's day: the first visit keeps the day's earliest start time and
 * each next one starts when the one before ends. Each visit's version is bumped, so a drag made
 * on the old times is refused rather than applied.
 */
export async function applyVisitOrder(
  db: Db,
  actor: AccountActor,
  input: {
    range: { start: Date; end: Date };
    employeeId: string;
    order: string[];
    timeZone: string;
  },
): Promise<void> {
  const { timeZone } = input;
  await db.transaction(async (tx) => {
    const rows = await repo.lockVisitsOfEmployeeBetween(
      tx,
      actor.accountId,
      input.range,
      input.employeeId,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (new Set(input.order).size !== input.order.length || input.order.some((id) => !byId.has(id)))
      throw new AppError('BAD_REQUEST', ROUTE_ORDER_MISMATCH);
    const ordered = input.order.map((id) => byId.get(id) as repo.JobRow);
    let at = Math.min(...ordered.map((r) => (r.startsAt as Date).getTime()));
    for (const row of ordered) {
      const startsAt = new Date(at);
      if (startsAt.getTime() !== row.startsAt?.getTime()) {
        await repo.updateJob(tx, actor.accountId, row.id, { startsAt });
        await repo.insertEvent(tx, {
          accountId: actor.accountId,
          jobId: row.id,
          kind: 'rescheduled',
          detail: {
            from: localDateTimeOf(row.startsAt as Date, timeZone),
            to: localDateTimeOf(startsAt, timeZone),
            reason: 'route',
          },
          actorUserId: actor.userId,
        });
      }
      at += row.durationMinutes * 60_000;
    }
  });
}
