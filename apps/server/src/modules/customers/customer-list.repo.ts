import type { CustomerArchivedFilter, CustomerSort } from '@crewdesk/domain';
import {
  and,
  asc,
  desc,
  eq,
  isNotNull,
  isNull,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cappedCountColumn } from '../../lib/capped-count.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { cursorKeysColumn, cursorKeysOf, cursorTimeKey } from '../../lib/keyset.ts';
import { customers } from '../../db/schema/index.ts';
import { searchCondition } from './customer-search.repo.ts';
import { live } from './customer-columns.repo.ts';
import type { CustomerRow } from './customer-columns.repo.ts';

// ---------------------------------------------------------------------------------------------
// The list: filters, sort orders and keyset pages

export interface CustomerListFilters {
  q?: string;
  customerType?: string;
  source?: string;
  /** An employee id, or 'unassigned'. */
  assignedTo?: string;
  archived: CustomerArchivedFilter;
}

/**
 * A filter value as it goes into a list statement: the value itself, or (for a statement built
 * once and prepared) a placeholder of that name, given at each execution.
 */
type Bind = <T>(name: string, value: T) => T | Placeholder;
const asValue: Bind = (_name, value) => value;
const asPlaceholder: Bind = (name) => sql.placeholder(name);

function listConditions(accountId: string, f: CustomerListFilters, bind: Bind = asValue): SQL[] {
  const conditions: SQL[] = [eq(customers.accountId, bind('accountId', accountId))];
  if (f.archived === 'exclude') conditions.push(live);
  if (f.archived === 'only') conditions.push(isNotNull(customers.archivedAt));
  if (f.customerType)
    conditions.push(sql`${customers.customerType} = ${bind('customerType', f.customerType)}`);
  if (f.source) conditions.push(sql`${customers.source} = ${bind('source', f.source)}`);
  if (f.assignedTo === 'unassigned') conditions.push(isNull(customers.assignedTo));
  else if (f.assignedTo)
    conditions.push(eq(customers.assignedTo, bind('assignedTo', f.assignedTo)));
  if (f.q) conditions.push(searchCondition(accountId, f.q));
  return conditions;
}

/** Each sort: its key expressions (as the indexes spell them), direction, and key types. */
const SORT_KEYS: Record<
  CustomerSort,
  { keys: SQL[]; cursorKeys: SQL[]; cast: string[]; direction: 'asc' | 'desc' }
> = {
  newest: {
    keys: [sql`${customers.createdAt}`, sql`${customers.id}`],
    cursorKeys: [cursorTimeKey(customers.createdAt), sql`${customers.id}::text`],
    cast: ['timestamptz', 'uuid'],
    direction: 'desc',
  },
  oldest: {
    keys: [sql`${customers.createdAt}`, sql`${customers.id}`],
    cursorKeys: [cursorTimeKey(customers.createdAt), sql`${customers.id}::text`],
    cast: ['timestamptz', 'uuid'],
    direction: 'asc',
  },
  name: {
    keys: [
      sql`lower(${customers.lastName})`,
      sql`lower(${customers.firstName})`,
      sql`${customers.id}`,
    ],
    cursorKeys: [
      sql`lower(${customers.lastName})`,
      sql`lower(${customers.firstName})`,
      sql`${customers.id}::text`,
    ],
    cast: ['text', 'text', 'uuid'],
    direction: 'asc',
  },
  company: {
    keys: [
      sql`(coalesce(${customers.company}, '') = '')`,
      sql`lower(coalesce(${customers.company}, ''))`,
      sql`${customers.id}`,
    ],
    cursorKeys: [
      sql`(coalesce(${customers.company}, '') = '')::text`,
      sql`lower(coalesce(${customers.company}, ''))`,
      sql`${customers.id}::text`,
    ],
    cast: ['boolean', 'text', 'uuid'],
    direction: 'asc',
  },
};

export function sortKeyCount(sort: CustomerSort): number {
  return SORT_KEYS[sort].keys.length;
}

interface ListPage {
  sort: CustomerSort;
  after: string[] | null;
  limit: number;
  countCap?: number;
}

/** The list's select: its values bound by `bind` (themselves, or a prepared statement's placeholders). */
function listQuery(
  db: DbOrTx,
  accountId: string,
  filters: CustomerListFilters,
  page: ListPage,
  bind: Bind,
) {
  const spec = SORT_KEYS[page.sort];
  const conditions = listConditions(accountId, filters, bind);
  if (page.after) {
    // A row comparison on the index's own columns: the scan starts right after the cursor.
    const values = page.after.map(
      (v, i) => sql`${bind(`after${i}`, v)}::${sql.raw(spec.cast[i] ?? 'text')}`,
    );
    const op = spec.direction === 'desc' ? sql.raw('<') : sql.raw('>');
    conditions.push(sql`(${sql.join(spec.keys, sql`, `)}) ${op} (${sql.join(values, sql`, `)})`);
  }
  const order = spec.keys.map((k) => (spec.direction === 'desc' ? desc(k) : asc(k)));
  return db
    .select({
      row: customers,
      cursor: cursorKeysColumn(spec.cursorKeys),
      total:
        page.countCap === undefined
          ? sql<number>`0`
          : cappedCountColumn(matchingCustomers(db, accountId, filters, page.countCap, bind)),
    })
    .from(customers)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(bind('limit', page.limit));
}

