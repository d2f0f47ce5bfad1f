import { z } from 'zod';
import { rolesForRoute } from '../auth/access.ts';
import { BUSINESS_MANAGER_ROLES, type Role } from '../auth/roles.ts';
import { REQUEST_STATUSES, REQUEST_TYPES } from '../requests/request-api.ts';
import { emptyAsUndefined } from '../schemas/api-fields.ts';
import { FIELD_LIMITS, tooLongMessage, tooManyMessage } from '../schemas/field-limits.ts';
import {
  LEAD_SOURCES,
  LOST_REASON_MAX_LENGTH,
  LOST_REASONS_MAX,
  NUDGE_DAYS_MAX,
  SALES_STAGES,
} from './sales-rules.ts';

/** The sales pipeline's API (issue 22): its inputs, filters and answers. */

const T = FIELD_LIMITS.text;
const MONEY = FIELD_LIMITS.range.moneyCents;

/** Spec section 6: /sales and /sales/{id} are for admins, managers and sales people. */
export const SALES_ROUTE_ROLES: readonly Role[] = rolesForRoute('/sales');
/** Who sees every opportunity and changes the pipeline's settings: the managers. */
export const SALES_MANAGER_ROLES: readonly Role[] = BUSINESS_MANAGER_ROLES;

export const SALES_LIST_DEFAULT_LIMIT = 25;
export const SALES_LIST_MAX_LIMIT = 100;
/** A list's total is exact up to this many opportunities (totalCapped above). */
export const SALES_COUNT_CAP = 10_000;
/** Cards each board column carries; the list view pages through the rest. */
export const SALES_BOARD_COLUMN_CARDS = 50;
/** Entries of a detail page's timeline, newest first. */
export const SALES_TIMELINE_MAX = 200;

const optionalFilter = <S extends z.ZodType>(schema: S) =>
  z.preprocess(emptyAsUndefined, schema.optional());

const text = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, { error: tooLongMessage(label, max) });
const optionalText = (label: string, max: number) =>
  text(label, max).transform((v) => (v === '' ? null : v));

const cents = (label: string) =>
  z
    .number(`${label} must be an amount in cents`)
    .int(`${label} must be a whole number of cents.`)
    .min(MONEY.min, `${label} cannot be negative.`)
    .max(MONEY.max, `${label} is too large.`);

const centsFilter = (label: string) =>
  optionalFilter(
    z.coerce
      .number(`${label} must be a number`)
      .int(`${label} must be a whole number of cents`)
      .min(MONEY.min, `${label} cannot be negative`)
      .max(MONEY.max, `${label} is too large`),
  );

const isoDate = (label: string) =>
  z.iso.date(`${label} must be a date (YYYY-MM-DD)`).refine((v) => v >= '2000-01-01', {
    message: `${label} must be in 2000 or later.`,
  });

const stageSchema = z.enum(SALES_STAGES, {
  error: `stage must be one of ${SALES_STAGES.join(', ')}`,
});
const sourceSchema = z.enum(LEAD_SOURCES, {
  error: `source must be one of ${LEAD_SOURCES.join(', ')}`,
});

export const lostReasonSchema = text('Lost reason', LOST_REASON_MAX_LENGTH).min(
  1,
  'Lost reason is required.',
);

// ---------------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------------

/** The filters the board and the list share. */
const filterFields = {
  /** A member's user id, or 'me', or 'none' for the unowned. */
  owner: optionalFilter(
    z.union([z.literal('me'), z.literal('none'), z.uuid('owner must be me, none or a user id')], {
      error: 'owner must be me, none or a user id',
    }),
  ),
  source: optionalFilter(sourceSchema),
  minValueCents: centsFilter('minValueCents'),
  maxValueCents: centsFilter('maxValueCents'),
  /** Only those whose follow-up date has passed (still in play). */
  overdue: optionalFilter(z.enum(['true', 'false'], { error: 'overdue must be true or false' })),
  /** Only those with a quote viewed and not answered for the business's N days. */
  nudge: optionalFilter(z.enum(['true', 'false'], { error: 'nudge must be true or false' })),
  /** A manager, or a sales person where the business allows, may ask for the whole team's. */
  scope: optionalFilter(z.enum(['mine', 'team'], { error: 'scope must be mine or team' })),
  /** Anywhere in the title or the contact's name. */
  q: optionalFilter(
    z.string().trim().max(T.search, `Search can be at most ${T.search} characters.`),
  ),
};

export const salesBoardQuerySchema = z.object(filterFields);
export type SalesBoardQuery = z.output<typeof salesBoardQuerySchema>;

