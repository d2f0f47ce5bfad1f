import type {
  PunchAction,
  TimeEntryKind,
  TimeEntrySource,
  TimesheetStatus,
} from '@crewdesk/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  accountIdColumn,
  createdAtColumn,
  idColumn,
  ownerIdColumn,
  updatedAtColumn,
  userRefColumn,
} from './columns.ts';
import { employees } from './employees.ts';
import { jobs } from './jobs.ts';

/**
 * Time tracking (issue 19): one row per shift, break, visit timer or travel timer of one
 * person. `ended_at` is null while it runs. The time zone, the local work date and the cost
 * rate are those of the moment it began (a changed rate applies to later entries only).
 * A location is kept only at the punches, only with consent, and is purged after the
 * business's retention period (the columns set to null).
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    employeeId: ownerIdColumn('employee_id', () => employees.id),
    kind: text('kind').$type<TimeEntryKind>().notNull(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    timeZone: text('time_zone').notNull(),
    workDate: date('work_date').notNull(),
    source: text('source').$type<TimeEntrySource>().notNull(),
    /** The employee's hourly rate in cents when the entry began; null when none was recorded. */
    costRateCents: integer('cost_rate_cents'),
    startLatitude: doublePrecision('start_latitude'),
    startLongitude: doublePrecision('start_longitude'),
    startAccuracyMeters: doublePrecision('start_accuracy_meters'),
    endLatitude: doublePrecision('end_latitude'),
    endLongitude: doublePrecision('end_longitude'),
    endAccuracyMeters: doublePrecision('end_accuracy_meters'),
    /** The person had not consented: no location could be kept (a flag for review, not a fault). */
    locationMissing: boolean('location_missing').notNull().default(false),
    /** Closed at the forgotten-punch limit by the app, for review. */
    autoClosed: boolean('auto_closed').notNull().default(false),
    /** When the person was reminded that this timer is still running (before the close). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    edited: boolean('edited').notNull().default(false),
    /** The device's clock was far off the server's when the punch arrived. */
    clockOff: boolean('clock_off').notNull().default(false),
    createdBy: userRefColumn('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('time_entries_account_employee_started_idx').on(t.accountId, t.employeeId, t.startedAt),
    index('time_entries_account_work_date_idx').on(t.accountId, t.workDate),
    index('time_entries_account_job_idx').on(t.accountId, t.jobId),
    // The running timers: a person's (every punch), and everyone's (the forgotten-punch sweep).
    index('time_entries_running_idx')
      .on(t.accountId, t.employeeId, t.kind)
      .where(sql`${t.endedAt} is null`),
    index('time_entries_running_started_idx')
      .on(t.startedAt)
      .where(sql`${t.endedAt} is null`),
    // What the retention sweep looks at: rows that still hold a location.
    index('time_entries_located_started_idx')
      .on(t.startedAt)
      .where(sql`${t.startLatitude} is not null or ${t.endLatitude} is not null`),
  ],
);

/**
 * Every punch a device sent, by the id the device made for it: a retry or a double tap finds
 * its row and changes nothing (exactly once, also for a punch kept offline and sent later).
 */
export const timePunches = pgTable(
  'time_punches',
  {
    accountId: accountIdColumn(),
    clientId: uuid('client_id').notNull(),
    employeeId: ownerIdColumn('employee_id', () => employees.id),
    action: text('action').$type<PunchAction>().notNull(),
    jobId: uuid('job_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    locationStored: boolean('location_stored').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.clientId] })],
);

/** The trail of an entry: every change with the times before and after, who and why. */
export const timeEntryChanges = pgTable(
  'time_entry_changes',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    entryId: ownerIdColumn('entry_id', () => timeEntries.id),
    changedBy: userRefColumn('changed_by'),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<{ startedAt: string | null; endedAt: string | null }>().notNull(),
    after: jsonb('after').$type<{ startedAt: string | null; endedAt: string | null }>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('time_entry_changes_entry_idx').on(t.accountId, t.entryId, t.createdAt)],
);

/** One person's week (from the business's week start): open → submitted → approved → paid. */
export const timesheets = pgTable(
  'timesheets',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    employeeId: ownerIdColumn('employee_id', () => employees.id),
    weekStart: date('week_start').notNull(),
    status: text('status').$type<TimesheetStatus>().notNull().default('open'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: userRefColumn('approved_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('timesheets_account_employee_week_idx').on(t.accountId, t.employeeId, t.weekStart),
  ],
);

/** A person's consent to keep their location at punches: given (with the words) or withdrawn. */
export const locationConsents = pgTable(
  'location_consents',
  {
    accountId: accountIdColumn(),
    employeeId: ownerIdColumn('employee_id', () => employees.id),
    givenAt: timestamp('given_at', { withTimezone: true }),
    text: text('text').notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.employeeId] })],
);

/**
 * A person's request to change their time (an entry's times, or time they forgot to punch), and
 * what a team leader or manager decided. An approved request changes the entry through the same
 * path as a manager's edit, so the entry's trail names it.
 */
export const timeCorrections = pgTable(
  'time_corrections',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    employeeId: ownerIdColumn('employee_id', () => employees.id),
    /** The entry to change; null for time that was never punched (a new shift). */
    entryId: uuid('entry_id').references(() => timeEntries.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'refused'>().notNull().default('pending'),
    requestedBy: userRefColumn('requested_by'),
    decidedBy: userRefColumn('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: text('note'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('time_corrections_account_status_idx').on(t.accountId, t.status, t.createdAt),
    index('time_corrections_account_employee_idx').on(t.accountId, t.employeeId, t.createdAt),
  ],
);

/** A business's time rules; no row means the domain's defaults (DEFAULT_TIME_SETTINGS). */
export const timeSettings = pgTable('time_settings', {
  accountId: accountIdColumn().primaryKey(),
  weekStartsOn: integer('week_starts_on').notNull(),
  weeklyOvertimeMinutes: integer('weekly_overtime_minutes').notNull(),
  dailyOvertimeMinutes: integer('daily_overtime_minutes'),
  forgottenPunchHours: integer('forgotten_punch_hours').notNull(),
  locationRetentionDays: integer('location_retention_days').notNull(),
  updatedAt: updatedAtColumn(),
});
