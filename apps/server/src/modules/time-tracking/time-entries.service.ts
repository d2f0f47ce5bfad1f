import { addDaysToDate, instantOfLocal, localDateOf, type TimeEntry } from '@crewdesk/domain';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { recordEvent } from '../events/index.ts';
import * as repo from './time.repo.ts';
import {
  type TimeDeps,
  employeeFor,
  refuseLockedWeek,
  refuseOverlap,
  seesTeamTime,
  toTimeEntry,
  visibleEmployeeIds,
} from './time.service.ts';

// ---------------------------------------------------------------------------------------------
// Entries: the list, a manager's edits and additions, the trail
// ---------------------------------------------------------------------------------------------

export async function listEntries(
  deps: TimeDeps,
  actor: AccountActor,
  query: { employeeId?: string; from: string; to: string },
): Promise<{ items: TimeEntry[] }> {
  if (query.to < query.from) throw new AppError('BAD_REQUEST', 'to must not be before from');
  if (addDaysToDate(query.from, 62) < query.to) {
    throw new AppError('BAD_REQUEST', 'Ask for at most 62 days at a time.');
  }
  const employeeIds = query.employeeId
    ? [(await employeeFor(deps.db, actor, query.employeeId)).id]
    : ((await visibleEmployeeIds(deps.db, actor)) ?? undefined);
  const rows = await repo.entriesBetween(deps.db, actor.accountId, {
    employeeIds,
    from: instantOfLocal(`${query.from}T00:00:00`, actor.timeZone),
    to: instantOfLocal(`${addDaysToDate(query.to, 1)}T00:00:00`, actor.timeZone),
  });
  return { items: rows.map((r) => toTimeEntry(r, actor)) };
}

export function managerOnly(actor: AccountActor): void {
  if (!seesTeamTime(actor)) {
    throw new AppError('FORBIDDEN', 'Only team leaders and managers can change time entries.');
  }
}

export async function editEntry(
  deps: TimeDeps,
  actor: AccountActor,
  id: string,
  input: { startedAt: string; endedAt: string | null; reason: string },
): Promise<TimeEntry> {
  managerOnly(actor);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const entry = await repo.findEntry(tx, actor.accountId, id);
    if (!entry) throw notFound('Time entry');
    await employeeFor(tx, actor, entry.employeeId).catch(() => {
      throw notFound('Time entry');
    });
    await applyEdit(tx, actor, entry, input, now);
    const updated = await repo.findEntry(tx, actor.accountId, id);
    return toTimeEntry(updated!, actor);
  });
}

/** Changes an entry's times in `tx`, keeping the original in its trail with who and why. */
export async function applyEdit(
  tx: Tx,
  actor: AccountActor,
  entry: repo.TimeEntryRow,
  input: { startedAt: string; endedAt: string | null; reason: string },
  now: Date,
): Promise<void> {
  await repo.lockEmployee(tx, actor.accountId, entry.employeeId);
  const startedAt = new Date(input.startedAt);
  const endedAt = input.endedAt === null ? null : new Date(input.endedAt);
  if (endedAt === null && entry.endedAt !== null) {
    throw new AppError('BAD_REQUEST', 'A finished entry needs an end.');
  }
  const workDate = localDateOf(startedAt, entry.timeZone);
  await refuseLockedWeek(tx, actor.accountId, entry.employeeId, entry.workDate);
  await refuseLockedWeek(tx, actor.accountId, entry.employeeId, workDate);
  await repo.updateEntryTimes(tx, actor.accountId, entry.id, { startedAt, endedAt, workDate });
  await refuseOverlap(tx, actor, { ...entry, startedAt, endedAt }, now);
  await repo.insertChange(tx, {
    accountId: actor.accountId,
    entryId: entry.id,
    changedBy: actor.userId,
    reason: input.reason,
    before: {
      startedAt: entry.startedAt.toISOString(),
      endedAt: entry.endedAt?.toISOString() ?? null,
    },
    after: { startedAt: startedAt.toISOString(), endedAt: endedAt?.toISOString() ?? null },
  });
  await recordEvent(tx, {
    accountId: actor.accountId,
    type: 'time_entry.edited',
    subjectId: entry.id,
    actorUserId: actor.userId,
    payload: { employeeId: entry.employeeId },
  });
}

export async function addEntry(
  deps: TimeDeps,
  actor: AccountActor,
  input: {
    employeeId: string;
    kind: 'shift' | 'break';
    startedAt: string;
    endedAt: string;
    reason: string;
  },
): Promise<TimeEntry> {
  managerOnly(actor);
  const now = deps.now();
  const employee = await employeeFor(deps.db, actor, input.employeeId);
  return deps.db.transaction(async (tx) => {
    const entry = await insertManual(tx, actor, employee, input, now);
    return toTimeEntry({ ...entry, employeeName: nameOf(employee) }, actor);
  });
}

function nameOf(employee: { firstName: string; lastName: string }): string {
  return `${employee.firstName} ${employee.lastName}`.trim();
}

/** Adds time that was not punched, in `tx`, with who and why in its trail. */
export async function insertManual(
  tx: Tx,
  actor: AccountActor,
  employee: repo.TimeEmployee,
  input: { kind: 'shift' | 'break'; startedAt: string; endedAt: string; reason: string },
  now: Date,
): Promise<repo.TimeEntryRow> {
  await repo.lockEmployee(tx, actor.accountId, employee.id);
  const startedAt = new Date(input.startedAt);
  const endedAt = new Date(input.endedAt);
  if (endedAt > now) throw new AppError('BAD_REQUEST', 'Time in the future cannot be added.');
  const workDate = localDateOf(startedAt, actor.timeZone);
  await refuseLockedWeek(tx, actor.accountId, employee.id, workDate);
  const entry = await repo.insertEntry(tx, {
    accountId: actor.accountId,
    employeeId: employee.id,
    kind: input.kind,
    startedAt,
    endedAt,
    timeZone: actor.timeZone,
    workDate,
    source: 'manual',
    costRateCents: employee.payRateCents,
    createdBy: actor.userId,
  });
  await refuseOverlap(tx, actor, entry, now);
  await repo.insertChange(tx, {
    accountId: actor.accountId,
    entryId: entry.id,
    changedBy: actor.userId,
    reason: input.reason,
    before: { startedAt: null, endedAt: null },
    after: { startedAt: startedAt.toISOString(), endedAt: endedAt.toISOString() },
  });
  await recordEvent(tx, {
    accountId: actor.accountId,
    type: 'time_entry.added',
    subjectId: entry.id,
    actorUserId: actor.userId,
    payload: { employeeId: employee.id },
  });
  return entry;
}
