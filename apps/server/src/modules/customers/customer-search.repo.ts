import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { customers, customerSearchGrams, customerSearchText } from '../../db/schema/index.ts';
import { live } from './customer-columns.repo.ts';

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
