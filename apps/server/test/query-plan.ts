import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/** EXPLAIN's lines for a query, run on `db` (a transaction, so that its SET LOCALs apply). */
export async function planOf(db: Pick<Db, 'execute'>, query: { getSQL(): SQL }): Promise<string> {
  const result = (await db.execute(sql`EXPLAIN ${query.getSQL()}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
}
