import {
  addDaysToDate,
  DEFAULT_TIME_SETTINGS,
  deviceClockIsOff,
  entriesConflict,
  hasBusinessManagerRights,
  hasTeamManagementRights,
  instantOfLocal,
  labourCostCents,
  localDateOf,
  LOCATION_CONSENT_TEXT,
  nextTimesheetStatus,
  planPunch,
  punchMayRecordLocation,
  TIME_MESSAGES,
  timesheetIsLocked,
  weekDates,
  weekHours,
  weekStartOf,
  type PunchInput,
  type PunchLocation,
  type PunchResult,
  type TimeCorrection,
  type TimeEntry,
  type TimeEntryKind,
  type TimesheetAction,
  type TimesheetRow,
  type TimesheetWeek,
  type TimeSettings,
  type TimeSettingsInput,
  timeSettingsFrom,
  timeSettingsOf,
  type TimeStatus,
} from '@crewdesk/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { recordEvent } from '../events/index.ts';
import { findVisibleVisit } from '../jobs/index.ts';
import * as repo from './time.repo.ts';

export interface TimeDeps {
  db: Db;
  now: () => Date;
}

const NOT_ON_TEAM = 'You are not on the team of this business, so you have no time to track.';
const EMPLOYEE_NOT_FOUND = 'Team member';

/** Team leaders and up see time beyond their own (a leader: their crew's, see visibleEmployeeIds). */
function seesTeamTime(actor: AccountActor): boolean {
  return hasTeamManagementRights(actor.role);
}

/**
 * Whose time the actor sees, by employee id: null for everyone's (admins and managers); a team
 * leader's own and their crew's (spec section 6: team leaders see their crew's time); anyone
 * else's own.
 */
async function visibleEmployeeIds(db: Db | Tx, actor: AccountActor): Promise<string[] | null> {
  if (hasBusinessManagerRights(actor.role)) return null;
  const own = await ownEmployee(db, actor);
  if (!seesTeamTime(actor)) return [own.id];
  return [own.id, ...(await repo.crewOf(db, actor.accountId, own.id))];
}

/** Costs go to the roles that see the Business Summary (spec section 6). */
/** Costs are for the roles that see the business's money (job costing uses it too). */
export function seesCosts(actor: AccountActor): boolean {
  return hasBusinessManagerRights(actor.role);
}

async function ownEmployee(db: Db | Tx, actor: AccountActor): Promise<repo.TimeEmployee> {
  const employee = await repo.findEmployeeOfUser(db, actor.accountId, actor.userId);
  // The role may track time; this person has no employee record to track it on.
  if (!employee) throw new AppError('CONFLICT', NOT_ON_TEAM);
  return employee;
}

/** The employee whose time is asked for: one's own, or anyone's for those who see the team's. */
async function employeeFor(
  db: Db | Tx,
  actor: AccountActor,
  employeeId: string,
): Promise<repo.TimeEmployee> {
  const employee = await repo.findEmployee(db, actor.accountId, employeeId);
  if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
  if (employee.userId === actor.userId) return employee;
  const visible = await visibleEmployeeIds(db, actor);
  if (visible && !visible.includes(employee.id)) throw notFound(EMPLOYEE_NOT_FOUND);
  return employee;
}

