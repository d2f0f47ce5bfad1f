import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A column that counts the rows of `matching` (a select already limited to cap + 1 rows), for a
 * list page to carry its own total: one statement instead of the page and a count. The subquery
 * does not refer to the outer row, so PostgreSQL runs it once per statement (an InitPlan), not
 * once per row.
 */
export function cappedCountColumn(matching: SQLWrapper): SQL<number> {
  return sql<number>`(select count(*)::int from (${matching}) as capped)`;
}

/** A count of at most `cap`, and whether there were more. */
export interface CappedTotal {
  total: number;
  totalCapped: boolean;
}

export function cappedTotal(count: number, cap: number): CappedTotal {
  return { total: Math.min(count, cap), totalCapped: count > cap };
}

/**
 * The total of a page read with a cappedCountColumn named `total`: from its first row. A page
 * after a cursor can be empty while earlier rows match (the last page was exactly full); only
 * then is the count asked for on its own. A first page that is empty counts none.
 */
export async function pageTotal(
  rows: readonly { total: number }[],
  cap: number,
  page: { afterCursor: boolean; countAlone: () => Promise<number> },
): Promise<CappedTotal> {
  const first = rows[0];
  if (first) return cappedTotal(first.total, cap);
  return cappedTotal(page.afterCursor ? await page.countAlone() : 0, cap);
}
