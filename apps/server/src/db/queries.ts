import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { accountMembers } from './schema/index.ts';

/**
 * One row of a tenant table by its id, and only within the account: a row of another account is
 * not found rather than read or changed.
 */
export function idInAccount(
  table: { accountId: AnyPgColumn; id: AnyPgColumn },
  accountId: string,
  id: string,
): SQL {
  return and(eq(table.accountId, accountId), eq(table.id, id)) as SQL;
}

/**
 * The row an insert or update … returning() wrote. Its absence is a fault of the database or the
 * query, never of the caller's input, so it is a plain error (a 500), not a not-found.
 */
export function returnedRow<Row>(rows: readonly Row[], what: string): Row {
  const [row] = rows;
  if (!row) throw new Error(`${what} returned no row`);
  return row;
}

/** The user's membership of the account, while it is not deactivated (a deactivated one grants nothing). */
export function activeMembership(accountId: string, userId: string): SQL {
  return and(
    eq(accountMembers.organizationId, accountId),
    eq(accountMembers.userId, userId),
    isNull(accountMembers.deactivatedAt),
  ) as SQL;
}
