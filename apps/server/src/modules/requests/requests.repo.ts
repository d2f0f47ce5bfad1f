import { recordEvent } from '../events/index.ts';
import { findShared, type ShareSigner } from '../../lib/share-links.ts';
import type { RequestListCategory, RequestStatus } from '@crewdesk/domain';
import {
  and,
  asc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { idInAccount, returnedRow } from '../../db/queries.ts';
import { cursorKeysColumn, cursorTimeKey } from '../../lib/keyset.ts';
import {
  customers,
  invoices,
  jobs,
  requestEvents,
  requests,
  requestSearchText,
} from '../../db/schema/index.ts';

export type RequestRow = typeof requests.$inferSelect;
export type NewRequestRow = typeof requests.$inferInsert;
export type RequestEventRow = typeof requestEvents.$inferSelect;
export type NewRequestEventRow = typeof requestEvents.$inferInsert;

export interface RequestCustomer {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

export interface RequestWithCustomer {
  row: RequestRow;
  customer: RequestCustomer | null;
}

const customerColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phone,
};

/** Spec section 4 as SQL: the same split as categorizeRequest. */
export function categoryCondition(category: RequestListCategory): SQL {
  const isQuote = sql`${requests.type} IS NOT DISTINCT FROM 'quote'`;
  if (category === 'estimates') return sql`NOT (${isQuote})`;
  if (category === 'quotes') return sql`${isQuote} AND ${requests.proposalType} IS NULL`;
  return sql`${isQuote} AND ${requests.proposalType} IS NOT NULL`;
}

/** The term as a LIKE pattern matching it anywhere: its own % _ and \ stand for themselves. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function insertRequest(db: DbOrTx, values: NewRequestRow): Promise<RequestRow> {
  return returnedRow(await db.insert(requests).values(values).returning(), 'request insert');
}

/** A request's history row, and the same event in the ledger (issue 18). */
export async function insertEvent(db: DbOrTx, values: NewRequestEventRow): Promise<void> {
  await db.insert(requestEvents).values(values);
  await recordEvent(db, {
    accountId: values.accountId,
    type: `request.${values.kind}`,
    subjectId: values.requestId,
    // A request's history does not keep who made the change; its notifications are the client's.
    actorUserId: null,
    payload: values.detail,
  });
}

/** Locks the request row until the transaction ends (converting it must happen once). */
export async function lockRequest(
  tx: Tx,
  accountId: string,
  id: string,
): Promise<RequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(requests)
    .where(idInAccount(requests, accountId, id))
    .for('update');
  return row;
}

