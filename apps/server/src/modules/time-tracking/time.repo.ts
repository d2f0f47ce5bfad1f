import type { PunchLocation, TimeEntryKind, TimesheetStatus } from '@crewdesk/domain';
import {
  and,
  asc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  employees,
  jobs,
  locationConsents,
  requests,
  timeCorrections,
  timeEntries,
  timeEntryChanges,
  timePunches,
  timeSettings,
  timesheets,
  users,
} from '../../db/schema/index.ts';

export type TimeEntryRow = typeof timeEntries.$inferSelect;

/** A team member's whole name, as lists show it. */
const employeeNameSql = sql<string>`trim(${employees.firstName} || ' ' || ${employees.lastName})`;
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

const timeEntryColumns = getTableColumns(timeEntries);

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

export async function timesheetsOfWeek(db: DbOrTx, accountId: string, weekStart: string) {
  return db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.accountId, accountId), eq(timesheets.weekStart, weekStart)));
}

export async function lockTimesheet(
  tx: Tx,
  accountId: string,
  employeeId: string,
  weekStart: string,
) {
  await tx.insert(timesheets).values({ accountId, employeeId, weekStart }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(timesheets)
    .where(
      and(
        eq(timesheets.accountId, accountId),
        eq(timesheets.employeeId, employeeId),
        eq(timesheets.weekStart, weekStart),
      ),
    )
    .for('update');
  return row!;
}

export async function findTimesheetStatus(
  db: DbOrTx,
  accountId: string,
  employeeId: string,
  weekStart: string,
): Promise<TimesheetStatus> {
  const [row] = await db
    .select({ status: timesheets.status })
    .from(timesheets)
    .where(
      and(
        eq(timesheets.accountId, accountId),
        eq(timesheets.employeeId, employeeId),
        eq(timesheets.weekStart, weekStart),
      ),
    );
  return row?.status ?? 'open';
}

export async function setTimesheetStatus(
  tx: Tx,
  id: string,
  status: TimesheetStatus,
  by: { userId: string; at: Date },
) {
  const stamps =
    status === 'submitted'
      ? { submittedAt: by.at }
      : status === 'approved'
        ? { approvedAt: by.at, approvedBy: by.userId }
        : status === 'paid'
          ? { paidAt: by.at }
          : { approvedAt: null, approvedBy: null, submittedAt: null };
  await tx
    .update(timesheets)
    .set({ status, ...stamps, updatedAt: sql`now()` })
    .where(eq(timesheets.id, id));
}

// ---- sweeps ----

/**
 * Timers of every business running longer than its forgotten-punch limit (its setting, or
 * `defaultHours`), with that limit. `longestLimitHours` bounds the scan to the index.
 */
export async function forgottenTimers(
  db: DbOrTx,
  now: Date,
  limits: { defaultHours: number; shortestHours: number },
  limit: number,
) {
  const hours = sql<number>`coalesce(${timeSettings.forgottenPunchHours}, ${limits.defaultHours})`;
  return db
    .select({ entry: timeEntries, limitHours: hours })
    .from(timeEntries)
    .leftJoin(timeSettings, eq(timeSettings.accountId, timeEntries.accountId))
    .where(
      and(
        isNull(timeEntries.endedAt),
        lte(timeEntries.startedAt, new Date(now.getTime() - limits.shortestHours * 3_600_000)),
        sql`${timeEntries.startedAt} <= ${now.toISOString()}::timestamptz - ${hours} * interval '1 hour'`,
      ),
    )
    .orderBy(asc(timeEntries.startedAt))
    .limit(limit);
}

/**
 * Timers near their business's forgotten-punch limit whose person was not reminded yet: running
 * for at least the limit less `leadHours` (at most half the limit), and not yet at the limit.
 */
export async function timersToRemind(
  db: DbOrTx,
  now: Date,
  limits: { defaultHours: number; leadHours: number },
  limit: number,
) {
  const hours = sql<number>`coalesce(${timeSettings.forgottenPunchHours}, ${limits.defaultHours})`;
  const remindAfter = sql`(${hours} - least(${limits.leadHours}, ${hours} / 2.0)) * interval '1 hour'`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  return db
    .select({ entry: timeEntries, limitHours: hours })
    .from(timeEntries)
    .leftJoin(timeSettings, eq(timeSettings.accountId, timeEntries.accountId))
    .where(
      and(
        isNull(timeEntries.endedAt),
        isNull(timeEntries.remindedAt),
        sql`${timeEntries.startedAt} <= ${nowSql} - ${remindAfter}`,
        sql`${timeEntries.startedAt} > ${nowSql} - ${hours} * interval '1 hour'`,
      ),
    )
    .orderBy(asc(timeEntries.startedAt))
    .limit(limit);
}

/** Marks the reminder as sent; false when the timer stopped or was reminded meanwhile. */
export async function markReminded(tx: Tx, entryId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(timeEntries)
    .set({ remindedAt: at })
    .where(
      and(eq(timeEntries.id, entryId), isNull(timeEntries.endedAt), isNull(timeEntries.remindedAt)),
    )
    .returning({ id: timeEntries.id });
  return rows.length > 0;
}

export async function closeForgotten(tx: Tx, entry: TimeEntryRow, endedAt: Date) {
  const rows = await tx
    .update(timeEntries)
    .set({ endedAt, autoClosed: true, updatedAt: sql`now()` })
    .where(and(eq(timeEntries.id, entry.id), isNull(timeEntries.endedAt)))
    .returning({ id: timeEntries.id });
  return rows.length > 0;
}

/**
 * Forgets the locations kept longer than each business's retention allows (its setting, or
 * `defaultDays`); `shortestDays` bounds the scan to the index.
 */
export async function purgeLocations(
  db: DbOrTx,
  now: Date,
  retention: { defaultDays: number; shortestDays: number },
): Promise<number> {
  const days = sql`coalesce((select ${timeSettings.locationRetentionDays} from ${timeSettings}
    where ${timeSettings.accountId} = ${timeEntries.accountId}), ${retention.defaultDays})`;
  const rows = await db
    .update(timeEntries)
    .set({
      startLatitude: null,
      startLongitude: null,
      startAccuracyMeters: null,
      endLatitude: null,
      endLongitude: null,
      endAccuracyMeters: null,
    })
    .where(
      and(
        lt(timeEntries.startedAt, new Date(now.getTime() - retention.shortestDays * 86_400_000)),
        sql`${timeEntries.startedAt} < ${now.toISOString()}::timestamptz - ${days} * interval '1 day'`,
        or(
          sql`${timeEntries.startLatitude} is not null`,
          sql`${timeEntries.endLatitude} is not null`,
        ),
      ),
    )
    .returning({ id: timeEntries.id });
  return rows.length;
}

// ---- settings ----

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

export type CorrectionRow = typeof timeCorrections.$inferSelect & { employeeName: string };

const correctionColumns = {
  ...getTableColumns(timeCorrections),
  employeeName: employeeNameSql,
};

export async function insertCorrection(tx: Tx, values: typeof timeCorrections.$inferInsert) {
  const [row] = await tx
    .insert(timeCorrections)
    .values(values)
    .returning({ id: timeCorrections.id });
  return row!.id;
}

export async function findCorrection(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<CorrectionRow | undefined> {
  const [row] = await db
    .select(correctionColumns)
    .from(timeCorrections)
    .innerJoin(employees, eq(employees.id, timeCorrections.employeeId))
    .where(and(eq(timeCorrections.accountId, accountId), eq(timeCorrections.id, id)));
  return row;
}

export async function lockCorrection(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .select(correctionColumns)
    .from(timeCorrections)
    .innerJoin(employees, eq(employees.id, timeCorrections.employeeId))
    .where(and(eq(timeCorrections.accountId, accountId), eq(timeCorrections.id, id)))
    .for('update', { of: timeCorrections });
  return row;
}

export async function listCorrections(
  db: DbOrTx,
  accountId: string,
  filter: { status: 'pending' | 'approved' | 'refused'; employeeIds?: readonly string[] },
): Promise<CorrectionRow[]> {
  return db
    .select(correctionColumns)
    .from(timeCorrections)
    .innerJoin(employees, eq(employees.id, timeCorrections.employeeId))
    .where(
      and(
        eq(timeCorrections.accountId, accountId),
        eq(timeCorrections.status, filter.status),
        filter.employeeIds
          ? inArray(timeCorrections.employeeId, [...filter.employeeIds])
          : undefined,
      ),
    )
    .orderBy(sql`${timeCorrections.createdAt} desc`)
    .limit(200);
}

export async function decideCorrection(
  tx: Tx,
  id: string,
  decision: { status: 'approved' | 'refused'; by: string; at: Date; note: string | null },
) {
  await tx
    .update(timeCorrections)
    .set({
      status: decision.status,
      decidedBy: decision.by,
      decidedAt: decision.at,
      note: decision.note,
    })
    .where(eq(timeCorrections.id, id));
}

/** The visit timers of one job, with who ran them. */
export async function visitEntriesOfJob(db: DbOrTx, accountId: string, jobId: string) {
  return db
    .select({
      ...timeEntryColumns,
      employeeName: employeeNameSql,
    })
    .from(timeEntries)
    .innerJoin(employees, eq(employees.id, timeEntries.employeeId))
    .where(
      and(
        eq(timeEntries.accountId, accountId),
        eq(timeEntries.jobId, jobId),
        eq(timeEntries.kind, 'visit'),
      ),
    )
    .orderBy(asc(timeEntries.startedAt))
    .limit(1000);
}

/**
 * The timed minutes of the account's most recent completed visits made from a request whose
 * calculator names this property type and a square footage in [min, max], with that request's
 * form. Read through the account's visit entries (indexed by account and job).
 */
export async function similarVisitSamples(
  db: DbOrTx,
  accountId: string,
  filter: { propertyType: string; min: number; max: number | null; limit: number },
): Promise<{ details: Record<string, unknown>; actualMinutes: number }[]> {
  const footage = sql`case when jsonb_typeof(${requests.details} -> 'squareFootage') = 'number'
    then (${requests.details} ->> 'squareFootage')::numeric end`;
  const actualMinutes = sql<number>`round(sum(extract(epoch from (${timeEntries.endedAt} - ${timeEntries.startedAt}))) / 60)::int`;
  return db
    .select({ details: requests.details, actualMinutes })
    .from(timeEntries)
    .innerJoin(jobs, and(eq(jobs.id, timeEntries.jobId), eq(jobs.accountId, timeEntries.accountId)))
    .innerJoin(
      requests,
      and(eq(requests.id, jobs.requestId), eq(requests.accountId, jobs.accountId)),
    )
    .where(
      and(
        eq(timeEntries.accountId, accountId),
        eq(timeEntries.kind, 'visit'),
        isNotNull(timeEntries.endedAt),
        eq(jobs.status, 'completed'),
        sql`${requests.details} ->> 'propertyType' = ${filter.propertyType}`,
        sql`${footage} >= ${filter.min}`,
        filter.max === null ? undefined : sql`${footage} <= ${filter.max}`,
      ),
    )
    .groupBy(jobs.id, requests.id)
    .orderBy(sql`${jobs.completedAt} desc nulls last`)
    .limit(filter.limit);
}

/**
 * When the crew arrived at a visit and left it, from its punches: the first visit timer's start
 * and the last one's end (null while none ended). Times only, never where the punches were.
 */
export async function visitPunchSpan(
  db: DbOrTx,
  accountId: string,
  jobId: string,
): Promise<{ arrivedAt: Date | null; departedAt: Date | null }> {
  const [row] = await db
    .select({
      arrivedAt: sql<Date | null>`min(${timeEntries.startedAt})`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
      departedAt: sql<Date | null>`max(${timeEntries.endedAt})`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
    })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.accountId, accountId),
        eq(timeEntries.jobId, jobId),
        eq(timeEntries.kind, 'visit'),
      ),
    );
  return { arrivedAt: row?.arrivedAt ?? null, departedAt: row?.departedAt ?? null };
}

/**
 * What waits for a manager in Time tracking: weeks submitted for approval and correction
 * requests not yet decided (the office's home counts them). Both read this business's rows only.
 */
export async function waitingForApproval(db: DbOrTx, accountId: string) {
  const [weeks, corrections] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(timesheets)
      .where(and(eq(timesheets.accountId, accountId), eq(timesheets.status, 'submitted'))),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(timeCorrections)
      .where(and(eq(timeCorrections.accountId, accountId), eq(timeCorrections.status, 'pending'))),
  ]);
  return { weeks: weeks[0]?.count ?? 0, corrections: corrections[0]?.count ?? 0 };
}
