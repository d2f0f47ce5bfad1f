import { z } from 'zod';
import { rolesForRoute } from '../auth/access.ts';
import { hasBusinessManagerRights, type Role } from '../auth/roles.ts';
import {
  CALCULATOR_DEFAULTS,
  calculateEstimate,
  centsToDollars,
  type EstimateInput,
  type EstimateResult,
} from '../pricing/calculator.ts';
import { calculatorSchema, type CalculatorFormValues } from '../schemas/calculator.ts';
import { FIELD_LIMITS, tooLongMessage } from '../schemas/field-limits.ts';
import {
  categorizeRequest,
  REQUEST_LIST_CATEGORIES,
  type RequestCategory,
  type RequestListCategory,
} from './requests.ts';
import {
  proposalOptionSchema,
  requestAcceptanceSchema,
  requestDeclineSchema,
} from './share-api.ts';

const routeRoles = rolesForRoute;

/** Estimates and quotes: the /quotes route's roles (spec section 6). */
export const REQUESTS_ROUTE_ROLES: readonly Role[] = routeRoles('/quotes');
/** Proposals: the /quotes/proposals route's roles. */
export const PROPOSALS_ROUTE_ROLES: readonly Role[] = routeRoles('/quotes/proposals');

/** Spec section 6: only business admins and managers see and receive the Business Summary. */
export function canSeeBusinessSummary(role: Role | null | undefined): boolean {
  return hasBusinessManagerRights(role);
}

export const REQUEST_TYPES = ['estimate', 'inquiry', 'quote'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/**
 * Only 'unopened' is set so far (spec section 4); the others are what sending, the share page
 * and conversion will set.
 */
export const REQUEST_STATUSES = [
  'unopened',
  'sent',
  'viewed',
  'accepted',
  'declined',
  'expired',
  'converted',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_EVENT_KINDS = [
  'created',
  'edited',
  'sent',
  'viewed',
  'accepted',
  'declined',
  'expired',
  'converted',
] as const;
export type RequestEventKind = (typeof REQUEST_EVENT_KINDS)[number];

export const REQUEST_LIST_DEFAULT_LIMIT = 25;
export const REQUEST_LIST_MAX_LIMIT = 100;
export const REQUEST_SEARCH_MAX_LENGTH = FIELD_LIMITS.text.search;
const T = FIELD_LIMITS.text;

export const CUSTOMER_NOT_IN_BUSINESS = 'Choose a contact of this business.';

/** The calculator fields that are internal figures: never sent to a role without the summary. */
export const INTERNAL_CALCULATOR_FIELDS = [
  'correctedHours',
  'toolRequirements',
  'totalCost',
  'profit',
  'profitMargin',
] as const satisfies readonly (keyof CalculatorFormValues)[];

function emptyAsUndefined(value: unknown): unknown {
  return value === '' ? undefined : value;
}

/** GET /api/requests: tab, search, status filter and keyset page. */
export const requestListQuerySchema = z.object({
  category: z.preprocess(
    emptyAsUndefined,
    z
      .enum(REQUEST_LIST_CATEGORIES, {
        error: `category must be one of ${REQUEST_LIST_CATEGORIES.join(', ')}`,
      })
      .optional(),
  ),
  q: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(
        REQUEST_SEARCH_MAX_LENGTH,
        `Search can be at most ${REQUEST_SEARCH_MAX_LENGTH} characters.`,
      )
      .optional(),
  ),
  status: z.preprocess(
    emptyAsUndefined,
    z
      .enum(REQUEST_STATUSES, { error: `status must be one of ${REQUEST_STATUSES.join(', ')}` })
      .optional(),
  ),
  /** One contact's requests (the contact's page). */
  customerId: z.preprocess(emptyAsUndefined, z.uuid('customerId must be a contact id').optional()),
  limit: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number('limit must be a number')
      .int('limit must be a whole number')
      .min(1, `limit must be between 1 and ${REQUEST_LIST_MAX_LIMIT}`)
      .max(REQUEST_LIST_MAX_LIMIT, `limit must be between 1 and ${REQUEST_LIST_MAX_LIMIT}`)
      .default(REQUEST_LIST_DEFAULT_LIMIT),
  ),
  cursor: z.preprocess(
    emptyAsUndefined,
    z.string().max(1000, 'cursor is not valid; start again from the first page').optional(),
  ),
});
export type RequestListQuery = z.output<typeof requestListQuerySchema>;

