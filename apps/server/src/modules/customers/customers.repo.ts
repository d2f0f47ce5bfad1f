import type { CustomerArchivedFilter, CustomerSort } from '@crewdesk/domain';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  isNotNull,
  isNull,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { cappedCountColumn } from '../../lib/capped-count.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { cursorKeysColumn, cursorKeysOf, cursorTimeKey } from '../../lib/keyset.ts';
import { idInAccount } from '../../db/queries.ts';
import { CONTACT_LINKS } from './contact-links.ts';
import {
  customers,
  customerSearchGrams,
  customerSearchText,
  employees,
} from '../../db/schema/index.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;
/** The columns a contact's form writes (spec section 7's update list, plus notes). */
export type CustomerFields = Omit<
  NewCustomerRow,
  'id' | 'accountId' | 'userId' | 'createdAt' | 'updatedAt' | 'archivedAt'
>;

const live = isNull(customers.archivedAt);

export async function insertCustomers(
  db: DbOrTx,
  values: NewCustomerRow[],
): Promise<CustomerRow[]> {
  if (values.length === 0) return [];
  return db.insert(customers).values(values).returning();
}

export async function findCustomer(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<CustomerRow | undefined> {
  const [row] = await customerByIdStatement(db).execute({ accountId, id });
  return row;
}

// Behind every contact page and most writes that name a contact: built and prepared once.
const customerByIdStatement = preparedStatement('customer_by_id', (db) =>
  db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.accountId, sql.placeholder('accountId')),
        eq(customers.id, sql.placeholder('id')),
      ),
    ),
);

/**
 * The account's live contact with this e-mail (case-insensitive), the oldest when several share
 * it. No index on e-mail: it reads the account's contacts, which the public request form (rate
 * limited) can afford.
 */
export async function findLiveCustomerByEmail(
  db: DbOrTx,
  accountId: string,
  email: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.accountId, accountId),
        live,
        sql`lower(${customers.email}) = ${email.trim().toLowerCase()}`,
      ),
    )
    .orderBy(asc(customers.createdAt), asc(customers.id))
    .limit(1);
  return row;
}

export async function updateCustomer(
  db: DbOrTx,
  accountId: string,
  id: string,
  values: CustomerFields,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(idInAccount(customers, accountId, id))
    .returning();
  return row;
}

export async function deleteCustomer(db: DbOrTx, accountId: string, id: string): Promise<void> {
  await db.delete(customers).where(idInAccount(customers, accountId, id));
}

export async function archiveCustomer(db: DbOrTx, accountId: string, id: string): Promise<void> {
  await db
    .update(customers)
    .set({ archivedAt: sql`coalesce(${customers.archivedAt}, now())`, updatedAt: new Date() })
    .where(idInAccount(customers, accountId, id));
}

/**
 * Whether any work row of the account points at the contact: one query, an EXISTS per table of
 * the contact's work (CONTACT_LINKS.work, held against the schema's foreign keys by its test).
 * (Payments reach a contact only through their invoice.)
 */
export async function hasLinkedWork(
  db: DbOrTx,
  accountId: string,
  customerId: string,
): Promise<boolean> {
  const linked = CONTACT_LINKS.work.map(
    (table) =>
      sql`exists (select 1 from ${table} where ${table.accountId} = ${accountId} and ${table.customerId} = ${customerId})`,
  );
  const [row] = await db
    .select({ linked: sql<boolean>`${sql.join(linked, sql` or `)}` })
    .from(customers)
    .where(idInAccount(customers, accountId, customerId));
  return row?.linked === true;
}

export async function isEmployeeOfAccount(
  db: DbOrTx,
  accountId: string,
  employeeId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(idInAccount(employees, accountId, employeeId));
  return row !== undefined;
}

export interface EmployeeIdentity {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
}

export function listEmployeeIdentities(db: DbOrTx, accountId: string): Promise<EmployeeIdentity[]> {
  return db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      email: employees.email,
    })
    .from(employees)
    .where(eq(employees.accountId, accountId));
}

