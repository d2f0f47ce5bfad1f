import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The rows after a cursor in a newest-first list ordered by (time desc, id desc): older than the
 * cursor's time, or as old with a smaller id. Undefined (no condition) on the first page.
 */
export function olderThanCursor(
  time: PgColumn,
  id: PgColumn,
  cursor: { at: Date; id: string } | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  return or(lt(time, cursor.at), and(eq(time, cursor.at), lt(id, cursor.id)));
}

/**
 * A row's cursor keys as one text column: a JSON array (`["2026-11-29T12:00:00.123456Z", "…"]`).
 * Only the page's last row needs its keys, and an `ARRAY[…]` column was parsed by the driver on
 * every row (~30 µs of a 26-row contacts page, ~6 % of its server CPU); a text column is read
 * as it is, and `cursorKeysOf` parses the one that is used.
 */
export function cursorKeysColumn(keys: SQL[]): SQL<string> {
  return sql<string>`json_build_array(${sql.join(keys, sql`, `)})::text`;
}

/**
 * A time as a cursor key: ISO text in UTC with PostgreSQL's microseconds (a JavaScript Date keeps
 * only milliseconds, and rows a microsecond apart must not share a cursor).
 */
export function cursorTimeKey(time: PgColumn | SQL): SQL {
  return sql`to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The keys of a `cursorKeysColumn` value. */
export function cursorKeysOf(column: string): string[] {
  return JSON.parse(column) as string[];
}
