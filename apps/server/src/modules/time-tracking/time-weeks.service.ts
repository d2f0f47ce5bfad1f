import {
  addDaysToDate,
  hasBusinessManagerRights,
  instantOfLocal,
  labourCostCents,
  nextTimesheetStatus,
  weekDates,
  weekHours,
  weekStartOf,
  type TimesheetAction,
  type TimesheetRow,
  type TimesheetWeek,
  type TimeSettings,
} from '@crewdesk/domain';
import { AppError } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { recordEvent } from '../events/index.ts';
import * as repo from './time.repo.ts';
import {
  type TimeDeps,
  employeeFor,
  seesCosts,
  seesTeamTime,
  settingsOf,
  visibleEmployeeIds,
} from './time.service.ts';

// ---------------------------------------------------------------------------------------------
// Weeks
// ---------------------------------------------------------------------------------------------

function weekInstants(weekStart: string, timeZone: string) {
  return {
    from: instantOfLocal(`${weekStart}T00:00:00`, timeZone),
    to: instantOfLocal(`${addDaysToDate(weekStart, 7)}T00:00:00`, timeZone),
  };
}

/** Labour cost of a week's entries at each entry's own rate: shift time less breaks. */
function weekLabourCost(
  entries: readonly repo.TimeEntryRow[],
  range: { from: Date; to: Date },
  now: Date,
) {
  let cents = 0;
  for (const e of entries) {
    if (e.kind !== 'shift' && e.kind !== 'break') continue;
    const start = Math.max(e.startedAt.getTime(), range.from.getTime());
    const end = Math.min((e.endedAt ?? now).getTime(), range.to.getTime());
    if (end <= start || e.costRateCents === null) continue;
    const cost = labourCostCents((end - start) / 60_000, e.costRateCents);
    cents += e.kind === 'shift' ? cost : -cost;
  }
  return Math.max(0, cents);
}

function timesheetRow(
  employee: repo.TimeEmployee,
  entries: readonly repo.TimeEntryRow[],
  context: {
    weekStart: string;
    timeZone: string;
    now: Date;
    status: TimesheetRow['status'];
    costs: boolean;
    settings: TimeSettings;
  },
): TimesheetRow {
  const hours = weekHours(
    entries,
    { start: context.weekStart, timeZone: context.timeZone, now: context.now },
    context.settings,
  );
  const range = weekInstants(context.weekStart, context.timeZone);
  return {
    employeeId: employee.id,
    employeeName: `${employee.firstName} ${employee.lastName}`.trim(),
    status: context.status,
    ...hours,
    flags: {
      forgottenPunch: entries.filter((e) => e.autoClosed).length,
      edited: entries.filter((e) => e.edited).length,
      locationMissing: entries.filter((e) => e.locationMissing).length,
      running: entries.filter((e) => e.endedAt === null).length,
    },
    ...(context.costs ? { labourCostCents: weekLabourCost(entries, range, context.now) } : {}),
  };
}

export async function timesheetWeek(
  deps: TimeDeps,
  actor: AccountActor,
  week: string,
): Promise<TimesheetWeek> {
  const settings = await settingsOf(deps.db, actor.accountId);
  const weekStart = weekStartOf(week, settings.weekStartsOn);
  const now = deps.now();
  const visible = await visibleEmployeeIds(deps.db, actor);
  const people = await repo.activeEmployees(deps.db, actor.accountId, visible ?? undefined);
  const entries = await repo.entriesBetween(deps.db, actor.accountId, {
    ...weekInstants(weekStart, actor.timeZone),
    employeeIds: visible ?? undefined,
  });
  const sheets = new Map(
    (await repo.timesheetsOfWeek(deps.db, actor.accountId, weekStart)).map((s) => [
      s.employeeId,
      s.status,
    ]),
  );
  return {
    weekStart,
    dates: weekDates(weekStart),
    rows: people.map((person) =>
      timesheetRow(
        person,
        entries.filter((e) => e.employeeId === person.id),
        {
          weekStart,
          timeZone: actor.timeZone,
          now,
          status: sheets.get(person.id) ?? 'open',
          costs: seesCosts(actor),
          settings,
        },
      ),
    ),
  };
}