function toTimeEntry(
  row: repo.TimeEntryRow & { employeeName?: string; jobTitle?: string | null },
  actor: AccountActor,
): TimeEntry {
  return {
    id: row.id,
    employeeId: row.employeeId,
    employeeName: row.employeeName ?? '',
    kind: row.kind,
    jobId: row.jobId,
    jobTitle: row.jobTitle ?? null,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    workDate: row.workDate,
    source: row.source,
    autoClosed: row.autoClosed,
    edited: row.edited,
    clockOff: row.clockOff,
    locationMissing: row.locationMissing,
    ...(seesCosts(actor) ? { costRateCents: row.costRateCents } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// The person's own clock
// ---------------------------------------------------------------------------------------------

async function consentState(db: Db | Tx, accountId: string, employeeId: string) {
  const consent = await repo.consentOf(db, accountId, employeeId);
  const given = Boolean(consent?.givenAt && !consent.withdrawnAt);
  return { given, at: given ? consent!.givenAt!.toISOString() : null, text: LOCATION_CONSENT_TEXT };
}

async function statusOf(
  db: Db | Tx,
  actor: AccountActor,
  employee: repo.TimeEmployee,
  now: Date,
): Promise<TimeStatus> {
  const today = localDateOf(now, actor.timeZone);
  const entries = await repo.entriesBetween(db, actor.accountId, {
    employeeIds: [employee.id],
    from: instantOfLocal(`${today}T00:00:00`, actor.timeZone),
    to: instantOfLocal(`${addDaysToDate(today, 1)}T00:00:00`, actor.timeZone),
  });
  const todayEntries = entries.map((e) => toTimeEntry(e, actor));
  return {
    employeeId: employee.id,
    // A running timer runs until now, so it is among today's entries (none runs past the
    // forgotten-punch limit of at most a day): no query of its own.
    running: todayEntries.filter((e) => e.endedAt === null),
    today: todayEntries,
    locationConsent: await consentState(db, actor.accountId, employee.id),
  };
}

/**
 * Whether the person agreed to a location at their punches in this business (false without an
 * employee record): the field pack carries it, so a phone honours it from any screen, offline too.
 */
export async function locationConsentGiven(db: Db, actor: AccountActor): Promise<boolean> {
  const employee = await repo.findEmployeeOfUser(db, actor.accountId, actor.userId);
  return employee ? (await consentState(db, actor.accountId, employee.id)).given : false;
}

export async function myStatus(deps: TimeDeps, actor: AccountActor): Promise<TimeStatus> {
  const employee = await repo.findEmployeeOfUser(deps.db, actor.accountId, actor.userId);
  if (!employee) {
    return {
      employeeId: null,
      running: [],
      today: [],
      locationConsent: { given: false, at: null, text: LOCATION_CONSENT_TEXT },
    };
  }
  return statusOf(deps.db, actor, employee, deps.now());
}

/**
 * One tap: clock in or out, a break, a visit timer, "on my way". Exactly once per device id:
 * the same id again answers the person's state and makes nothing.
 */
export async function punch(
  deps: TimeDeps,
  actor: AccountActor,
  input: Omit<PunchInput, 'jobId' | 'location' | 'source'> & {
    jobId: string | null;
    location: PunchLocation | null;
    source: 'app' | 'web';
  },
): Promise<PunchResult> {
  const now = deps.now();
  const employee = await ownEmployee(deps.db, actor);
  if (input.jobId) await findVisibleVisit(deps.db, actor, input.jobId);
  return deps.db.transaction(async (tx) => {
    await repo.lockEmployee(tx, actor.accountId, employee.id);
    // A device clock ahead of the server's cannot punch the future: the punch is now, flagged.
    const deviceAt = new Date(input.at);
    const clockOff = deviceClockIsOff(new Date(input.sentAt), now) || deviceAt > now;
    const at = deviceAt > now ? now : deviceAt;
    const claimed = await repo.claimPunch(tx, {
      accountId: actor.accountId,
      clientId: input.clientId,
      employeeId: employee.id,
      action: input.action,
      jobId: input.jobId,
      at,
    });
    if (!claimed) {
      const earlier = await repo.findPunch(tx, actor.accountId, input.clientId);
      return {
        status: await statusOf(tx, actor, employee, now),
        locationStored: earlier?.locationStored ?? false,
        replayed: true,
      };
    }
    const running = await repo.runningEntries(tx, actor.accountId, employee.id);
    const outcome = planPunch(running, input.action, input.jobId);
    if (!outcome.ok) throw new AppError('CONFLICT', outcome.message);
    await refuseLockedWeek(tx, actor.accountId, employee.id, localDateOf(at, actor.timeZone));
    for (const entry of running) {
      if (outcome.plan.stop.includes(entry.kind) && entry.startedAt > at) {
        throw new AppError('CONFLICT', TIME_MESSAGES.endBeforeStart);
      }
    }

    const consent = await consentState(tx, actor.accountId, employee.id);
    const keepLocation = consent.given && punchMayRecordLocation(input.action);
    const location = keepLocation ? input.location : null;
    const locationMissing = keepLocation && input.location === null;
    const stopped = running.filter((e) => outcome.plan.stop.includes(e.kind));
    await repo.endEntries(
      tx,
      actor.accountId,
      stopped.map((e) => e.id),
      { at, location, locationMissing },
    );
    const started: repo.TimeEntryRow[] = [];
    for (const start of outcome.plan.start) {
      started.push(
        await repo.insertEntry(tx, {
          accountId: actor.accountId,
          employeeId: employee.id,
          kind: start.kind,
          jobId: start.jobId,
          startedAt: at,
          timeZone: actor.timeZone,
          workDate: localDateOf(at, actor.timeZone),
          source: input.source,
          costRateCents: employee.payRateCents,
          startLatitude: location?.latitude ?? null,
          startLongitude: location?.longitude ?? null,
          startAccuracyMeters: location?.accuracyMeters ?? null,
          locationMissing,
          clockOff,
          createdBy: actor.userId,
        }),
      );
    }
    for (const entry of started) await refuseOverlap(tx, actor, entry, now);
    if (location) await repo.setPunchLocationStored(tx, actor.accountId, input.clientId);
    const subject = started[0] ?? stopped[0];
    if (subject) {
      await recordEvent(tx, {
        accountId: actor.accountId,
        type: 'time_entry.punched',
        subjectId: subject.id,
        actorUserId: actor.userId,
        payload: { action: input.action, employeeId: employee.id },
      });
    }
    return {
      status: await statusOf(tx, actor, employee, now),
      locationStored: location !== null,
      replayed: false,
    };
  });
}

/** The business's time rules: its own, or the domain's defaults until it sets them. */
export async function settingsOf(db: Db | Tx, accountId: string): Promise<TimeSettings> {
  const row = await repo.findSettings(db, accountId);
  if (!row) return DEFAULT_TIME_SETTINGS;
  return {
    weekStartsOn: row.weekStartsOn,
    weeklyOvertimeMinutes: row.weeklyOvertimeMinutes,
    dailyOvertimeMinutes: row.dailyOvertimeMinutes,
    forgottenPunchHours: row.forgottenPunchHours,
    locationRetentionDays: row.locationRetentionDays,
  };
}

export async function getSettings(deps: TimeDeps, actor: AccountActor) {
  return timeSettingsOf(await settingsOf(deps.db, actor.accountId));
}

export async function updateSettings(
  deps: TimeDeps,
  actor: AccountActor,
  input: TimeSettingsInput,
) {
  await repo.saveSettings(deps.db, { accountId: actor.accountId, ...timeSettingsFrom(input) });
  return getSettings(deps, actor);
}

/** Refuses a change to a week that is approved or paid. */
async function refuseLockedWeek(tx: Tx, accountId: string, employeeId: string, workDate: string) {
  const { weekStartsOn } = await settingsOf(tx, accountId);
  const weekStart = weekStartOf(workDate, weekStartsOn);
  const status = await repo.findTimesheetStatus(tx, accountId, employeeId, weekStart);
  if (timesheetIsLocked(status)) throw new AppError('CONFLICT', TIME_MESSAGES.weekLocked);
}

/** Refuses an entry that overlaps another of the same person that it may not coexist with. */
async function refuseOverlap(tx: Tx, actor: AccountActor, entry: repo.TimeEntryRow, now: Date) {
  const around = await repo.entriesAround(tx, actor.accountId, entry.employeeId, {
    from: entry.startedAt,
    to: entry.endedAt,
    kinds: ['shift', 'break', 'visit', 'travel'] satisfies TimeEntryKind[],
  });
  if (around.some((other) => other.id !== entry.id && entriesConflict(entry, other, now))) {
    throw new AppError('CONFLICT', TIME_MESSAGES.overlap);
  }
}

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

function managerOnly(actor: AccountActor): void {
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
async function applyEdit(
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
async function insertManual(
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

// ---------------------------------------------------------------------------------------------
// Location consent and what was kept
// ---------------------------------------------------------------------------------------------

export async function setLocationConsent(deps: TimeDeps, actor: AccountActor, given: boolean) {
  const employee = await ownEmployee(deps.db, actor);
  await repo.saveConsent(deps.db, {
    accountId: actor.accountId,
    employeeId: employee.id,
    given,
    text: LOCATION_CONSENT_TEXT,
    at: deps.now(),
  });
  return statusOf(deps.db, actor, employee, deps.now());
}

export async function myLocations(deps: TimeDeps, actor: AccountActor) {
  const employee = await ownEmployee(deps.db, actor);
  const rows = await repo.locatedEntries(deps.db, actor.accountId, employee.id);
  const items = rows.flatMap((r) => [
    ...(r.startLatitude !== null && r.startLongitude !== null
      ? [
          {
            entryId: r.id,
            kind: r.kind,
            punch: 'start' as const,
            at: r.startedAt.toISOString(),
            latitude: r.startLatitude,
            longitude: r.startLongitude,
            accuracyMeters: r.startAccuracyMeters ?? 0,
          },
        ]
      : []),
    ...(r.endLatitude !== null && r.endLongitude !== null && r.endedAt
      ? [
          {
            entryId: r.id,
            kind: r.kind,
            punch: 'end' as const,
            at: r.endedAt.toISOString(),
            latitude: r.endLatitude,
            longitude: r.endLongitude,
            accuracyMeters: r.endAccuracyMeters ?? 0,
          },
        ]
      : []),
  ]);
  const { locationRetentionDays } = await settingsOf(deps.db, actor.accountId);
  return { retentionDays: locationRetentionDays, items };
}
