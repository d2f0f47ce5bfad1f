import { z } from 'zod';
import { PROTECTED_ROUTE_PATTERNS } from '../auth/access.ts';
import type { Role } from '../auth/roles.ts';
import { CUSTOMER_SOURCES, CUSTOMER_TYPES } from '../pricing/options.ts';
import { contactFormSchema } from '../schemas/contact-form.ts';
import { FIELD_LIMITS, tooLongMessage } from '../schemas/field-limits.ts';

/**
 * Who may open the Contacts screens and manage contacts (list, edit, delete, import, export):
 * the /customers route's roles, so the sidebar, the route guard and the API share one list.
 * The search, recent list, reading one and creating one from a picker also serve PICKER_ROLES.
 */
export const CUSTOMERS_ROUTE_ROLES: readonly Role[] =
  PROTECTED_ROUTE_PATTERNS.find((r) => r.pattern === '/customers')?.roles ?? [];

/** Spec section 9: the customer search runs from 2 characters and shows at most 5 results. */
export const CUSTOMER_SEARCH_MIN_LENGTH = 2;
export const CUSTOMER_SEARCH_MAX_LENGTH = FIELD_LIMITS.text.search;
export const CUSTOMER_SEARCH_LIMIT = 5;
/** Spec section 7: the recent list is the 5 newest contacts. */
export const RECENT_CUSTOMERS_LIMIT = 5;

export const CUSTOMER_SEARCH_TOO_SHORT = 'Search needs at least 2 characters.';
export const CUSTOMER_SEARCH_TOO_LONG = 'Search can be at most 100 characters.';
export const ASSIGNEE_NOT_IN_BUSINESS = 'Choose a team member of this business.';
export const CUSTOMER_NOTES_MAX_LENGTH = FIELD_LIMITS.text.customerNotes;

export const CUSTOMER_LIST_DEFAULT_LIMIT = 25;
export const CUSTOMER_LIST_MAX_LIMIT = 100;
/** The list counts exactly up to here; above it the total is a lower bound (totalCapped). */
export const CUSTOMER_COUNT_CAP = 10_000;

