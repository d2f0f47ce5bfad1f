import { z } from 'zod';
import { JOB_FREQUENCIES, JOB_TYPES } from '../schedule/recurrence.ts';
import { isLocalDateTime } from '../schedule/zoned-time.ts';
import { emptyAsUndefined, requiredText } from '../schemas/api-fields.ts';
import {
  FIELD_LIMITS,
  outOfRangeMessage,
  tooLargeMessage,
  tooLongMessage,
  tooManyMessage,
} from '../schemas/field-limits.ts';
import { REQUIRED_MESSAGE } from '../schemas/required-message.ts';
import {
  DEFAULT_VISIT_MINUTES,
  JOB_EVENT_KINDS,
  JOB_KINDS,
  JOB_STATUSES,
  PHOTO_LABELS,
} from './jobs.ts';

/** A wall-clock time in the business's zone, 'YYYY-MM-DDTHH:mm:00' (combineDateAndTime). */
export const localDateTimeSchema = z
  .string()
  .max(19, 'Must be a date and time like 2026-05-04T09:00:00')
  .refine(isLocalDateTime, 'Must be a date and time like 2026-05-04T09:00:00');

const T = FIELD_LIMITS.text;
const R = FIELD_LIMITS.range;
const N = FIELD_LIMITS.items;

export const JOB_PRICE_MAX_CENTS = R.moneyCents.max;
export const JOB_PRICE_MESSAGE = 'Enter a price of $0 or more.';

export const jobLineItemSchema = z.object({
  description: requiredText('Description', T.label),
  quantity: z
    .number()
    .positive('Quantity must be more than 0')
    .max(R.quantity.max, tooLargeMessage('Quantity', R.quantity.max)),
  unitPriceCents: z
    .number()
    .int()
    .min(0, 'Unit price cannot be negative')
    .max(JOB_PRICE_MAX_CENTS, 'Unit price can be at most $1,000,000.00'),
});
export type JobLineItem = z.output<typeof jobLineItemSchema>;

/**
 * POST /api/jobs and PUT /api/jobs/:id: the job schedule dialog (spec section 2) plus what the
 * detail page edits. startsAt null leaves a job unscheduled (the schedule's side list). A job
 * needs a location; a task does not.
 */
export const jobInputSchema = z
  .object({
    kind: z.enum(JOB_KINDS).default('job'),
    title: requiredText('Title', T.title),
    customerId: z.uuid('customerId must be a contact id').nullable().default(null),
    location: z
      .string()
      .trim()
      .max(T.multilineAddress, tooLongMessage('Location', T.multilineAddress))
      .default(''),
    latitude: z
      .number()
      .min(R.latitude.min, outOfRangeMessage('Latitude', R.latitude))
      .max(R.latitude.max, outOfRangeMessage('Latitude', R.latitude))
      .nullable()
      .default(null),
    longitude: z
      .number()
      .min(R.longitude.min, outOfRangeMessage('Longitude', R.longitude))
      .max(R.longitude.max, outOfRangeMessage('Longitude', R.longitude))
      .nullable()
      .default(null),
    /** Employee ids; empty is 'Unassigned'. */
    assigneeIds: z
      .array(z.uuid('assigneeIds must be team member ids'))
      .max(N.assignees, tooManyMessage('Assignees', N.assignees))
      .default([]),
    startsAt: localDateTimeSchema.nullable().default(null),
    durationMinutes: z
      .number()
      .int('Duration must be whole minutes')
      .min(15, 'Duration must be between 15 and 1,440 minutes')
      .max(24 * 60, 'Duration must be between 15 and 1,440 minutes')
      .default(DEFAULT_VISIT_MINUTES),
    type: z.enum(JOB_TYPES).default('cleaning'),
    priceCents: z
      .number({ error: JOB_PRICE_MESSAGE })
      .int()
      .min(0, { error: JOB_PRICE_MESSAGE })
      .max(JOB_PRICE_MAX_CENTS, 'Price can be at most $1,000,000.00')
      .default(0),
    frequency: z.enum(JOB_FREQUENCIES).default('one-time'),
    notes: z.string().trim().max(T.notes, tooLongMessage('Notes', T.notes)).default(''),
    lineItems: z
      .array(jobLineItemSchema)
      .max(N.lineItems, tooManyMessage('Line items', N.lineItems))
      .default([]),
    /** New checklist items (labels); on update, the checklist is edited through its own calls. */
    checklist: z
      .array(requiredText('A checklist item', T.label))
      .max(N.checklist, tooManyMessage('The checklist', N.checklist))
      .default([]),
  })
  .superRefine((job, ctx) => {
    if (job.kind === 'job' && job.location === '')
      ctx.addIssue({ code: 'custom', path: ['location'], message: REQUIRED_MESSAGE });
    if (job.frequency !== 'one-time' && job.startsAt === null)
      ctx.addIssue({
        code: 'custom',
        path: ['startsAt'],
        message: 'A recurring job needs a first date and time.',
      });
  });