export const salesListQuerySchema = z.object({
  ...filterFields,
  stage: optionalFilter(stageSchema),
  /** The cursor of the page before (nextCursor). */
  cursor: optionalFilter(z.string().max(200, 'cursor is too long')),
  limit: optionalFilter(
    z.coerce
      .number('limit must be a number')
      .int('limit must be a whole number')
      .min(1, `limit must be between 1 and ${SALES_LIST_MAX_LIMIT}`)
      .max(SALES_LIST_MAX_LIMIT, `limit must be between 1 and ${SALES_LIST_MAX_LIMIT}`),
  ),
});
export type SalesListQuery = z.output<typeof salesListQuerySchema>;

export const sourceToCashQuerySchema = z
  .object({
    /** Opportunities opened on or after this day (the business's calendar). */
    from: optionalFilter(isoDate('from')),
    /** … and on or before this one. */
    to: optionalFilter(isoDate('to')),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must be on or before to.',
    path: ['to'],
  });
export type SourceToCashQuery = z.output<typeof sourceToCashQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** POST /api/sales/opportunities: a lead that came another way (a phone call, a referral). */
export const opportunityCreateSchema = z.object({
  customerId: z.uuid('customerId must be a contact id'),
  title: optionalText('Title', T.title).optional(),
  /** Default: the contact's source. */
  source: sourceSchema.optional(),
  /** Default: the person creating it. */
  ownerUserId: z.uuid('ownerUserId must be a user id').nullable().optional(),
  valueCents: cents('Expected value').nullable().optional(),
  followUpOn: isoDate('Follow-up date').nullable().optional(),
  expectedCloseOn: isoDate('Expected close date').nullable().optional(),
});
export type OpportunityCreateInput = z.output<typeof opportunityCreateSchema>;