export const CUSTOMER_SORTS = ['newest', 'oldest', 'name', 'company'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** Which contacts a list shows: the live ones (default), the archived ones, or both. */
export const CUSTOMER_ARCHIVED_FILTERS = ['exclude', 'only', 'include'] as const;
export type CustomerArchivedFilter = (typeof CUSTOMER_ARCHIVED_FILTERS)[number];

/**
 * A search term as both the search box and the list's filter take it: trimmed, inner runs of
 * white space kept as typed, control characters dropped (they cannot be typed and the index
 * uses one as the field separator).
 */
export function normalizeSearchTerm(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

const searchTerm = z
  .string()
  .transform(normalizeSearchTerm)
  .pipe(
    z
      .string()
      .min(CUSTOMER_SEARCH_MIN_LENGTH, { error: CUSTOMER_SEARCH_TOO_SHORT })
      .max(CUSTOMER_SEARCH_MAX_LENGTH, { error: CUSTOMER_SEARCH_TOO_LONG }),
  );

/** GET /api/customers/search?q= */
export const customerSearchQuerySchema = z.object({
  q: z.string({ error: CUSTOMER_SEARCH_TOO_SHORT }).pipe(searchTerm),
});
export type CustomerSearchQuery = z.output<typeof customerSearchQuerySchema>;

const optionalSearchTerm = z
  .string()
  .optional()
  .transform((v) => (v === undefined ? '' : normalizeSearchTerm(v)))
  .pipe(
    z.union([
      z.literal('').transform(() => undefined),
      z
        .string()
        .min(CUSTOMER_SEARCH_MIN_LENGTH, { error: CUSTOMER_SEARCH_TOO_SHORT })
        .max(CUSTOMER_SEARCH_MAX_LENGTH, { error: CUSTOMER_SEARCH_TOO_LONG }),
    ]),
  );

/** An empty query-string value means "no filter", as a cleared select sends it. */
function emptyAsUndefined(value: unknown): unknown {
  return value === '' ? undefined : value;
}

const ASSIGNED_TO_FILTER_MESSAGE = "assignedTo must be a team member's id or 'unassigned'";

/** GET /api/customers: filters, sort and keyset page. */
export const customerListQuerySchema = z.object({
  q: optionalSearchTerm,
  customerType: z.preprocess(
    emptyAsUndefined,
    z
      .enum(CUSTOMER_TYPES, { error: `customerType must be one of ${CUSTOMER_TYPES.join(', ')}` })
      .optional(),
  ),
  source: z.preprocess(
    emptyAsUndefined,
    z
      .enum(CUSTOMER_SOURCES, { error: `source must be one of ${CUSTOMER_SOURCES.join(', ')}` })
      .optional(),
  ),
  /** An employee id, or 'unassigned' for contacts assigned to nobody. */
  assignedTo: z.preprocess(
    emptyAsUndefined,
    z
      .union([z.literal('unassigned'), z.uuid({ error: ASSIGNED_TO_FILTER_MESSAGE })], {
        error: ASSIGNED_TO_FILTER_MESSAGE,
      })
      .optional(),
  ),
  sort: z.preprocess(
    emptyAsUndefined,
    z
      .enum(CUSTOMER_SORTS, { error: `sort must be one of ${CUSTOMER_SORTS.join(', ')}` })
      .default('newest'),
  ),
  archived: z.preprocess(
    emptyAsUndefined,
    z
      .enum(CUSTOMER_ARCHIVED_FILTERS, {
        error: `archived must be one of ${CUSTOMER_ARCHIVED_FILTERS.join(', ')}`,
      })
      .default('exclude'),
  ),
  limit: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number('limit must be a number')
      .int('limit must be a whole number')
      .min(1, `limit must be between 1 and ${CUSTOMER_LIST_MAX_LIMIT}`)
      .max(CUSTOMER_LIST_MAX_LIMIT, `limit must be between 1 and ${CUSTOMER_LIST_MAX_LIMIT}`)
      .default(CUSTOMER_LIST_DEFAULT_LIMIT),
  ),
  /** The nextCursor of the previous page, as the server handed it out. */
  cursor: z.preprocess(
    emptyAsUndefined,
    z.string().max(1000, 'cursor is not valid; start again from the first page').optional(),
  ),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;
export type CustomerListQueryInput = z.input<typeof customerListQuerySchema>;

/**
 * POST and PUT /api/customers: the contact dialog's schema (the same messages), plus notes
 * from the details page.
 */
export const customerInputSchema = contactFormSchema.extend({
  notes: z
    .string()
    .max(CUSTOMER_NOTES_MAX_LENGTH, {
      error: tooLongMessage('Notes', CUSTOMER_NOTES_MAX_LENGTH),
    })
    .nullish(),
});
export type CustomerInput = z.input<typeof customerInputSchema>;
export type CustomerValues = z.output<typeof customerInputSchema>;

/** A contact as the API answers it (camelCase; null for empty optional fields). */
export const customerSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  customerType: z.enum(CUSTOMER_TYPES),
  source: z.enum(CUSTOMER_SOURCES),
  assignedTo: z.uuid().nullable(),
  whatsapp: z.string().nullable(),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  notes: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  archivedAt: z.iso.datetime().nullable(),
});
export type Customer = z.output<typeof customerSchema>;

export const customerListResponseSchema = z.object({
  items: z.array(customerSchema),
  nextCursor: z.string().nullable(),
  /** Exact up to CUSTOMER_COUNT_CAP; when totalCapped is true there are more than total. */
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type CustomerListResponse = z.output<typeof customerListResponseSchema>;

export const CUSTOMER_DELETE_OUTCOMES = ['deleted', 'archived'] as const;
export type CustomerDeleteOutcome = (typeof CUSTOMER_DELETE_OUTCOMES)[number];