export type JobInput = z.output<typeof jobInputSchema>;
export type JobInputBody = z.input<typeof jobInputSchema>;

/** Which visits of a series an edit applies to (PUT /api/jobs/:id?scope=…). */
export const SERIES_SCOPES = ['this', 'following'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];
export const seriesScopeQuerySchema = z.object({
  scope: z.preprocess(emptyAsUndefined, z.enum(SERIES_SCOPES).default('this')),
});

export const jobStatusChangeSchema = z.object({ status: z.enum(JOB_STATUSES) });

export const checklistItemInputSchema = z.object({
  label: requiredText('A checklist item', T.label),
});
export const checklistItemUpdateSchema = z.object({ done: z.boolean() });
export const jobNoteInputSchema = z.object({ text: requiredText('A note', T.notes) });
export const photoLabelQuerySchema = z.object({
  label: z.preprocess(emptyAsUndefined, z.enum(PHOTO_LABELS).optional()),
});

/**
 * PATCH /api/jobs/:id/schedule: a drag on the calendar. `fromAssigneeId` is the lane it was
 * dragged from (null: unassigned), `toAssigneeId` the lane it was dropped on; `version` is the
 * one the client saw, so a visit changed meanwhile is refused (409), not overwritten.
 */
export const moveVisitSchema = z.object({
  startsAt: localDateTimeSchema.nullable(),
  fromAssigneeId: z.uuid().nullable().optional(),
  toAssigneeId: z.uuid().nullable().optional(),
  version: z.number().int().min(R.version.min).max(R.version.max),
});
export type MoveVisitInput = z.output<typeof moveVisitSchema>;

export const jobPersonSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  userId: z.string().nullable(),
});
export type JobPerson = z.output<typeof jobPersonSchema>;

export const jobCustomerSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
});

export const checklistItemSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  done: z.boolean(),
  doneAt: z.string().nullable(),
});
export type ChecklistItem = z.output<typeof checklistItemSchema>;

export const jobPhotoSchema = z.object({
  id: z.uuid(),
  /** GET it with the session cookie. */
  url: z.string(),
  label: z.enum(PHOTO_LABELS).nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** Shown to the client on the visit's proof of service page (the crew marks it). */
  shareable: z.boolean(),
  createdAt: z.string(),
});
export type JobPhoto = z.output<typeof jobPhotoSchema>;

export const jobEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(JOB_EVENT_KINDS),
  detail: z.record(z.string(), z.unknown()).nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type JobEvent = z.output<typeof jobEventSchema>;

/** One visit as lists, the schedule and the map draw it. */
export const visitSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(JOB_KINDS),
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  type: z.enum(JOB_TYPES),
  /** ISO instant, or null when unscheduled. */
  startsAt: z.string().nullable(),
  /** The same as the business's wall clock, 'YYYY-MM-DDTHH:mm:00'. */
  localStartsAt: z.string().nullable(),
  durationMinutes: z.number().int(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  location: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  assignees: z.array(jobPersonSchema),
  priceCents: z.number().int(),
  recurring: z.boolean(),
  frequency: z.enum(JOB_FREQUENCIES),
  seriesId: z.uuid().nullable(),
  version: z.number().int(),
});
export type VisitSummary = z.output<typeof visitSummarySchema>;