export async function findRequest(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<RequestWithCustomer | undefined> {
  const [found] = await db
    .select({ row: getTableColumns(requests), customer: customerColumns })
    .from(requests)
    .leftJoin(
      customers,
      and(eq(customers.id, requests.customerId), eq(customers.accountId, requests.accountId)),
    )
    .where(idInAccount(requests, accountId, id));
  return found
    ? { row: found.row, customer: found.customer?.id ? found.customer : null }
    : undefined;
}

export async function updateRequest(
  db: DbOrTx,
  accountId: string,
  id: string,
  values: Partial<NewRequestRow>,
): Promise<RequestRow | undefined> {
  const [row] = await db
    .update(requests)
    .set({ ...values, updatedAt: new Date() })
    .where(idInAccount(requests, accountId, id))
    .returning();
  return row;
}

export async function deleteRequest(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(requests)
    .where(idInAccount(requests, accountId, id))
    .returning({ id: requests.id });
  return rows.length > 0;
}

export function listEvents(db: DbOrTx, accountId: string, requestId: string) {
  return db
    .select()
    .from(requestEvents)
    .where(and(eq(requestEvents.accountId, accountId), eq(requestEvents.requestId, requestId)))
    .orderBy(asc(requestEvents.createdAt), asc(requestEvents.id));
}

export async function customerBelongsToAccount(
  db: DbOrTx,
  accountId: string,
  customerId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(idInAccount(customers, accountId, customerId));
  return row !== undefined;
}

export interface RequestListFilters {
  /** The categories the caller may see; the list shows only these. */
  categories: readonly RequestListCategory[];
  q?: string;
  status?: RequestStatus;
  /** One contact's requests (the contact's page). */
  customerId?: string;
  /** The app's clock: an open request past its expiry lists as 'expired'. */
  now: Date;
}

/** The statuses that still wait for the client (as request-view's OPEN_STATUSES). */
const OPEN: RequestStatus[] = ['unopened', 'sent', 'viewed'];

/** The status filter as the answer shows statuses (effectiveStatus): expiry counts. */
function statusCondition(status: RequestStatus, now: Date): SQL {
  const open = inArray(requests.status, OPEN);
  if (status === 'expired') {
    return or(eq(requests.status, 'expired'), and(open, lte(requests.expiresAt, now)))!;
  }
  if (OPEN.includes(status)) return and(eq(requests.status, status), gt(requests.expiresAt, now))!;
  return eq(requests.status, status);
}

/**
 * Newest first, a keyset page after `after` ([created_at text, id]); each row's cursor keys as
 * JSON text (`cursorKeysOf`).
 */
export async function listRequests(
  db: DbOrTx,
  accountId: string,
  filters: RequestListFilters,
  page: { after: [string, string] | null; limit: number },
): Promise<{ item: RequestWithCustomer; cursor: string }[]> {
  const rows = await listRequestsQuery(db, accountId, filters, page);
  return rows.map((r) => ({
    item: { row: r.row, customer: r.customer?.id ? r.customer : null },
    cursor: r.cursor,
  }));
}

/**
 * The list's query, unexecuted (its plan is tested). The order spells NULLS LAST to match the
 * indexes (drizzle builds `created_at DESC NULLS LAST`): PostgreSQL's plain DESC means NULLS
 * FIRST, and with that the planner cannot read the index in order and sorts the whole account
 * for every page, even though neither column can be null.
 */
export function listRequestsQuery(
  db: DbOrTx,
  accountId: string,
  filters: RequestListFilters,
  page: { after: [string, string] | null; limit: number },
) {
  const conditions: SQL[] = [eq(requests.accountId, accountId)];
  const categories = filters.categories.map(categoryCondition);
  conditions.push(categories.length === 0 ? sql`false` : sql`(${sql.join(categories, sql` OR `)})`);
  if (filters.status) conditions.push(statusCondition(filters.status, filters.now));
  if (filters.customerId) conditions.push(eq(requests.customerId, filters.customerId));
  if (filters.q) {
    conditions.push(sql`${requestSearchText} LIKE lower(${containsPattern(filters.q)})`);
  }
  if (page.after) {
    conditions.push(
      sql`(${requests.createdAt}, ${requests.id}) < (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)`,
    );
  }
  return db
    .select({
      row: getTableColumns(requests),
      customer: customerColumns,
      cursor: cursorKeysColumn([cursorTimeKey(requests.createdAt), sql`${requests.id}::text`]),
    })
    .from(requests)
    .leftJoin(
      customers,
      and(eq(customers.id, requests.customerId), eq(customers.accountId, requests.accountId)),
    )
    .where(and(...conditions))
    .orderBy(sql`${requests.createdAt} DESC NULLS LAST`, sql`${requests.id} DESC NULLS LAST`)
    .limit(page.limit);
}

// ---------------------------------------------------------------------------------------------
// The share link. The token is the only key a client has: it is unique across all accounts, so
// the first lookup is by token alone; every later query is scoped by the row's own account.

export async function findByShareToken(
  db: DbOrTx,
  shares: ShareSigner,
  shareToken: string,
): Promise<RequestRow | undefined> {
  const first = async (where: SQL | undefined) =>
    (await db.select().from(requests).where(where))[0];
  return findShared(shares, 'estimate', shareToken, {
    byId: (id) => first(eq(requests.id, id)),
    byLegacyHash: (hash) => first(eq(requests.legacyShareTokenHash, hash)),
    versionOf: (row) => row.shareVersion,
  });
}

/**
 * The first open of the share page: viewed_at set and an unopened or sent request turned
 * 'viewed', in one conditional statement, so two opens at once record one view. Undefined when
 * it was opened before.
 */
export async function markViewed(
  db: DbOrTx,
  accountId: string,
  id: string,
  now: Date,
): Promise<RequestRow | undefined> {
  const [row] = await db
    .update(requests)
    .set({
      viewedAt: now,
      status: sql`CASE WHEN ${requests.status} IN ('unopened', 'sent') THEN 'viewed' ELSE ${requests.status} END`,
      updatedAt: now,
    })
    .where(and(eq(requests.accountId, accountId), eq(requests.id, id), isNull(requests.viewedAt)))
    .returning();
  return row;
}

/**
 * The client's answer (accept or decline), only while the request is open and not expired at
 * `now`: a double submit or a race with another answer updates nothing (undefined).
 */
export async function answerOpenRequest(
  db: DbOrTx,
  accountId: string,
  id: string,
  now: Date,
  values: Partial<NewRequestRow>,
): Promise<RequestRow | undefined> {
  const [row] = await db
    .update(requests)
    .set({ ...values, updatedAt: now })
    .where(
      and(
        eq(requests.accountId, accountId),
        eq(requests.id, id),
        inArray(requests.status, OPEN),
        gt(requests.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/**
 * The request's invoice unless voided. Read here, like its jobs, rather than asked of the
 * invoices module: invoices are made from requests, so that module depends on this one.
 */
export async function liveInvoiceOfRequest(db: DbOrTx, accountId: string, requestId: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, accountId),
        eq(invoices.requestId, requestId),
        sql`${invoices.status} <> 'void'`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Jobs scheduled from a request, for its detail page (oldest first). */
export function jobsOfRequest(db: DbOrTx, accountId: string, requestId: string) {
  return db
    .select({ id: jobs.id, title: jobs.title, status: jobs.status, startsAt: jobs.startsAt })
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.requestId, requestId)))
    .orderBy(asc(jobs.createdAt), asc(jobs.id));
}