/**
 * POST/PUT /api/requests: the calculator form plus the request's own fields. Totals the client
 * sends (totalAmount, totalCost, profit, profitMargin, toolRequirements, estimatedHours) are
 * accepted for the form's sake and then replaced by the server's own calculation.
 */
// The calculator's bounds (FIELD_LIMITS) also keep the price inside the amount column (integer
// cents): at most 1,000,000 sq ft and 1,000 rooms and bathrooms.
export const requestInputSchema = calculatorSchema.extend({
  // Trimmed before the check: the save stores the e-mail trimmed (spec section 5).
  email: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), calculatorSchema.shape.email),
  type: z
    .enum(REQUEST_TYPES, { error: `type must be one of ${REQUEST_TYPES.join(', ')}` })
    .optional(),
  /** Spec: false for quotes, null for estimates, truthy for proposals. */
  proposal_type: z
    .union([
      z
        .string()
        .trim()
        .max(T.shortCode, { error: tooLongMessage('Proposal type', T.shortCode) }),
      z.boolean(),
      z.null(),
    ])
    .optional(),
  title: z
    .string()
    .trim()
    .max(T.title, { error: tooLongMessage('Title', T.title) })
    .optional(),
  description: z
    .string()
    .trim()
    .max(T.description, { error: tooLongMessage('Description', T.description) })
    .optional(),
  date: z.iso.date('date must be YYYY-MM-DD').optional(),
});
export type RequestInput = z.output<typeof requestInputSchema>;

/** proposal_type as stored: a non-empty text, or null (false, '' and null all mean "none"). */
export function proposalTypeColumn(value: string | boolean | null | undefined): string | null {
  if (value === true) return 'proposal';
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

/**
 * The calculator's input from a form, or null when the form lacks what a price needs (property
 * type, square footage, frequency: the Basic Info step). The counters default to 0 ("Any").
 */
export function estimateInputFromForm(form: CalculatorFormValues): EstimateInput | null {
  if (!form.propertyType || !form.squareFootage || !form.frequency) return null;
  return {
    propertyType: form.propertyType,
    squareFootage: form.squareFootage,
    numberOfRooms: form.numberOfRooms ?? 0,
    numberOfBathrooms: form.numberOfBathrooms ?? 0,
    frequency: form.frequency,
    additionalServices: form.additionalServices ?? [],
    specificAreas: form.specificAreas ?? [],
  };
}

/** The form as stored: the server's figures in place of whatever the client sent. */
export function formWithServerFigures(
  form: CalculatorFormValues,
  result: EstimateResult | null,
): CalculatorFormValues {
  if (!result) {
    const {
      totalAmount: _a,
      totalCost: _c,
      profit: _p,
      profitMargin: _m,
      toolRequirements: _t,
      ...rest
    } = form;
    return rest;
  }
  return {
    ...form,
    hourlyRate: form.hourlyRate ?? CALCULATOR_DEFAULTS.hourlyRate,
    // The spec's figure; a correction the owner applied is kept apart in correctedHours.
    estimatedHours: result.formulaHours,
    totalAmount: centsToDollars(result.priceCents),
    totalCost: centsToDollars(result.totalCostCents),
    profit: centsToDollars(result.profitCents),
    profitMargin: result.profitMarginPercent,
    toolRequirements: result.tools.map((t) => ({
      name: t.name,
      quantity: t.quantity,
      costPerUnit: centsToDollars(t.costPerUnitCents),
      sellingPrice: centsToDollars(t.sellingPriceCents),
      required: t.required,
    })),
  };
}

export function calculateFromForm(form: CalculatorFormValues): EstimateResult | null {
  const input = estimateInputFromForm(form);
  if (!input) return null;
  return calculateEstimate(input, { correctedHours: form.correctedHours ?? undefined });
}

/** The stored details without the internal figures (for roles without the Business Summary). */
export function publicDetails(details: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...details };
  for (const field of INTERNAL_CALCULATOR_FIELDS) delete copy[field];
  return copy;
}

