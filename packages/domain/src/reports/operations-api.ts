import { z } from 'zod';
import { JOB_STATUSES } from '../jobs/jobs.ts';
import { JOB_TYPES } from '../schedule/recurrence.ts';
import { SALES_STAGES } from '../sales/sales-rules.ts';
import { emptyAsUndefined } from '../schemas/api-fields.ts';
import { figureDefinitionSchema, screenLinkSchema } from './report-api.ts';
import {
  QUOTE_CATEGORIES,
  QUOTE_FIGURES,
  REPORT_GROUPINGS,
  REVENUE_AHEAD_WINDOWS,
  reportRangeProblem,
} from './report-rules.ts';

// The reports of issue 23 beyond revenue and receivables: quote conversion, jobs, revenue
// ahead, and the sales person's home. Same shapes as the revenue report: a row per period
// (the chart's bars, zeros included), breakdowns, totals, definitions, links to the rows.

const count = z.number().int();
const cents = z.number().int();

const rowsLimit = z.preprocess(
  emptyAsUndefined,
  z.coerce
    .number('limit must be a number')
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 500')
    .max(500, 'limit must be between 1 and 500')
    .default(100),
);

const rangeFields = {
  from: z.iso.date('from must be YYYY-MM-DD'),
  to: z.iso.date('to must be YYYY-MM-DD'),
};

/** A rows query's range: the same limits as the report's (five years at most, from ≤ to). */
function checkRange(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  const problem = reportRangeProblem(q.from, q.to, 'month');
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
}

const periodFields = { period: z.string(), from: z.string(), to: z.string() };

// ---------------------------------------------------------------------------------------------
// Quote conversion

export const quoteCountsSchema = z.object({
  sent: count,
  viewed: count,
  accepted: count,
  declined: count,
  expired: count,
  /** The amounts of those sent and of those accepted. */
  sentCents: cents,
  acceptedCents: cents,
  /** Median days from sending to an answer, one decimal; null when none was answered. */
  medianDaysToAnswer: z.number().nullable(),
});
export type QuoteCounts = z.infer<typeof quoteCountsSchema>;

export const quoteConversionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_GROUPINGS),
  timeZone: z.string(),
  rows: z.array(quoteCountsSchema.extend({ ...periodFields, link: screenLinkSchema })),
  byCategory: z.array(
    quoteCountsSchema.extend({ category: z.enum(QUOTE_CATEGORIES), link: screenLinkSchema }),
  ),
  /** By the person who made the request; null: the public request form or a removed user. */
  bySalesPerson: z.array(
    quoteCountsSchema.extend({
      userId: z.string().nullable(),
      name: z.string(),
      link: screenLinkSchema,
    }),
  ),
  totals: quoteCountsSchema,
  definitions: z.array(figureDefinitionSchema),
});
export type QuoteConversionReport = z.infer<typeof quoteConversionReportSchema>;

/** GET /api/reports/quotes/rows: the requests behind a quote figure of a range. */
export const quoteRowsQuerySchema = z
  .object({
    ...rangeFields,
    figure: z.enum(QUOTE_FIGURES, { error: `figure must be one of ${QUOTE_FIGURES.join(', ')}` }),
    category: z.preprocess(
      emptyAsUndefined,
      z
        .enum(QUOTE_CATEGORIES, {
          error: `category must be one of ${QUOTE_CATEGORIES.join(', ')}`,
        })
        .optional(),
    ),
    /** The person who made the requests, or 'none' for those from the public request form. */
    userId: z.preprocess(
      emptyAsUndefined,
      z
        .union([z.literal('none'), z.uuid('userId must be a member id or none')], {
          error: 'userId must be a member id or none',
        })
        .optional(),
    ),
    limit: rowsLimit,
  })
  .superRefine(checkRange);
export type QuoteRowsQuery = z.output<typeof quoteRowsQuerySchema>;

