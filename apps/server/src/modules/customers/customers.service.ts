import {
  ASSIGNEE_NOT_IN_BUSINESS,
  assignedToColumn,
  CUSTOMER_COUNT_CAP,
  CUSTOMER_SEARCH_LIMIT,
  RECENT_CUSTOMERS_LIMIT,
  type Customer,
  type CustomerDeleteOutcome,
  type CustomerListQuery,
  type CustomerListResponse,
  type CustomerValues,
} from '@crewdesk/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound, orNotFound } from '../../lib/app-error.ts';
import { pageTotal } from '../../lib/capped-count.ts';
import { cursorKeysOf } from '../../lib/keyset.ts';
import * as repo from './customers.repo.ts';

/** The signed-in user acting in their active account. */
export interface CustomerActor {
  userId: string | null;
  accountId: string;
}

export function toCustomer(row: repo.CustomerRow): Customer {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    latitude: row.latitude,
    longitude: row.longitude,
    customerType: row.customerType,
    source: row.source,
    assignedTo: row.assignedTo,
    whatsapp: row.whatsapp,
    facebook: row.facebook,
    instagram: row.instagram,
    notes: row.notes,
    createdBy: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

function optionalText(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/**
 * The columns a contact form writes (spec section 7): trimmed text, null for blank optional
 * fields, assigned_to null when blank or 'unassigned'. PUT replaces them all, as the dialog
 * sends every field.
 */
export function customerColumns(input: CustomerValues): repo.CustomerFields {
  return {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    email: optionalText(input.email),
    phone: optionalText(input.phone),
    company: optionalText(input.company),
    address: optionalText(input.address),
    city: optionalText(input.city),
    state: optionalText(input.state),
    zip: optionalText(input.zip),
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    customerType: input.customerType,
    source: input.source,
    assignedTo: assignedToColumn(input.assignedTo),
    whatsapp: optionalText(input.whatsapp),
    facebook: optionalText(input.facebook),
    instagram: optionalText(input.instagram),
    notes: optionalText(input.notes),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** assigned_to must name an employee of the same business (never another account's). */
async function assertAssignable(
  db: DbOrTx,
  accountId: string,
  employeeId: string | null,
): Promise<void> {
  if (employeeId === null) return;
  if (!UUID.test(employeeId) || !(await repo.isEmployeeOfAccount(db, accountId, employeeId))) {
    throw new AppError('BAD_REQUEST', ASSIGNEE_NOT_IN_BUSINESS);
  }
}

export async function createCustomer(
  db: Db,
  actor: CustomerActor,
  input: CustomerValues,
): Promise<Customer> {
  const columns = customerColumns(input);
  await assertAssignable(db, actor.accountId, columns.assignedTo ?? null);
  const [row] = await repo.insertCustomers(db, [
    { ...columns, accountId: actor.accountId, userId: actor.userId },
  ]);
  if (!row) throw new Error('customer insert returned no row');
  return toCustomer(row);
}

export async function getCustomer(db: Db, accountId: string, id: string): Promise<Customer> {
  const row = orNotFound(await repo.findCustomer(db, accountId, id), 'Customer');
  return toCustomer(row);
}

export async function updateCustomer(
  db: Db,
  accountId: string,
  id: string,
  input: CustomerValues,
): Promise<Customer> {
  if (!(await repo.findCustomer(db, accountId, id))) throw notFound('Customer');
  const columns = customerColumns(input);
  await assertAssignable(db, accountId, columns.assignedTo ?? null);
  const row = orNotFound(await repo.updateCustomer(db, accountId, id, columns), 'Customer');
  return toCustomer(row);
}

// ---------------------------------------------------------------------------------------------
// Deleting: a contact with linked work is archived instead

export async function deleteCustomer(
  db: Db,
  accountId: string,
  id: string,
): Promise<CustomerDeleteOutcome> {
  return db.transaction(async (tx) => {
    if (!(await repo.findCustomer(tx, accountId, id))) throw notFound('Customer');
    if (await repo.hasLinkedWork(tx, accountId, id)) {
      await repo.archiveCustomer(tx, accountId, id);
      return 'archived';
    }
    await repo.deleteCustomer(tx, accountId, id);
    return 'deleted';
  });
}

// ---------------------------------------------------------------------------------------------
// Search and the recent list (the customer search box and every client picker)

/**
 * How many of the newest contacts step 1 of the search reads before it falls back to the
 * indexes (docs/decisions/009-contact-search.md has the measurements behind it).
 */
export const SEARCH_RECENT_WINDOW = 2000;

/**
 * Spec: a case-insensitive match anywhere in first name, last name, company or e-mail, at most
 * 5, live contacts only. Newest first among the account's SEARCH_RECENT_WINDOW newest contacts;
 * when fewer than 5 of those match, matches from the whole account fill up, also shown newest
 * first. `term` is already normalized (customerSearchQuerySchema).
 */
export async function searchCustomers(
  db: Db,
  accountId: string,
  term: string,
  recentWindow = SEARCH_RECENT_WINDOW,
): Promise<Customer[]> {
  const limit = CUSTOMER_SEARCH_LIMIT;
  const recent =
    recentWindow > 0 ? await repo.searchRecentWindow(db, accountId, term, recentWindow, limit) : [];
  if (recent.length >= limit) return recent.map(toCustomer);
  // Asks for `limit` more than it may need: some may be the ones step 1 found already.
  const more = await repo.withIndexedSearchPlan(db, (tx) =>
    repo.searchIndexed(tx, accountId, term, limit + recent.length),
  );
  const seen = new Set(recent.map((r) => r.id));
  const rest = more
    .filter((r) => !seen.has(r.id))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  return [...recent, ...rest].slice(0, limit).map(toCustomer);
}

export async function recentCustomers(db: DbOrTx, accountId: string): Promise<Customer[]> {
  return (await repo.recentCustomers(db, accountId, RECENT_CUSTOMERS_LIMIT)).map(toCustomer);
}

// ---------------------------------------------------------------------------------------------
// The list

const BAD_CURSOR = 'cursor is not valid; start again from the first page';

function encodeCursor(sort: string, keys: string[]): string {
  return Buffer.from(JSON.stringify({ s: sort, k: keys })).toString('base64url');
}

function decodeCursor(query: CustomerListQuery): string[] | null {
  if (!query.cursor) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8'));
    const { s, k } = parsed as { s?: unknown; k?: unknown };
    if (
      s === query.sort &&
      Array.isArray(k) &&
      k.length === repo.sortKeyCount(query.sort) &&
      k.every((v) => typeof v === 'string' && v.length <= 500) &&
      cursorKeysParse(query.sort, k as string[])
    ) {
      return k as string[];
    }
  } catch {
    // falls through to the 400
  }
  throw new AppError('BAD_REQUEST', BAD_CURSOR);
}

/** The cursor's keys must cast to their columns' types, or PostgreSQL would answer 500. */
function cursorKeysParse(sort: CustomerListQuery['sort'], keys: string[]): boolean {
  const id = keys.at(-1) ?? '';
  if (!UUID.test(id)) return false;
  if (sort === 'newest' || sort === 'oldest') return !Number.isNaN(Date.parse(keys[0] ?? ''));
  if (sort === 'company') return keys[0] === 'true' || keys[0] === 'false';
  return true;
}

export async function listCustomers(
  db: DbOrTx,
  accountId: string,
  query: CustomerListQuery,
): Promise<CustomerListResponse> {
  const after = decodeCursor(query);
  const filters: repo.CustomerListFilters = {
    q: query.q,
    customerType: query.customerType,
    source: query.source,
    assignedTo: query.assignedTo,
    archived: query.archived,
  };
  // One more than the page: whether a next page exists, without another query.
  const rows = await repo.listCustomers(db, accountId, filters, {
    sort: query.sort,
    after,
    limit: query.limit + 1,
    countCap: CUSTOMER_COUNT_CAP,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toCustomer(r.row)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor(query.sort, cursorKeysOf(last.cursor))
        : null,
    ...(await pageTotal(rows, CUSTOMER_COUNT_CAP, {
      afterCursor: after !== null,
      countAlone: () => repo.countCustomers(db, accountId, filters, CUSTOMER_COUNT_CAP),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Contacts made by clients themselves (the public request form)

export interface WebsiteContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string | null;
  customerType: repo.NewCustomerRow['customerType'];
}

/**
 * The live contact of the account with this e-mail (case aside), else a new one sourced from the
 * website; inside the caller's transaction. `matched` tells which.
 */
export async function contactForWebsiteRequest(
  tx: DbOrTx,
  accountId: string,
  input: WebsiteContact,
): Promise<{ id: string; matched: boolean }> {
  const existing = await repo.findLiveCustomerByEmail(tx, accountId, input.email);
  if (existing) return { id: existing.id, matched: true };
  const [created] = await repo.insertCustomers(tx, [
    // Nobody of the business created it: the client did, through the form.
    { accountId, userId: null, ...input, source: 'website' },
  ]);
  if (!created) throw new Error('contact insert returned no row');
  return { id: created.id, matched: false };
}
