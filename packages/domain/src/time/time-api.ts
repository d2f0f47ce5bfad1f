import { z } from 'zod';
import { FIELD_LIMITS } from '../schemas/field-limits.ts';
import {
  PUNCH_ACTIONS,
  TIME_ENTRY_KINDS,
  TIME_ENTRY_SOURCES,
  TIME_MESSAGES,
  TIMESHEET_ACTIONS,
  TIMESHEET_STATUSES,
  type TimeSettings,
} from './time-rules.ts';

/** The consent text a field worker agrees to before any location is kept (stored with the consent). */
export const LOCATION_CONSENT_TEXT =
  'Record my location when I clock in or out and when I start, finish or head to a visit. Never between punches, never on a break, never off shift. I can see what was recorded and withdraw this at any time.';

const instant = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be a date and time` });
const localDate = (name: string) => z.iso.date(`${name} must be YYYY-MM-DD`);

export const punchLocationSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** Metres, as the device reports it. */
  accuracyMeters: z.number().min(0).max(100_000),
});
export type PunchLocation = z.output<typeof punchLocationSchema>;

/** POST /api/time/punches: one tap, made now or kept on the phone while offline. */
export const punchInputSchema = z.object({
  /** Made by the device for this tap: a retry or a double tap carries the same id. */
  clientId: z.uuid('clientId must be a uuid'),
  action: z.enum(PUNCH_ACTIONS, { error: `action must be one of ${PUNCH_ACTIONS.join(', ')}` }),
  /** The visit a visit timer or "on my way" is for. */
  jobId: z.uuid('jobId must be a visit id').nullable().default(null),
  /** When the tap was made, by the device's clock. */
  at: instant('at'),
  /** The device's clock when it sent the punch: how far off the server's it is. */
  sentAt: instant('sentAt'),
  location: punchLocationSchema.nullable().default(null),
  source: z.enum(['app', 'web']).default('web'),
});
export type PunchInput = z.input<typeof punchInputSchema>;

export const timeEntrySchema = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  kind: z.enum(TIME_ENTRY_KINDS),
  jobId: z.uuid().nullable(),
  jobTitle: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  workDate: z.string(),
  source: z.enum(TIME_ENTRY_SOURCES),
  /** Flags a reviewer looks at. */
  autoClosed: z.boolean(),
  edited: z.boolean(),
  clockOff: z.boolean(),
  locationMissing: z.boolean(),
  /** Only for the roles that see costs: the hourly rate when the entry began, in cents. */
  costRateCents: z.number().int().nullable().optional(),
});
export type TimeEntry = z.output<typeof timeEntrySchema>;

export const timeStatusSchema = z.object({
  employeeId: z.uuid().nullable(),
  running: z.array(timeEntrySchema),
  today: z.array(timeEntrySchema),
  locationConsent: z.object({ given: z.boolean(), at: z.string().nullable(), text: z.string() }),
});
export type TimeStatus = z.output<typeof timeStatusSchema>;

export const punchResultSchema = z.object({
  status: timeStatusSchema,
  locationStored: z.boolean(),
  /** True when this clientId had been punched already: nothing new was made. */
  replayed: z.boolean(),
});
export type PunchResult = z.output<typeof punchResultSchema>;

/** GET /api/time/entries: one person's (or everyone's) entries between two local dates. */
export const timeEntriesQuerySchema = z.object({
  employeeId: z.uuid('employeeId must be a team member id').optional(),
  from: localDate('from'),
  to: localDate('to'),
});

export const timeEntryListSchema = z.object({ items: z.array(timeEntrySchema) });

const reason = z
  .string()
  .trim()
  .min(1, TIME_MESSAGES.reasonRequired)
  .max(
    FIELD_LIMITS.text.longText,
    `A reason can be at most ${FIELD_LIMITS.text.longText} characters.`,
  );

/** Whether an entry's end (none while it runs) comes after its start. */
function endsAfterStart(times: { startedAt: string; endedAt: string | null }): boolean {
  return times.endedAt === null || Date.parse(times.endedAt) > Date.parse(times.startedAt);
}
const END_AFTER_START = { message: TIME_MESSAGES.endBeforeStart, path: ['endedAt'] };

/** PATCH /api/time/entries/:id: new times and why; the original stays in the entry's trail. */
export const timeEntryEditSchema = z
  .object({
    startedAt: instant('startedAt'),
    endedAt: instant('endedAt').nullable(),
    reason,
  })
  .refine(endsAfterStart, END_AFTER_START);

/** POST /api/time/entries: a manager adds time someone forgot to punch. */
export const timeEntryCreateSchema = z
  .object({
    employeeId: z.uuid('employeeId must be a team member id'),
    kind: z.enum(['shift', 'break']),
    startedAt: instant('startedAt'),
    endedAt: instant('endedAt'),
    reason,
  })
  .refine(endsAfterStart, END_AFTER_START);
export type TimeEntryCreate = z.output<typeof timeEntryCreateSchema>;

export const timeEntryChangeSchema = z.object({
  at: z.string(),
  byName: z.string().nullable(),
  reason: z.string(),
  before: z.object({ startedAt: z.string().nullable(), endedAt: z.string().nullable() }),
  after: z.object({ startedAt: z.string().nullable(), endedAt: z.string().nullable() }),
});
export const timeEntryTrailSchema = z.object({ items: z.array(timeEntryChangeSchema) });

/** GET /api/time/timesheets?week=…: the team's week as a grid. */
export const timesheetWeekQuerySchema = z.object({ week: localDate('week') });

export const timesheetRowSchema = z.object({
  employeeId: z.uuid(),
  employeeName: z.string(),
  status: z.enum(TIMESHEET_STATUSES),
  days: z.array(
    z.object({ date: z.string(), workedMinutes: z.number(), breakMinutes: z.number() }),
  ),
  workedMinutes: z.number(),
  regularMinutes: z.number(),
  overtimeMinutes: z.number(),
  breakMinutes: z.number(),
  flags: z.object({
    forgottenPunch: z.number().int(),
    edited: z.number().int(),
    locationMissing: z.number().int(),
    running: z.number().int(),
  }),
  labourCostCents: z.number().int().nullable().optional(),
});
export type TimesheetRow = z.output<typeof timesheetRowSchema>;

export const timesheetWeekSchema = z.object({
  weekStart: z.string(),
  dates: z.array(z.string()),
  rows: z.array(timesheetRowSchema),
});
export type TimesheetWeek = z.output<typeof timesheetWeekSchema>;

/** POST /api/time/timesheets/actions */
export const timesheetActionSchema = z.object({
  employeeId: z.uuid('employeeId must be a team member id'),
  weekStart: localDate('weekStart'),
  action: z.enum(TIMESHEET_ACTIONS, {
    error: `action must be one of ${TIMESHEET_ACTIONS.join(', ')}`,
  }),
});

/** PUT /api/time/consent */
export const locationConsentInputSchema = z.object({
  given: z.boolean('given must be true or false'),
});

export const myLocationsSchema = z.object({
  retentionDays: z.number().int(),
  items: z.array(
    z.object({
      entryId: z.uuid(),
      kind: z.enum(TIME_ENTRY_KINDS),
      punch: z.enum(['start', 'end']),
      at: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      accuracyMeters: z.number(),
    }),
  ),
});

/** GET /api/time/payroll.csv */
export const payrollQuerySchema = z.object({ from: localDate('from'), to: localDate('to') });

/** POST /api/time/corrections: a person asks for their time to change (or to be added). */
export const timeCorrectionInputSchema = z
  .object({
    /** The entry to change; none for a shift that was never punched. */
    entryId: z.uuid('entryId must be a time entry id').nullable().default(null),
    startedAt: instant('startedAt'),
    endedAt: instant('endedAt'),
    reason,
  })
  .refine(endsAfterStart, END_AFTER_START);

export const TIME_CORRECTION_STATUSES = ['pending', 'approved', 'refused'] as const;

export const timeCorrectionSchema = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  employeeName: z.string().max(FIELD_LIMITS.text.fullName),
  entryId: z.uuid().nullable(),
  startedAt: z.string().max(40),
  endedAt: z.string().max(40),
  reason: z.string().max(FIELD_LIMITS.text.longText),
  status: z.enum(TIME_CORRECTION_STATUSES),
  note: z.string().max(FIELD_LIMITS.text.longText).nullable(),
  createdAt: z.string().max(40),
});
export type TimeCorrection = z.output<typeof timeCorrectionSchema>;

export const timeCorrectionListSchema = z.object({
  items: z.array(timeCorrectionSchema).max(200),
});

export const timeCorrectionsQuerySchema = z.object({
  status: z.enum(TIME_CORRECTION_STATUSES).default('pending'),
});

/** POST /api/time/corrections/:id/decision */
export const timeCorrectionDecisionSchema = z.object({
  approve: z.boolean('approve must be true or false'),
  note: z
    .string()
    .trim()
    .max(
      FIELD_LIMITS.text.longText,
      `A note can be at most ${FIELD_LIMITS.text.longText} characters.`,
    )
    .nullable()
    .default(null),
});

/**
 * GET /api/time/costing/:jobId: a visit's labour, estimated against actual (for the roles that
 * see the Business Summary). The estimate is the quote calculator's when the visit came from a
 * request; otherwise the visit's planned length for each assignee at the calculator's labour
 * rate.
 */
export const jobCostingSchema = z.object({
  jobId: z.uuid(),
  priceCents: z.number().int(),
  estimate: z.object({
    source: z.enum(['calculator', 'planned']),
    minutes: z.number().int(),
    labourCostCents: z.number().int(),
    toolsCostCents: z.number().int(),
  }),
  actual: z.object({
    minutes: z.number().int(),
    labourCostCents: z.number().int(),
    /** Timed minutes with no pay rate recorded: not in the labour cost. */
    unratedMinutes: z.number().int(),
    /**
     * The consumables the visit's materials recorded (inventory), at the cost each kept. Shown
     * beside the margin, which still counts the estimate's tools.
     */
    materialCostCents: z.number().int(),
    people: z
      .array(
        z.object({
          employeeId: z.uuid(),
          name: z.string().max(FIELD_LIMITS.text.fullName),
          minutes: z.number().int(),
          labourCostCents: z.number().int(),
        }),
      )
      .max(100),
  }),
  /** The price less the actual labour and the estimate's tools. */
  marginCents: z.number().int(),
  marginPercent: z.number(),
});
export type JobCosting = z.output<typeof jobCostingSchema>;

/** GET/PUT /api/time/settings: the business's time rules (hours and days, as people say them). */
export const timeSettingsSchema = z.object({
  weekStartsOn: z
    .number('weekStartsOn must be a day of the week (0 = Sunday … 6 = Saturday)')
    .int()
    .min(0, 'weekStartsOn must be between 0 (Sunday) and 6 (Saturday)')
    .max(6, 'weekStartsOn must be between 0 (Sunday) and 6 (Saturday)'),
  weeklyOvertimeHours: z
    .number('weeklyOvertimeHours must be a number')
    .min(1, 'Weekly overtime starts after 1 to 168 hours.')
    .max(168, 'Weekly overtime starts after 1 to 168 hours.'),
  dailyOvertimeHours: z
    .number('dailyOvertimeHours must be a number')
    .min(1, 'Daily overtime starts after 1 to 24 hours.')
    .max(24, 'Daily overtime starts after 1 to 24 hours.')
    .nullable(),
  forgottenPunchHours: z
    .number('forgottenPunchHours must be a number')
    .int()
    .min(1, 'A timer is stopped after 1 to 24 hours.')
    .max(24, 'A timer is stopped after 1 to 24 hours.'),
  locationRetentionDays: z
    .number('locationRetentionDays must be a number')
    .int()
    .min(1, 'Locations are kept 1 to 3650 days.')
    .max(3650, 'Locations are kept 1 to 3650 days.'),
});
export type TimeSettingsInput = z.output<typeof timeSettingsSchema>;

/** The rules in the units the API speaks, from the domain's (minutes). */
export function timeSettingsOf(settings: TimeSettings): TimeSettingsInput {
  return {
    weekStartsOn: settings.weekStartsOn,
    weeklyOvertimeHours: settings.weeklyOvertimeMinutes / 60,
    dailyOvertimeHours:
      settings.dailyOvertimeMinutes === null ? null : settings.dailyOvertimeMinutes / 60,
    forgottenPunchHours: settings.forgottenPunchHours,
    locationRetentionDays: settings.locationRetentionDays,
  };
}

/** The domain's rules (minutes) from what the API took. */
export function timeSettingsFrom(input: TimeSettingsInput): TimeSettings {
  return {
    weekStartsOn: input.weekStartsOn,
    weeklyOvertimeMinutes: Math.round(input.weeklyOvertimeHours * 60),
    dailyOvertimeMinutes:
      input.dailyOvertimeHours === null ? null : Math.round(input.dailyOvertimeHours * 60),
    forgottenPunchHours: input.forgottenPunchHours,
    locationRetentionDays: input.locationRetentionDays,
  };
}