export async function changeTimesheet(
  deps: TimeDeps,
  actor: AccountActor,
  input: { employeeId: string; weekStart: string; action: TimesheetAction },
): Promise<TimesheetWeek> {
  const employee = await employeeFor(deps.db, actor, input.employeeId);
  const ownWeek = employee.userId === actor.userId;
  if (
    input.action === 'submit'
      ? !ownWeek && !seesTeamTime(actor)
      : !hasBusinessManagerRights(actor.role)
  ) {
    throw new AppError('FORBIDDEN', 'Only admins and managers can approve, reopen or pay a week.');
  }
  const { weekStartsOn } = await settingsOf(deps.db, actor.accountId);
  const weekStart = weekStartOf(input.weekStart, weekStartsOn);
  await deps.db.transaction(async (tx) => {
    const sheet = await repo.lockTimesheet(tx, actor.accountId, employee.id, weekStart);
    const next = nextTimesheetStatus(sheet.status, input.action);
    if (!next.ok) throw new AppError('CONFLICT', next.message);
    await repo.setTimesheetStatus(tx, sheet.id, next.status, {
      userId: actor.userId,
      at: deps.now(),
    });
    await recordEvent(tx, {
      accountId: actor.accountId,
      type: TIMESHEET_EVENT[input.action],
      subjectId: sheet.id,
      actorUserId: actor.userId,
      payload: { employeeId: employee.id, weekStart },
    });
  });
  return timesheetWeek(deps, actor, weekStart);
}

const TIMESHEET_EVENT: Record<TimesheetAction, string> = {
  submit: 'timesheet.submitted',
  approve: 'timesheet.approved',
  reopen: 'timesheet.reopened',
  mark_paid: 'timesheet.paid',
};

// ---------------------------------------------------------------------------------------------
// Payroll
// ---------------------------------------------------------------------------------------------

/**
 * Column names of the payroll file: those of Gusto's hours import ("First Name", "Last Name",
 * "Regular Hours", "Overtime Hours"), with the period, the breaks and the labour cost beside them.
 */
export const PAYROLL_COLUMNS = [
  'Employee ID',
  'Last Name',
  'First Name',
  'Period Start',
  'Period End',
  'Regular Hours',
  'Overtime Hours',
  'Break Hours',
  'Labor Cost',
] as const;

const hours = (minutes: number) => (minutes / 60).toFixed(2);

/**
 * The pay period's approved (or paid) weeks, one line per person. A week belongs to the period
 * its first day falls in; weeks not approved are left out, so the same period downloads the
 * same file again once its weeks are locked.
 */
export async function payrollRows(
  deps: TimeDeps,
  actor: AccountActor,
  period: { from: string; to: string },
): Promise<string[][]> {
  if (!seesCosts(actor))
    throw new AppError('FORBIDDEN', 'Only admins and managers can export payroll.');
  if (period.to < period.from) throw new AppError('BAD_REQUEST', 'to must not be before from');
  if (addDaysToDate(period.from, 62) < period.to) {
    throw new AppError('BAD_REQUEST', 'A pay period can be at most 62 days.');
  }
  const totals = new Map<
    string,
    { regular: number; overtime: number; breaks: number; cost: number }
  >();
  const people = await repo.activeEmployees(deps.db, actor.accountId);
  for (
    let week = weekStartOf(period.from, (await settingsOf(deps.db, actor.accountId)).weekStartsOn);
    week <= period.to;
    week = addDaysToDate(week, 7)
  ) {
    if (week < period.from) continue;
    const sheet = await timesheetWeek(deps, actor, week);
    for (const row of sheet.rows) {
      if (row.status !== 'approved' && row.status !== 'paid') continue;
      const sum = totals.get(row.employeeId) ?? { regular: 0, overtime: 0, breaks: 0, cost: 0 };
      sum.regular += row.regularMinutes;
      sum.overtime += row.overtimeMinutes;
      sum.breaks += row.breakMinutes;
      sum.cost += row.labourCostCents ?? 0;
      totals.set(row.employeeId, sum);
    }
  }
  return people
    .filter((p) => totals.has(p.id))
    .map((p) => {
      const t = totals.get(p.id)!;
      return [
        p.id,
        p.lastName,
        p.firstName,
        period.from,
        period.to,
        hours(t.regular),
        hours(t.overtime),
        hours(t.breaks),
        (t.cost / 100).toFixed(2),
      ];
    });
}