export const quoteRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  clientName: z.string(),
  category: z.enum(QUOTE_CATEGORIES),
  /** The business's date it was (last) sent. */
  sentOn: z.string(),
  status: z.string(),
  amountCents: cents,
  salesPersonName: z.string(),
  link: screenLinkSchema,
});

export const quoteRowsSchema = z.object({ rows: z.array(quoteRowSchema), truncated: z.boolean() });
export type QuoteRows = z.infer<typeof quoteRowsSchema>;

// ---------------------------------------------------------------------------------------------
// Jobs

export const jobCountsSchema = z.object({
  visits: count,
  scheduled: count,
  onTheWay: count,
  inProgress: count,
  completed: count,
  cancelled: count,
  onTime: count,
  /** The price of the completed visits. */
  completedCents: cents,
});
export type JobCounts = z.infer<typeof jobCountsSchema>;

export const jobsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_GROUPINGS),
  timeZone: z.string(),
  rows: z.array(jobCountsSchema.extend({ ...periodFields, link: screenLinkSchema })),
  byType: z.array(jobCountsSchema.extend({ type: z.enum(JOB_TYPES), link: screenLinkSchema })),
  /** A visit counts once for each person on it; unassigned visits are in no member's row. */
  byMember: z.array(
    jobCountsSchema.extend({ employeeId: z.uuid(), name: z.string(), link: screenLinkSchema }),
  ),
  totals: jobCountsSchema,
  definitions: z.array(figureDefinitionSchema),
});
export type JobsReport = z.infer<typeof jobsReportSchema>;

const booleanFlag = z.preprocess(
  emptyAsUndefined,
  z.enum(['true', 'false'], { error: 'onTime must be true or false' }).optional(),
);

/** GET /api/reports/jobs/rows: the visits behind a jobs figure. */
export const jobRowsQuerySchema = z
  .object({
    ...rangeFields,
    type: z.preprocess(
      emptyAsUndefined,
      z.enum(JOB_TYPES, { error: `type must be one of ${JOB_TYPES.join(', ')}` }).optional(),
    ),
    status: z.preprocess(
      emptyAsUndefined,
      z
        .enum(JOB_STATUSES, { error: `status must be one of ${JOB_STATUSES.join(', ')}` })
        .optional(),
    ),
    employeeId: z.preprocess(
      emptyAsUndefined,
      z.uuid('employeeId must be a team member id').optional(),
    ),
    onTime: booleanFlag,
    limit: rowsLimit,
  })
  .superRefine(checkRange);
export type JobRowsQuery = z.output<typeof jobRowsQuerySchema>;

export const jobRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  clientName: z.string(),
  /** The business's date of the start, and the instant. */
  date: z.string(),
  startsAt: z.string(),
  type: z.enum(JOB_TYPES),
  status: z.enum(JOB_STATUSES),
  priceCents: cents,
  onTime: z.boolean(),
  link: screenLinkSchema,
});

export const jobRowsSchema = z.object({ rows: z.array(jobRowSchema), truncated: z.boolean() });
export type JobRows = z.infer<typeof jobRowsSchema>;

// ---------------------------------------------------------------------------------------------
// Revenue ahead

export const revenueAheadWindowSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  visitCount: count,
  totalCents: cents,
  /** Visits of a recurring series, and the others. */
  recurringCents: cents,
  oneTimeCents: cents,
  link: screenLinkSchema,
});

/** GET /api/reports/revenue-ahead: what the schedule will bring, beside what is owed. */
export const revenueAheadReportSchema = z.object({
  today: z.string(),
  timeZone: z.string(),
  windows: z.array(revenueAheadWindowSchema),
  owed: z.object({
    totalCents: cents,
    overdueCents: cents,
    invoiceCount: count,
    link: screenLinkSchema,
  }),
  definitions: z.array(figureDefinitionSchema),
});
export type RevenueAheadReport = z.infer<typeof revenueAheadReportSchema>;