/** Spec section 7: the 5 newest contacts of the business. */
export function recentCustomers(db: DbOrTx, accountId: string, limit: number) {
  return db
    .select()
    .from(customers)
    .where(and(eq(customers.accountId, accountId), live))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------
// Search (docs/decisions/009-contact-search.md)

/** The term as a LIKE pattern matching it anywhere: its own % _ and \ stand for themselves. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The term's distinct substrings of `n` characters. */
function termGrams(term: string, n: number): string[] {
  const chars = [...term];
  const grams = new Set<string>();
  for (let i = 0; i + n <= chars.length; i++) grams.add(chars.slice(i, i + n).join(''));
  return [...grams];
}

/**
 * The search condition in the form customers_search_grams_idx answers: a 2-character term is
 * one of the account-tagged pairs (exact); a longer one has all its trigrams, then the LIKE
 * recheck (the trigrams can be there without the whole term). Lowercased by PostgreSQL's lower(),
 * as the indexed text is; the tag is the account id's first 8 hex digits, as in
 * crewdesk_search_grams().
 */
export function searchCondition(accountId: string, term: string): SQL {
  const length = [...term].length;
  const keys = termGrams(term, length === 2 ? 2 : 3).map(
    (gram) => sql`left(${accountId}::uuid::text, 8) || lower(${gram})`,
  );
  const grams = sql`${customerSearchGrams} @> ARRAY[${sql.join(keys, sql`, `)}]::text[]`;
  if (length === 2) return grams;
  return sql`${grams} AND ${customerSearchText} LIKE lower(${containsPattern(term)})`;
}

/**
 * Step 1 of the search: the matches among the account's `window` newest live contacts, newest
 * first. A common term (most of what people type) is answered here after reading a handful of
 * rows; the index scan of step 2 would have to collect all its matches first.
 */
export function searchRecentWindow(
  db: DbOrTx,
  accountId: string,
  term: string,
  window: number,
  limit: number,
) {
  const recent = db
    .select(getTableColumns(customers))
    .from(customers)
    .where(and(eq(customers.accountId, accountId), live))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(window)
    .as('recent');
  return db
    .select()
    .from(recent)
    .where(
      sql`crewdesk_customer_search_text(${recent.firstName}, ${recent.lastName}, ${recent.company}, ${recent.email}) LIKE lower(${containsPattern(term)})`,
    )
    .orderBy(desc(recent.createdAt), desc(recent.id))
    .limit(limit);
}

/**
 * Live contacts, spelled so that the planner cannot match it to the btree indexes' partial
 * predicate (archived_at IS NULL): step 2 must read the GIN index, which holds every contact.
 */
const liveNotForBtree = sql`coalesce(${customers.archivedAt}, 'infinity'::timestamptz) = 'infinity'::timestamptz`;

/**
 * Step 2: matches anywhere in the account through the GIN index, in no particular order (an
 * order would make PostgreSQL fetch every match before the first answer). Exported for the
 * test that checks its plan; run it through withIndexedSearchPlan.
 */
export function searchIndexed(db: DbOrTx, accountId: string, term: string, limit: number) {
  return db
    .select()
    .from(customers)
    .where(
      and(eq(customers.accountId, accountId), searchCondition(accountId, term), liveNotForBtree),
    )
    .limit(limit);
}

/**
 * Runs `work` in a transaction where the planner may not scan the table: with the btree
 * indexes out of reach (liveNotForBtree), the GIN index is the only plan left. Step 2 runs only
 * for terms rare among the newest contacts, where that is the right plan; left alone, the
 * planner's estimate for a LIKE on an expression is too rough to trust under a LIMIT (it would
 * read a million rows "to find 10 soon"). SET LOCAL ends with the transaction.
 */
export function withIndexedSearchPlan<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // No parallel workers either: starting them costs more than this whole search.
    await tx.execute(
      sql`SELECT set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    return work(tx);
  });
}

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

/**
 * A contact's card as other modules show or mail it (name, e-mail, phone, address), or
 * undefined when the account has no contact by that id.
 */
export async function findContactCard(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
      address: customers.address,
      city: customers.city,
      state: customers.state,
      zip: customers.zip,
    })
    .from(customers)
    .where(idInAccount(customers, accountId, id));
  return row;
}
export type ContactCard = NonNullable<Awaited<ReturnType<typeof findContactCard>>>;