export const jobDetailSchema = visitSummarySchema.extend({
  customer: jobCustomerSchema.nullable(),
  /** The dialog's own fields in the business's zone: 'YYYY-MM-DD' and '9:00 AM'. */
  date: z.string().nullable(),
  time: z.string().nullable(),
  notes: z.string(),
  lineItems: z.array(jobLineItemSchema),
  checklist: z.array(checklistItemSchema),
  photos: z.array(jobPhotoSchema),
  onTheWayAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  timeOnSiteMinutes: z.number().int().nullable(),
  series: z
    .object({ id: z.uuid(), rrule: z.string(), untilDate: z.string().nullable() })
    .nullable(),
  request: z
    .object({
      id: z.uuid(),
      title: z.string(),
      type: z.string().nullable(),
      amountCents: z.number().int(),
    })
    .nullable(),
  /** The live invoice that bills this job; null until it is invoiced (or after a void). */
  invoiceId: z.uuid().nullable(),
  history: z.array(jobEventSchema),
  /** Plan and edit everything (dispatchers). */
  canEdit: z.boolean(),
  /** Status, checklist, photos and notes (dispatchers and the visit's assignees). */
  canWork: z.boolean(),
  timeZone: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobDetail = z.output<typeof jobDetailSchema>;

export const JOB_LIST_DEFAULT_LIMIT = 25;
export const JOB_LIST_MAX_LIMIT = 100;

/** GET /api/jobs: kind, filters, search and keyset pages (soonest first; unscheduled last). */
export const jobListQuerySchema = z.object({
  kind: z.preprocess(emptyAsUndefined, z.enum(JOB_KINDS).default('job')),
  status: z.preprocess(emptyAsUndefined, z.enum(JOB_STATUSES).optional()),
  /** An employee id, or 'unassigned'. */
  assigneeId: z.preprocess(
    emptyAsUndefined,
    z.union([z.literal('unassigned'), z.uuid('assigneeId must be a team member id')]).optional(),
  ),
  /** soonest: earliest first, unscheduled last (the jobs list); latest: the newest first. */
  order: z.preprocess(emptyAsUndefined, z.enum(['soonest', 'latest']).default('soonest')),
  /** One contact's visits (the contact's page). */
  customerId: z.preprocess(emptyAsUndefined, z.uuid('customerId must be a contact id').optional()),
  type: z.preprocess(emptyAsUndefined, z.enum(JOB_TYPES).optional()),
  /** Local dates in the business's zone, inclusive. */
  from: z.preprocess(emptyAsUndefined, z.iso.date('from must be YYYY-MM-DD').optional()),
  to: z.preprocess(emptyAsUndefined, z.iso.date('to must be YYYY-MM-DD').optional()),
  q: z.preprocess(
    emptyAsUndefined,
    z.string().trim().max(100, 'Search can be at most 100 characters.').optional(),
  ),
  limit: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number('limit must be a number')
      .int()
      .min(1)
      .max(JOB_LIST_MAX_LIMIT, `limit must be between 1 and ${JOB_LIST_MAX_LIMIT}`)
      .default(JOB_LIST_DEFAULT_LIMIT),
  ),
  cursor: z.preprocess(emptyAsUndefined, z.string().max(500).optional()),
});
export type JobListQuery = z.output<typeof jobListQuerySchema>;

/**
 * The jobs list counts exactly up to here; above it the total is a lower bound (totalCapped) and
 * the list says "1000+ jobs". A business piles up jobs week after week, and nobody pages through a
 * thousand of them: a count that stops here costs the same in a business of 1,000 jobs and in one
 * of 100,000 (issue 17's flat lists), where 10,000 cost ten times as much as the page itself.
 */
export const JOB_COUNT_CAP = 1_000;

export const jobListResponseSchema = z.object({
  items: z.array(visitSummarySchema),
  nextCursor: z.string().nullable(),
  /** Exact up to JOB_COUNT_CAP; when totalCapped is true there are more than total. */
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type JobListResponse = z.output<typeof jobListResponseSchema>;

export const SCHEDULE_MAX_DAYS = 42;
/** The most visits one schedule range answers with (a month of a busy business fits). */
export const SCHEDULE_MAX_VISITS = 5000;

/** GET /api/schedule: the visits of a date range (a day, week or month view). */
export const scheduleQuerySchema = z
  .object({
    from: z.iso.date('from must be YYYY-MM-DD'),
    to: z.iso.date('to must be YYYY-MM-DD'),
    assigneeId: z.preprocess(emptyAsUndefined, z.uuid().optional()),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < SCHEDULE_MAX_DAYS, {
    message: `A schedule range can be at most ${SCHEDULE_MAX_DAYS} days.`,
    path: ['to'],
  });
export type ScheduleQuery = z.output<typeof scheduleQuerySchema>;

export const scheduleResponseSchema = z.object({
  timeZone: z.string(),
  visits: z.array(visitSummarySchema),
  /** True when the range holds more than visitLimit visits: visits are its first visitLimit. */
  truncated: z.boolean(),
  visitLimit: z.number().int(),
  /** Open jobs with no date or no assignee, to drag onto the calendar (the newest 100). */
  unplanned: z.array(visitSummarySchema),
  /** The lanes of the team view: active team members (a team_member gets only themself). */
  members: z.array(jobPersonSchema),
});
export type ScheduleResponse = z.output<typeof scheduleResponseSchema>;

/** GET /api/my-visits: the signed-in member's visits of today, in order. */
export const myVisitsResponseSchema = z.object({
  timeZone: z.string(),
  date: z.string(),
  visits: z.array(visitSummarySchema),
});
export type MyVisitsResponse = z.output<typeof myVisitsResponseSchema>;

export const calendarFeedSchema = z.object({ url: z.string().nullable() });
export type CalendarFeed = z.output<typeof calendarFeedSchema>;

/** GET /api/map?date=&assigneeId= */
export const mapQuerySchema = z.object({
  date: z.iso.date('date must be YYYY-MM-DD'),
  assigneeId: z.preprocess(emptyAsUndefined, z.uuid().optional()),
});

export const mapCustomerPinSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});

export const mapStartSchema = z.object({
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

export const mapResponseSchema = z.object({
  visits: z.array(visitSummarySchema),
  /** Customers with a known position (at most 1,000). */
  customers: z.array(mapCustomerPinSchema),
  /** The business address's position, when known: where a day's route starts. */
  start: mapStartSchema.nullable(),
  /** The tile server URL template; null shows the map without tiles. */
  tileUrl: z.string().nullable(),
  tileAttribution: z.string().nullable(),
});
export type MapResponse = z.output<typeof mapResponseSchema>;

/** GET /api/map-tiles: where maps get their tiles (any signed-in member; null: no tiles). */
export const mapTilesSchema = z.object({
  tileUrl: z.string().nullable(),
  tileAttribution: z.string().nullable(),
});
export type MapTiles = z.output<typeof mapTilesSchema>;

/** POST /api/map/route: a member's day in a suggested order. */
export const routeQuerySchema = z.object({
  date: z.iso.date('date must be YYYY-MM-DD'),
  assigneeId: z.uuid('Choose a team member.'),
});
export const routeSuggestionSchema = z.object({
  start: mapStartSchema.nullable(),
  /** Visit ids in the suggested order (visits without a position are left out). */
  order: z.array(z.uuid()),
  totalKm: z.number(),
  /** Visits of the day that have no position. */
  skipped: z.array(z.uuid()),
});
export type RouteSuggestion = z.output<typeof routeSuggestionSchema>;

/** POST /api/map/route/apply: keeps the day's first start time and lays the visits end to end. */
export const applyRouteSchema = routeQuerySchema.extend({
  order: z.array(z.uuid()).min(1).max(N.routeStops, tooManyMessage('A route', N.routeStops)),
});
