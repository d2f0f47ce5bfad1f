import type { PunchLocation, TimeEntryKind } from '@crewdesk/domain';
import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  employees,
  jobs,
  locationConsents,
  timeEntries,
  timeEntryChanges,
  timePunches,
  timeSettings,
  users,
} from '../../db/schema/index.ts';
import {
  employeeNameSql,
  timeEntryColumns,
  correctionColumns,
  type CorrectionRow,
  type TimeEntryRow,
} from './time-rows.repo.ts';
export {
  employeeNameSql,
  timeEntryColumns,
  correctionColumns,
  type CorrectionRow,
  type TimeEntryRow,
};

export type NewTimeEntry = typeof timeEntries.$inferInsert;

export interface TimeEmployee {
  id: string;
  firstName: string;
  lastName: string;
  payRateCents: number | null;
  userId: string | null;
}

const employeeColumns = {
  id: employees.id,
  firstName: employees.firstName,
  lastName: employees.lastName,
  payRateCents: employees.payRateCents,
  userId: employees.userId,
};

/** The employee record of a signed-in member in the account, if they have one. */
export async function findEmployeeOfUser(
  db: DbOrTx,
  accountId: string,
  userId: string,
): Promise<TimeEmployee | undefined> {
  const [row] = await db
    .select(employeeColumns)
    .from(employees)
    .where(and(eq(employees.accountId, accountId), eq(employees.userId, userId)))
    .limit(1);
  return row;
}

export async function findEmployee(
  db: DbOrTx,
  accountId: string,
  employeeId: string,
): Promise<TimeEmployee | undefined> {
  const [row] = await db
    .select(employeeColumns)
    .from(employees)
    .where(and(eq(employees.accountId, accountId), eq(employees.id, employeeId)));
  return row;
}

/** The people in a team leader's crew (not the leader). */
export async function crewOf(
  db: DbOrTx,
  accountId: string,
  leaderEmployeeId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.accountId, accountId), eq(employees.crewLeaderId, leaderEmployeeId)))
    .limit(1000);
  return rows.map((r) => r.id);
}

/** Locks the person's employee row: their punches and edits happen one at a time. */
export async function lockEmployee(tx: Tx, accountId: string, employeeId: string) {
  await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.accountId, accountId), eq(employees.id, employeeId)))
    .for('update');
}

/** Active employees, by first name: the rows of the week's grid. */
/** The active team, or only those of `onlyIds` (a crew) when given. */
export async function activeEmployees(
  db: DbOrTx,
  accountId: string,
  onlyIds?: readonly string[],
): Promise<TimeEmployee[]> {
  return db
    .select(employeeColumns)
    .from(employees)
    .where(
      and(
        eq(employees.accountId, accountId),
        eq(employees.employmentStatus, 'active'),
        onlyIds ? inArray(employees.id, [...onlyIds]) : undefined,
      ),
    )
    .orderBy(asc(employees.firstName), asc(employees.lastName), asc(employees.id))
    .limit(1000);
}

export async function runningEntries(
  db: DbOrTx,
  accountId: string,
  employeeId: string,
): Promise<TimeEntryRow[]> {
  return db
    .select()
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.accountId, accountId),
        eq(timeEntries.employeeId, employeeId),
        isNull(timeEntries.endedAt),
      ),
    );
}

export type ListedEntry = TimeEntryRow & { employeeName: string; jobTitle: string | null };

/**
 * Entries that touch the instants [from, to): started before `to` and ended after `from` (or
 * still running). One person's, or everyone's in the account.
 */
export async function entriesBetween(
  db: DbOrTx,
  accountId: string,
  range: { from: Date; to: Date; employeeIds?: readonly string[] },
): Promise<ListedEntry[]> {
  return db
    .select({
      ...timeEntryColumns,
      employeeName: employeeNameSql,
      jobTitle: jobs.title,
    })
    .from(timeEntries)
    .innerJoin(employees, eq(employees.id, timeEntries.employeeId))
    .leftJoin(jobs, and(eq(jobs.id, timeEntries.jobId), eq(jobs.accountId, timeEntries.accountId)))
    .where(
      and(
        eq(timeEntries.accountId, accountId),
        range.employeeIds ? inArray(timeEntries.employeeId, [...range.employeeIds]) : undefined,
        lt(timeEntries.startedAt, range.to),
        or(isNull(timeEntries.endedAt), gte(timeEntries.endedAt, range.from)),
        // An index bound: no entry is longer than the forgotten-punch close allows (days).
        gte(timeEntries.startedAt, new Date(range.from.getTime() - 7 * 86_400_000)),
      ),
    )
    .orderBy(asc(timeEntries.startedAt), asc(timeEntries.id))
    .limit(5000);
}

export async function findEntry(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<TimeEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.accountId, accountId), eq(timeEntries.id, id)));
  return row;
}

export async function insertEntry(tx: Tx, values: NewTimeEntry): Promise<TimeEntryRow> {
  const [row] = await tx.insert(timeEntries).values(values).returning();
  return row!;
}