/** The listed category of a request as the query names it. */
export function listCategoryOf(r: {
  type?: string | null;
  proposal_type?: unknown;
}): RequestListCategory {
  const category: RequestCategory = categorizeRequest(r);
  return `${category}s` as RequestListCategory;
}

/** Default title: 'Estimate for Ann Lee', 'Quote for …', 'Proposal for …'. */
export function defaultRequestTitle(category: RequestCategory, clientName: string): string {
  const word = category.charAt(0).toUpperCase() + category.slice(1);
  return `${word} for ${clientName}`;
}

/** A save check's failure as one line (spec section 8: 'Title: description'). */
export function saveCheckText(failure: { title: string; description: string }): string {
  return `${failure.title}: ${failure.description}`;
}

// ---------------------------------------------------------------------------------------------
// Answers

const toolSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  costPerUnitCents: z.number(),
  sellingPriceCents: z.number(),
  required: z.boolean(),
});

/** The Business Summary: internal figures, only for business admins and managers. */
export const businessSummarySchema = z.object({
  /** The hours the labour cost counts: the formula's, or the correction applied. */
  estimatedHours: z.number(),
  /** The spec's estimated hours (price ÷ 35): differs from estimatedHours once corrected. */
  formulaHours: z.number(),
  labourCostCents: z.number(),
  toolsCostCents: z.number(),
  totalCostCents: z.number(),
  profitCents: z.number(),
  profitMarginPercent: z.number(),
  marginBand: z.enum(['green', 'amber', 'red']),
  tools: z.array(toolSchema),
});
export type BusinessSummary = z.output<typeof businessSummarySchema>;

export const requestCustomerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const requestSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  client: z.string(),
  clientEmail: z.string().nullable(),
  clientPhone: z.string().nullable(),
  customerId: z.string().nullable(),
  customer: requestCustomerSchema.nullable(),
  amountCents: z.number(),
  date: z.string(),
  status: z.string(),
  type: z.string().nullable(),
  proposalType: z.string().nullable(),
  category: z.enum(REQUEST_LIST_CATEGORIES),
  details: z.record(z.string(), z.unknown()),
  shareToken: z.string(),
  expiresAt: z.string(),
  emailSent: z.boolean(),
  sharedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  businessSummary: businessSummarySchema.optional(),
  /** A proposal's options (priced by the calculator); null for estimates and quotes. */
  options: z.array(proposalOptionSchema).nullable(),
  /** The client's signature on the share page: typed name, time and (for a proposal) option. */
  acceptance: requestAcceptanceSchema.nullable(),
  decline: requestDeclineSchema.nullable(),
  viewedAt: z.string().nullable(),
});
export type RequestRecord = z.output<typeof requestSchema>;

export const requestEventSchema = z.object({
  id: z.string(),
  kind: z.enum(REQUEST_EVENT_KINDS),
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});

export const requestDetailSchema = requestSchema.extend({
  events: z.array(requestEventSchema),
  /** Jobs scheduled from this request ('Schedule job'), oldest first. */
  jobs: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      status: z.string(),
      startsAt: z.string().nullable(),
    }),
  ),
  /** The live (not void) invoice converted from this request; null until it is invoiced. */
  invoiceId: z.uuid().nullable(),
});
export type RequestDetail = z.output<typeof requestDetailSchema>;

export const requestListResponseSchema = z.object({
  items: z.array(requestSchema),
  nextCursor: z.string().nullable(),
});
export type RequestListResponse = z.output<typeof requestListResponseSchema>;