/**
 * The list's statement for pages of one shape (sort, which filters, a cursor or not, a count or
 * not), built once and prepared: the list is the busiest request, and drizzle building its SQL
 * again each time cost more than the rest of the handler. A search (`q`) makes SQL of its own
 * per term, so it is built each time.
 */
const preparedLists = new Map<string, ReturnType<typeof preparedListFor>>();

function preparedListFor(name: string, filters: CustomerListFilters, page: ListPage) {
  return preparedStatement(name, (db) => listQuery(db, '', filters, page, asPlaceholder));
}

function listShape(filters: CustomerListFilters, page: ListPage): string {
  const assigned =
    filters.assignedTo === 'unassigned' ? 'unassigned' : filters.assignedTo ? 'one' : 'any';
  return [
    page.sort,
    filters.archived,
    filters.customerType ? 'type' : '',
    filters.source ? 'source' : '',
    assigned,
    page.after ? 'after' : 'first',
    page.countCap ?? 'nocount',
  ].join(':');
}

function listValues(accountId: string, filters: CustomerListFilters, page: ListPage) {
  const values: Record<string, unknown> = { accountId, limit: page.limit };
  if (filters.customerType) values.customerType = filters.customerType;
  if (filters.source) values.source = filters.source;
  if (filters.assignedTo && filters.assignedTo !== 'unassigned')
    values.assignedTo = filters.assignedTo;
  page.after?.forEach((v, i) => (values[`after${i}`] = v));
  return values;
}

/**
 * A page of contacts in `sort` order after the cursor, each row with its cursor keys (JSON text,
 * `cursorKeysOf`). With `countCap`, each row also carries how many contacts match in all (capped
 * at countCap + 1): the page and its total in one statement.
 */
export async function listCustomers(
  db: DbOrTx,
  accountId: string,
  filters: CustomerListFilters,
  page: ListPage,
): Promise<{ row: CustomerRow; cursor: string; total: number }[]> {
  if (filters.q) return listQuery(db, accountId, filters, page, asValue);
  const shape = listShape(filters, page);
  let statement = preparedLists.get(shape);
  if (!statement) {
    statement = preparedListFor(`customers_list_${preparedLists.size}`, filters, page);
    preparedLists.set(shape, statement);
  }
  return statement(db).execute(listValues(accountId, filters, page));
}

/** How many contacts match, counting at most `cap + 1` (an exact count of 100,000 is slow). */
export async function countCustomers(
  db: DbOrTx,
  accountId: string,
  filters: CustomerListFilters,
  cap: number,
): Promise<number> {
  const limited = matchingCustomers(db, accountId, filters, cap).as('limited');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  return row?.n ?? 0;
}

/** One row per contact matching `filters`, at most `cap` + 1 of them: what a count counts. */
function matchingCustomers(
  db: DbOrTx,
  accountId: string,
  filters: CustomerListFilters,
  cap: number,
  bind: Bind = asValue,
) {
  return db
    .select({ one: sql`1` })
    .from(customers)
    .where(and(...listConditions(accountId, filters, bind)))
    .limit(cap + 1);
}

/** All live contacts of the account, oldest first, a batch at a time (for the export). */
export async function* liveCustomerBatches(
  db: DbOrTx,
  accountId: string,
  batchSize: number,
): AsyncGenerator<CustomerRow[]> {
  let after: string[] | null = null;
  for (;;) {
    const batch = await listCustomers(
      db,
      accountId,
      { archived: 'exclude' },
      { sort: 'oldest', after, limit: batchSize },
    );
    if (batch.length === 0) return;
    yield batch.map((b) => b.row);
    if (batch.length < batchSize) return;
    after = cursorKeysOf(batch.at(-1)!.cursor);
  }
}

/** Live contacts that have a position, by last name: the pins of the map. */
export function listPlacedCustomers(db: DbOrTx, accountId: string, limit: number) {
  return db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      company: customers.company,
      address: customers.address,
      city: customers.city,
      latitude: customers.latitude,
      longitude: customers.longitude,
    })
    .from(customers)
    .where(
      and(
        eq(customers.accountId, accountId),
        live,
        isNotNull(customers.latitude),
        isNotNull(customers.longitude),
      ),
    )
    .orderBy(asc(customers.lastName), asc(customers.id))
    .limit(limit);
}