export const revenueAheadRowsQuerySchema = z.object({
  days: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number('days must be 30 or 90')
      .int('days must be 30 or 90')
      .min(30, 'days must be 30 or 90')
      .max(90, 'days must be 30 or 90')
      .refine((d) => (REVENUE_AHEAD_WINDOWS as readonly number[]).includes(d), {
        message: 'days must be 30 or 90',
      })
      .default(30),
  ),
  limit: rowsLimit,
});
export type RevenueAheadRowsQuery = z.output<typeof revenueAheadRowsQuerySchema>;

export const revenueAheadRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  clientName: z.string(),
  date: z.string(),
  startsAt: z.string(),
  priceCents: cents,
  recurring: z.boolean(),
  link: screenLinkSchema,
});

export const revenueAheadRowsSchema = z.object({
  rows: z.array(revenueAheadRowSchema),
  truncated: z.boolean(),
});
export type RevenueAheadRows = z.infer<typeof revenueAheadRowsSchema>;

// ---------------------------------------------------------------------------------------------
// The sales person's home

export const MY_PIPELINE_FOLLOW_UPS_SHOWN = 10;

/** GET /api/home/my-pipeline: the signed-in person's open opportunities and follow-ups due. */
export const homeMyPipelineSchema = z.object({
  today: z.string(),
  timeZone: z.string(),
  stages: z.array(
    z.object({
      stage: z.enum(SALES_STAGES),
      count,
      totalCents: cents,
      link: screenLinkSchema,
    }),
  ),
  open: z.object({ count, totalCents: cents, link: screenLinkSchema }),
  followUps: z.object({
    dueToday: z.object({ count, link: screenLinkSchema }),
    overdue: z.object({ count, link: screenLinkSchema }),
    /** The first ones due, most overdue first. */
    next: z.array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        stage: z.enum(SALES_STAGES),
        followUpOn: z.string(),
        overdue: z.boolean(),
        valueCents: cents,
        link: screenLinkSchema,
      }),
    ),
  }),
  definitions: z.array(figureDefinitionSchema),
});
export type HomeMyPipeline = z.infer<typeof homeMyPipelineSchema>;

// ---------------------------------------------------------------------------------------------
// Team hours

const minutes = z.number().int();

export const teamMinutesSchema = z.object({
  /** Shift time less breaks (paid time). */
  workedMinutes: minutes,
  regularMinutes: minutes,
  overtimeMinutes: minutes,
  /** What the worked time was spent on: visit timers, travel timers, the rest of the shift. */
  visitMinutes: minutes,
  travelMinutes: minutes,
  otherMinutes: minutes,
  breakMinutes: minutes,
});

/** GET /api/reports/team-hours: each person's time, split regular/overtime and by what it was. */
export const teamHoursReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_GROUPINGS),
  timeZone: z.string(),
  /** The business's overtime rule the split used. */
  overtime: z.object({
    weeklyMinutes: minutes,
    dailyMinutes: minutes.nullable(),
    weekStartsOn: z.number().int(),
  }),
  rows: z.array(teamMinutesSchema.extend({ ...periodFields, link: screenLinkSchema })),
  byPerson: z.array(
    teamMinutesSchema.extend({ employeeId: z.uuid(), name: z.string(), link: screenLinkSchema }),
  ),
  totals: teamMinutesSchema,
  definitions: z.array(figureDefinitionSchema),
});
export type TeamHoursReport = z.infer<typeof teamHoursReportSchema>;

export const TEAM_HOURS_ROW_KINDS = ['shift', 'break', 'visit', 'travel'] as const;

/** GET /api/reports/team-hours/rows: the time entries behind a person's (or everyone's) figure. */
export const teamHoursRowsQuerySchema = z
  .object({
    ...rangeFields,
    employeeId: z.preprocess(
      emptyAsUndefined,
      z.uuid('employeeId must be a team member id').optional(),
    ),
    kind: z.preprocess(
      emptyAsUndefined,
      z
        .enum(TEAM_HOURS_ROW_KINDS, {
          error: `kind must be one of ${TEAM_HOURS_ROW_KINDS.join(', ')}`,
        })
        .optional(),
    ),
    limit: rowsLimit,
  })
  .superRefine(checkRange);
