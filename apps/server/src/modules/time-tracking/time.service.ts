import {
  addDaysToDate,
  DEFAULT_TIME_SETTINGS,
  deviceClockIsOff,
  entriesConflict,
  hasBusinessManagerRights,
  hasTeamManagementRights,
  instantOfLocal,
  localDateOf,
  LOCATION_CONSENT_TEXT,
  planPunch,
  punchMayRecordLocation,
  TIME_MESSAGES,
  timesheetIsLocked,
  weekStartOf,
  type PunchInput,
  type PunchLocation,
  type PunchResult,
  type TimeEntry,
  type TimeEntryKind,
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
export const EMPLOYEE_NOT_FOUND = 'Team member';

/** Team leaders and up see time beyond their own (a leader: their crew's, see visibleEmployeeIds). */
export function seesTeamTime(actor: AccountActor): boolean {
  return hasTeamManagementRights(actor.role);
}

/**
 * Whose time the actor sees, by employee id: null for everyone's (admins and managers); a team
 * leader's own and their crew's (spec section 6: team leaders see their crew's time); anyone
 * else's own.
 */
export async function visibleEmployeeIds(
  db: Db | Tx,
  actor: AccountActor,
): Promise<string[] | null> {
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

export async function ownEmployee(db: Db | Tx, actor: AccountActor): Promise<repo.TimeEmployee> {
  const employee = await repo.findEmployeeOfUser(db, actor.accountId, actor.userId);
  // The role may track time; this person has no employee record to track it on.
  if (!employee) throw new AppError('CONFLICT', NOT_ON_TEAM);
  return employee;
}

/** The employee whose time is asked for: one's own, or anyone's for those who see the team's. */
export async function employeeFor(
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

export function toTimeEntry(
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
export async function refuseLockedWeek(
  tx: Tx,
  accountId: string,
  employeeId: string,
  workDate: string,
) {
  const { weekStartsOn } = await settingsOf(tx, accountId);
  const weekStart = weekStartOf(workDate, weekStartsOn);
  const status = await repo.findTimesheetStatus(tx, accountId, employeeId, weekStart);
  if (timesheetIsLocked(status)) throw new AppError('CONFLICT', TIME_MESSAGES.weekLocked);
}

/** Refuses an entry that overlaps another of the same person that it may not coexist with. */
export async function refuseOverlap(
  tx: Tx,
  actor: AccountActor,
  entry: repo.TimeEntryRow,
  now: Date,
) {
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
