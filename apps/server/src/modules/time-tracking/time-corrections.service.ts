import { type TimeCorrection } from '@crewdesk/domain';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { recordEvent } from '../events/index.ts';
import * as repo from './time.repo.ts';
import { applyEdit, insertManual, managerOnly } from './time-entries.service.ts';
import {
  EMPLOYEE_NOT_FOUND,
  type TimeDeps,
  employeeFor,
  ownEmployee,
  visibleEmployeeIds,
} from './time.service.ts';

// ---------------------------------------------------------------------------------------------
// Corrections: a person asks, a team leader or manager decides
// ---------------------------------------------------------------------------------------------

function toCorrection(row: repo.CorrectionRow): TimeCorrection {
  return {
    id: row.id,
    employeeId: row.employeeId,
    employeeName: row.employeeName,
    entryId: row.entryId,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt.toISOString(),
    reason: row.reason,
    status: row.status,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function requestCorrection(
  deps: TimeDeps,
  actor: AccountActor,
  input: { entryId: string | null; startedAt: string; endedAt: string; reason: string },
): Promise<TimeCorrection> {
  const employee = await ownEmployee(deps.db, actor);
  if (new Date(input.endedAt) > deps.now()) {
    throw new AppError('BAD_REQUEST', 'Time in the future cannot be asked for.');
  }
  return deps.db.transaction(async (tx) => {
    if (input.entryId) {
      const entry = await repo.findEntry(tx, actor.accountId, input.entryId);
      // Only one's own entries: another's is as unknown as a missing one.
      if (!entry || entry.employeeId !== employee.id) throw notFound('Time entry');
    }
    const id = await repo.insertCorrection(tx, {
      accountId: actor.accountId,
      employeeId: employee.id,
      entryId: input.entryId,
      startedAt: new Date(input.startedAt),
      endedAt: new Date(input.endedAt),
      reason: input.reason,
      requestedBy: actor.userId,
    });
    await recordEvent(tx, {
      accountId: actor.accountId,
      type: 'time_entry.correction_requested',
      subjectId: id,
      actorUserId: actor.userId,
      payload: { employeeId: employee.id, correctionId: id },
    });
    return toCorrection((await repo.findCorrection(tx, actor.accountId, id))!);
  });
}

export async function listCorrections(
  deps: TimeDeps,
  actor: AccountActor,
  status: TimeCorrection['status'],
): Promise<{ items: TimeCorrection[] }> {
  const employeeIds = (await visibleEmployeeIds(deps.db, actor)) ?? undefined;
  const rows = await repo.listCorrections(deps.db, actor.accountId, { status, employeeIds });
  return { items: rows.map(toCorrection) };
}

export async function decideCorrection(
  deps: TimeDeps,
  actor: AccountActor,
  id: string,
  decision: { approve: boolean; note: string | null },
): Promise<TimeCorrection> {
  managerOnly(actor);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const correction = await repo.lockCorrection(tx, actor.accountId, id);
    if (!correction) throw notFound('Correction');
    await employeeFor(tx, actor, correction.employeeId).catch(() => {
      throw notFound('Correction');
    });
    if (correction.status !== 'pending') {
      throw new AppError('CONFLICT', 'This correction was already decided.');
    }
    if (decision.approve) await applyCorrection(tx, actor, correction, now);
    await repo.decideCorrection(tx, id, {
      status: decision.approve ? 'approved' : 'refused',
      by: actor.userId,
      at: now,
      note: decision.note,
    });
    await recordEvent(tx, {
      accountId: actor.accountId,
      type: 'time_entry.correction_decided',
      subjectId: id,
      actorUserId: actor.userId,
      payload: {
        employeeId: correction.employeeId,
        correctionId: id,
        approved: decision.approve,
      },
    });
    return toCorrection((await repo.findCorrection(tx, actor.accountId, id))!);
  });
}

/** An approved correction changes the entry (or adds the shift), with its reason in the trail. */
async function applyCorrection(
  tx: Tx,
  actor: AccountActor,
  correction: repo.CorrectionRow,
  now: Date,
): Promise<void> {
  const times = {
    startedAt: correction.startedAt.toISOString(),
    endedAt: correction.endedAt.toISOString(),
    reason: `Correction asked by ${correction.employeeName}: ${correction.reason}`,
  };
  const entry = correction.entryId
    ? await repo.findEntry(tx, actor.accountId, correction.entryId)
    : undefined;
  if (entry) {
    await applyEdit(tx, actor, entry, times, now);
    return;
  }
  const employee = await repo.findEmployee(tx, actor.accountId, correction.employeeId);
  if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
  await insertManual(tx, actor, employee, { kind: 'shift', ...times }, now);
}

export async function entryTrail(deps: TimeDeps, actor: AccountActor, id: string) {
  const entry = await repo.findEntry(deps.db, actor.accountId, id);
  if (!entry) throw notFound('Time entry');
  await employeeFor(deps.db, actor, entry.employeeId).catch(() => {
    throw notFound('Time entry');
  });
  const rows = await repo.changesOf(deps.db, actor.accountId, id);
  return {
    items: rows.map((r) => ({
      at: r.at.toISOString(),
      byName: r.byName,
      reason: r.reason,
      before: r.before,
      after: r.after,
    })),
  };
}