export type TeamHoursRowsQuery = z.output<typeof teamHoursRowsQuerySchema>;

export const teamHoursRowSchema = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  name: z.string(),
  kind: z.enum(TEAM_HOURS_ROW_KINDS),
  workDate: z.string(),
  startedAt: z.string(),
  /** Null while the timer runs (its minutes count up to now). */
  endedAt: z.string().nullable(),
  minutes: minutes,
  jobId: z.uuid().nullable(),
  link: screenLinkSchema,
});

export const teamHoursRowsSchema = z.object({
  rows: z.array(teamHoursRowSchema),
  truncated: z.boolean(),
});
export type TeamHoursRows = z.infer<typeof teamHoursRowsSchema>;

// ---------------------------------------------------------------------------------------------
// Margin

export const marginFiguresSchema = z.object({
  visits: count,
  priceCents: cents,
  /** Timed visit minutes at each entry's cost rate; minutes with no rate cost nothing here. */
  labourMinutes: minutes,
  labourCents: cents,
  unratedMinutes: minutes,
  /** Materials recorded as used on the visits (inventory), at their unit cost. */
  materialsCents: cents,
  marginCents: cents,
  /** One decimal; null when the price is 0. */
  marginPercent: z.number().nullable(),
  /** The estimate beside it: the calculator's total cost, or the planned hours at the standard rate. */
  estimatedCostCents: cents,
  estimatedMarginCents: cents,
  /** Visits with no visit timer at all (their labour is 0, not known). */
  untimedVisits: count,
});
export type MarginFigures = z.infer<typeof marginFiguresSchema>;

/** GET /api/reports/margin: completed visits' price against actual labour and materials. */
export const marginReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_GROUPINGS),
  timeZone: z.string(),
  rows: z.array(marginFiguresSchema.extend({ ...periodFields, link: screenLinkSchema })),
  byType: z.array(marginFiguresSchema.extend({ type: z.enum(JOB_TYPES), link: screenLinkSchema })),
  totals: marginFiguresSchema,
  definitions: z.array(figureDefinitionSchema),
});
export type MarginReport = z.infer<typeof marginReportSchema>;

/** GET /api/reports/margin/rows: the completed visits behind a margin figure, one line each. */
export const marginRowsQuerySchema = z
  .object({
    ...rangeFields,
    type: z.preprocess(
      emptyAsUndefined,
      z.enum(JOB_TYPES, { error: `type must be one of ${JOB_TYPES.join(', ')}` }).optional(),
    ),
    limit: rowsLimit,
  })
  .superRefine(checkRange);
export type MarginRowsQuery = z.output<typeof marginRowsQuerySchema>;

export const marginRowSchema = marginFiguresSchema
  .omit({ visits: true, untimedVisits: true })
  .extend({
    id: z.uuid(),
    title: z.string(),
    clientName: z.string(),
    date: z.string(),
    type: z.enum(JOB_TYPES),
    estimateSource: z.enum(['calculator', 'planned']),
    link: screenLinkSchema,
  });

export const marginRowsSchema = z.object({
  rows: z.array(marginRowSchema),
  truncated: z.boolean(),
});
export type MarginRows = z.infer<typeof marginRowsSchema>;

// ---------------------------------------------------------------------------------------------
// CSV

/** Every report with a CSV twin: GET /api/reports/<name>.csv takes the JSON report's query. */
export const REPORT_CSV_NAMES = [
  'revenue',
  'receivables',
  'quotes',
  'jobs',
  'revenue-ahead',
  'team-hours',
  'margin',
] as const;
export type ReportCsvName = (typeof REPORT_CSV_NAMES)[number];