/** PATCH /api/sales/opportunities/:id: what is given changes; null clears. */
export const opportunityUpdateSchema = z
  .object({
    title: optionalText('Title', T.title),
    source: sourceSchema,
    ownerUserId: z.uuid('ownerUserId must be a user id').nullable(),
    /** Entered value; null goes back to the value of its quotes. */
    valueCents: cents('Expected value').nullable(),
    followUpOn: isoDate('Follow-up date').nullable(),
    expectedCloseOn: isoDate('Expected close date').nullable(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change.' });
export type OpportunityUpdateInput = z.output<typeof opportunityUpdateSchema>;

/** POST /api/sales/opportunities/:id/move: a hand move (a dragged card). */
export const opportunityMoveSchema = z
  .object({
    stage: stageSchema,
    /** Required for "lost": one of the business's reasons. */
    lostReason: lostReasonSchema.optional(),
    note: optionalText('Note', T.longText).optional(),
  })
  .refine((m) => m.stage !== 'lost' || m.lostReason !== undefined, {
    message: 'Choose why it was lost.',
    path: ['lostReason'],
  });
export type OpportunityMoveInput = z.output<typeof opportunityMoveSchema>;

export const opportunityNoteSchema = z.object({
  body: text('Note', T.notes).min(1, 'Note is required.'),
});

/** PUT /api/sales/settings (managers). */
export const salesSettingsInputSchema = z.object({
  /** Sales people see the whole team's opportunities, not only their own and the unowned. */
  teamVisible: z.boolean('teamVisible must be true or false'),
  nudgeDays: z
    .number('nudgeDays must be a number')
    .int('nudgeDays must be a whole number')
    .min(1, `nudgeDays must be between 1 and ${NUDGE_DAYS_MAX}`)
    .max(NUDGE_DAYS_MAX, `nudgeDays must be between 1 and ${NUDGE_DAYS_MAX}`),
  lostReasons: z
    .array(lostReasonSchema, 'lostReasons must be a list')
    .min(1, 'Keep at least one lost reason.')
    .max(LOST_REASONS_MAX, tooManyMessage('Lost reasons', LOST_REASONS_MAX))
    .refine((list) => new Set(list.map((r) => r.toLowerCase())).size === list.length, {
      message: 'Lost reasons must differ.',
    }),
  /** The open stages' chances in percent (won is 100, lost 0). */
  probabilities: z.object({
    new: z.number().int().min(0).max(100),
    contacted: z.number().int().min(0).max(100),
    quoted: z.number().int().min(0).max(100),
  }),
});
export type SalesSettingsInput = z.output<typeof salesSettingsInputSchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const person = z.object({ userId: z.uuid(), name: z.string() });

/** A card of the board, a row of the list. */
export const opportunitySummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  stage: stageSchema,
  source: sourceSchema,
  contact: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  owner: person.nullable(),
  /** The entered value, else its quotes' (quotedValueCents). */
  valueCents: z.number().int(),
  valueEntered: z.boolean(),
  probability: z.number().int(),
  weightedCents: z.number().int(),
  stageEnteredAt: z.iso.datetime(),
  daysInStage: z.number().int(),
  followUpOn: z.iso.date().nullable(),
  followUpOverdue: z.boolean(),
  expectedCloseOn: z.iso.date().nullable(),
  needsNudge: z.boolean(),
  lostReason: z.string().nullable(),
  requestCount: z.number().int(),
  openedAt: z.iso.datetime(),
});
export type OpportunitySummary = z.output<typeof opportunitySummarySchema>;

export const salesBoardSchema = z.object({
  columns: z.array(
    z.object({
      stage: stageSchema,
      label: z.string(),
      probability: z.number().int(),
      count: z.number().int(),
      totalCents: z.number().int(),
      weightedCents: z.number().int(),
      /** The column's first cards, longest in the stage last (SALES_BOARD_COLUMN_CARDS). */
      cards: z.array(opportunitySummarySchema),
      more: z.boolean(),
    }),
  ),
  /** Whose opportunities these are: the person's own (and the unowned), or the team's. */
  scope: z.enum(['mine', 'team']),
  /** Whether this person may switch to the team's. */
  teamAllowed: z.boolean(),
  nudgeDays: z.number().int(),
});
export type SalesBoard = z.output<typeof salesBoardSchema>;

export const salesListSchema = z.object({
  items: z.array(opportunitySummarySchema),
  total: z.number().int(),
  totalCapped: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type SalesList = z.output<typeof salesListSchema>;

export const stageMoveSchema = z.object({
  id: z.uuid(),
  fromStage: stageSchema.nullable(),
  toStage: stageSchema,
  lostReason: z.string().nullable(),
  note: z.string().nullable(),
  /** A person, or null when the ledger moved it (byEvent says which event). */
  by: person.nullable(),
  byEvent: z.string().nullable(),
  at: z.iso.datetime(),
});

export const timelineEntrySchema = z.object({
  kind: z.enum(['stage', 'note', 'request']),
  at: z.iso.datetime(),
  /** 'stage': the move; 'note': the text; 'request': what happened to which request. */
  text: z.string(),
  by: person.nullable(),
  requestId: z.uuid().nullable(),
  /** For 'request': the request event's kind (sent is an e-mail or a link sent). */
  requestEvent: z.string().nullable(),
});

export const opportunityDetailSchema = opportunitySummarySchema.extend({
  contact: z
    .object({
      id: z.uuid(),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      company: z.string().nullable(),
      source: z.string(),
    })
    .nullable(),
  requests: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      type: z.enum(REQUEST_TYPES).nullable(),
      proposal: z.boolean(),
      /** The effective status (an open one past its expiry is 'expired'). */
      status: z.enum(REQUEST_STATUSES),
      amountCents: z.number().int(),
      createdAt: z.iso.datetime(),
      viewedAt: z.iso.datetime().nullable(),
    }),
  ),
  history: z.array(stageMoveSchema),
  timeline: z.array(timelineEntrySchema),
  quotedValueCents: z.number().int(),
  /** The business's lost reasons, for "mark lost". */
  lostReasons: z.array(z.string()),
});
export type OpportunityDetail = z.output<typeof opportunityDetailSchema>;

export const salesSettingsSchema = z.object({
  teamVisible: z.boolean(),
  nudgeDays: z.number().int(),
  lostReasons: z.array(z.string()),
  probabilities: z.object({
    new: z.number().int(),
    contacted: z.number().int(),
    quoted: z.number().int(),
    won: z.number().int(),
    lost: z.number().int(),
  }),
});
export type SalesSettings = z.output<typeof salesSettingsSchema>;

export const salesOwnersSchema = z.array(person.extend({ role: z.string() }));

const figure = {
  opportunities: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  winRatePercent: z.number().int().nullable(),
  medianDaysToFirstVisit: z.number().nullable(),
  collectedCents: z.number().int(),
};
export const sourceToCashSchema = z.object({
  rows: z.array(z.object({ source: sourceSchema, label: z.string(), ...figure })),
  total: z.object(figure),
  definitions: z.object({
    opportunities: z.string(),
    winRate: z.string(),
    medianDaysToFirstVisit: z.string(),
    collected: z.string(),
  }),
});
export type SourceToCash = z.output<typeof sourceToCashSchema>;
