import { and, eq, lt, or, type SQL } from 'drizzle-orm';
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
