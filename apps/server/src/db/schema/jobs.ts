import type {
  JobEventKind,
  JobFrequency,
  JobKind,
  JobLineItem,
  JobStatus,
  JobType,
  PhotoLabel,
} from '@crewdesk/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { users } from './auth.ts';
import { customers } from './customers.ts';
import { employees } from './employees.ts';
import { invoices } from './invoices.ts';
import { requests } from './requests.ts';
import {
  accountIdColumn,
  createdAtColumn,
  historyEntryColumns,
  idColumn,
  ownerIdColumn,
  updatedAtColumn,
  userRefColumn,
} from './columns.ts';

/** What every visit of a series starts from; a 'this and following' edit starts a new series. */
export interface SeriesTemplate {
  kind: JobKind;
  title: string;
  customerId: string | null;
  location: string;
  latitude: number | null;
  longitude: number | null;
  type: JobType;
  priceCents: number;
  notes: string;
  durationMinutes: number;
  assigneeIds: string[];
  lineItems: JobLineItem[];
  checklist: string[];
  requestId: string | null;
}

/** A recurring job (RRULE): its visits are rows of jobs, generated ahead by a background job. */
export const jobSeries = pgTable(
  'job_series',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    frequency: text('frequency').$type<Exclude<JobFrequency, 'one-time'>>().notNull(),
    rrule: text('rrule').notNull(),
    /** The first visit's wall-clock date and time in the business's zone. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    /** The last date a visit may fall on; null while the series runs on. */
    untilDate: date('until_date', { mode: 'string' }),
    /** Dates whose visit was deleted: never generated again. */
    excludedDates: date('excluded_dates', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    template: jsonb('template').$type<SeriesTemplate>().notNull(),
    /** Visits exist up to this date. */
    generatedUntil: date('generated_until', { mode: 'string' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('job_series_account_generated_idx').on(t.accountId, t.generatedUntil)],
);

/** The spec's Job schedule / event: one visit (a job) or a to-do (a task). */
export const jobs = pgTable(
  'jobs',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    kind: text('kind').$type<JobKind>().notNull().default('job'),
    title: text('title').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    location: text('location').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Null: not on the schedule yet. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes').notNull().default(120),
    type: text('type').$type<JobType>().notNull().default('cleaning'),
    priceCents: integer('price_cents').notNull().default(0),
    notes: text('notes').notNull().default(''),
    lineItems: jsonb('line_items').$type<JobLineItem[]>().notNull().default([]),
    status: text('status').$type<JobStatus>().notNull().default('scheduled'),
    onTheWayAt: timestamp('on_the_way_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    seriesId: uuid('series_id').references(() => jobSeries.id, { onDelete: 'set null' }),
    /** The series date this visit was generated for (its identity within the series). */
    occurrenceDate: date('occurrence_date', { mode: 'string' }),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    /** The invoice that bills this visit; cleared when that invoice is voided. */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** Bumped by every change: a drag made on an older version is refused, not applied. */
    version: integer('version').notNull().default(1),
    /**
     * How many rows of job_assignees the visit has: kept by a trigger on job_assignees (every
     * insert and delete, cascades included, in the same transaction), so that the schedule's
     * unplanned list reads the job alone.
     */
    assigneeCount: integer('assignee_count').notNull().default(0),
    createdBy: userRefColumn('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // The schedule and the lists: a date range of one account, soonest first.
    index('jobs_account_kind_starts_idx').on(t.accountId, t.kind, t.startsAt, t.id),
    index('jobs_account_starts_idx').on(t.accountId, t.startsAt),
    // Running the generator twice cannot make a series' visit twice.
    uniqueIndex('jobs_series_occurrence_idx').on(t.seriesId, t.occurrenceDate),
    index('jobs_account_request_idx').on(t.accountId, t.requestId),
    index('jobs_account_customer_idx').on(t.accountId, t.customerId),
    index('jobs_account_invoice_idx').on(t.accountId, t.invoiceId),
    // The schedule's unplanned list (newest first): scheduled visits with no date or nobody on
    // them. Its predicate matches unplannedCondition in jobs.repo.ts.
    index('jobs_account_unplanned_idx')
      .on(t.accountId, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'scheduled' and (${t.startsAt} is null or ${t.assigneeCount} = 0)`),
    check('jobs_assignee_count_not_negative', sql`${t.assigneeCount} >= 0`),
  ],
);

export const jobAssignees = pgTable(
  'job_assignees',
  {
    accountId: accountIdColumn(),
    jobId: ownerIdColumn('job_id', () => jobs.id),
    employeeId: ownerIdColumn('employee_id', () => employees.id),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.employeeId] }),
    index('job_assignees_account_employee_idx').on(t.accountId, t.employeeId, t.jobId),
  ],
);

export const jobChecklistItems = pgTable(
  'job_checklist_items',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    jobId: ownerIdColumn('job_id', () => jobs.id),
    label: text('label').notNull(),
    position: integer('position').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: userRefColumn('done_by'),
  },
  (t) => [index('job_checklist_items_job_idx').on(t.accountId, t.jobId, t.position)],
);

export const jobPhotos = pgTable(
  'job_photos',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    jobId: ownerIdColumn('job_id', () => jobs.id),
    /** The file under DATA_DIR/job-photos. */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    label: text('label').$type<PhotoLabel>(),
    /** The crew marked it to show the client on the visit's proof of service page. */
    shareable: boolean('shareable').notNull().default(false),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploadedBy: userRefColumn('uploaded_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('job_photos_job_idx').on(t.accountId, t.jobId, t.createdAt)],
);

/** The history of a job: every change, status, checklist tick, note and photo. */
export const jobEvents = pgTable(
  'job_events',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    jobId: ownerIdColumn('job_id', () => jobs.id),
    ...historyEntryColumns<JobEventKind>(),
  },
  (t) => [index('job_events_job_idx').on(t.accountId, t.jobId, t.seq)],
);

/** A member's personal iCalendar subscription: the secret token is the only credential. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    accountId: accountIdColumn(),
    userId: ownerIdColumn('user_id', () => users.id),
    token: text('token').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    uniqueIndex('calendar_feeds_token_idx').on(t.token),
  ],
);