/** Ends running entries of the given kinds, with the punch's location when one is kept. */
export async function endEntries(
  tx: Tx,
  accountId: string,
  ids: readonly string[],
  end: { at: Date; location: PunchLocation | null; locationMissing: boolean },
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(timeEntries)
    .set({
      endedAt: end.at,
      endLatitude: end.location?.latitude ?? null,
      endLongitude: end.location?.longitude ?? null,
      endAccuracyMeters: end.location?.accuracyMeters ?? null,
      ...(end.locationMissing ? { locationMissing: true } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(timeEntries.accountId, accountId), inArray(timeEntries.id, [...ids])));
}

export async function updateEntryTimes(
  tx: Tx,
  accountId: string,
  id: string,
  times: { startedAt: Date; endedAt: Date | null; workDate: string },
): Promise<void> {
  await tx
    .update(timeEntries)
    .set({ ...times, edited: true, updatedAt: sql`now()` })
    .where(and(eq(timeEntries.accountId, accountId), eq(timeEntries.id, id)));
}

/** The person's entries of the kinds that may clash with `kind`, around [from, to). */
export async function entriesAround(
  tx: Tx,
  accountId: string,
  employeeId: string,
  range: { from: Date; to: Date | null; kinds: readonly TimeEntryKind[] },
): Promise<TimeEntryRow[]> {
  return tx
    .select()
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.accountId, accountId),
        eq(timeEntries.employeeId, employeeId),
        inArray(timeEntries.kind, [...range.kinds]),
        range.to ? lt(timeEntries.startedAt, range.to) : undefined,
        or(isNull(timeEntries.endedAt), gte(timeEntries.endedAt, range.from)),
      ),
    )
    .limit(500);
}

export async function insertChange(tx: Tx, values: typeof timeEntryChanges.$inferInsert) {
  await tx.insert(timeEntryChanges).values(values);
}

export async function changesOf(db: DbOrTx, accountId: string, entryId: string) {
  return db
    .select({
      at: timeEntryChanges.createdAt,
      byName: users.name,
      reason: timeEntryChanges.reason,
      before: timeEntryChanges.before,
      after: timeEntryChanges.after,
    })
    .from(timeEntryChanges)
    .leftJoin(users, eq(users.id, timeEntryChanges.changedBy))
    .where(and(eq(timeEntryChanges.accountId, accountId), eq(timeEntryChanges.entryId, entryId)))
    .orderBy(asc(timeEntryChanges.createdAt))
    .limit(200);
}

// ---- punches (exactly once) ----

/** Claims the device's id for this punch; false when it was punched already. */
export async function claimPunch(tx: Tx, values: typeof timePunches.$inferInsert) {
  const rows = await tx
    .insert(timePunches)
    .values(values)
    .onConflictDoNothing()
    .returning({ clientId: timePunches.clientId });
  return rows.length > 0;
}

export async function findPunch(db: DbOrTx, accountId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(timePunches)
    .where(and(eq(timePunches.accountId, accountId), eq(timePunches.clientId, clientId)));
  return row;
}

export async function setPunchLocationStored(tx: Tx, accountId: string, clientId: string) {
  await tx
    .update(timePunches)
    .set({ locationStored: true })
    .where(and(eq(timePunches.accountId, accountId), eq(timePunches.clientId, clientId)));
}

// ---- consent ----

export async function consentOf(db: DbOrTx, accountId: string, employeeId: string) {
  const [row] = await db
    .select()
    .from(locationConsents)
    .where(
      and(eq(locationConsents.accountId, accountId), eq(locationConsents.employeeId, employeeId)),
    );
  return row;
}

export async function saveConsent(
  db: DbOrTx,
  values: { accountId: string; employeeId: string; given: boolean; text: string; at: Date },
) {
  const change = values.given
    ? { givenAt: values.at, withdrawnAt: null, text: values.text }
    : { withdrawnAt: values.at, text: values.text };
  await db
    .insert(locationConsents)
    .values({
      accountId: values.accountId,
      employeeId: values.employeeId,
      text: values.text,
      givenAt: values.given ? values.at : null,
      withdrawnAt: values.given ? null : values.at,
    })
    .onConflictDoUpdate({
      target: [locationConsents.accountId, locationConsents.employeeId],
      set: { ...change, updatedAt: sql`now()` },
    });
}

/** The person's entries that still hold a location, newest first. */
export async function locatedEntries(db: DbOrTx, accountId: string, employeeId: string) {
  return db
    .select()
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.accountId, accountId),
        eq(timeEntries.employeeId, employeeId),
        or(
          sql`${timeEntries.startLatitude} is not null`,
          sql`${timeEntries.endLatitude} is not null`,
        ),
      ),
    )
    .orderBy(sql`${timeEntries.startedAt} desc`)
    .limit(500);
}

// ---- timesheets ----

export async function findSettings(db: DbOrTx, accountId: string) {
  const [row] = await db.select().from(timeSettings).where(eq(timeSettings.accountId, accountId));
  return row;
}

export async function saveSettings(db: DbOrTx, values: typeof timeSettings.$inferInsert) {
  const { accountId: _accountId, ...rules } = values;
  await db
    .insert(timeSettings)
    .values(values)
    .onConflictDoUpdate({
      target: timeSettings.accountId,
      set: { ...rules, updatedAt: sql`now()` },
    });
}

// ---- corrections ----

// The repository's other parts, read through this one face (repo.* in the use cases).
export * from './time-sweeps.repo.ts';
export * from './time-visits.repo.ts';
export * from './time-weeks.repo.ts';
