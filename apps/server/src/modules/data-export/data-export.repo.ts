import { and, asc, count, desc, eq, getTableColumns, inArray, lt } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  accountMembers,
  businessAccounts,
  customers,
  dataExports,
  invoices,
  jobs,
  requests,
  users,
} from '../../db/schema/index.ts';
import { accountIdColumnOf } from './tables.ts';

export type DataExportRow = typeof dataExports.$inferSelect;

export async function insertExport(
  db: DbOrTx,
  row: { accountId: string; requestedBy: string; expiresAt: Date },
): Promise<DataExportRow> {
  const [created] = await db
    .insert(dataExports)
    .values({ ...row, status: 'queued' })
    .returning();
  if (!created) throw new Error('data export not created');
  return created;
}

export const listExports = (db: DbOrTx, accountId: string) =>
  db
    .select()
    .from(dataExports)
    .where(eq(dataExports.accountId, accountId))
    .orderBy(desc(dataExports.createdAt))
    .limit(100);

export async function findExport(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.accountId, accountId), eq(dataExports.id, id)));
  return row ?? null;
}

/** The job reads its row by id alone: the id came from a row the account's admin made. */
export async function findExportForJob(db: DbOrTx, id: string): Promise<DataExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row ?? null;
}

/** Answers whether the row was there to change. */
export async function updateExport(
  db: DbOrTx,
  id: string,
  change: Partial<Omit<DataExportRow, 'id' | 'accountId'>>,
): Promise<boolean> {
  const changed = await db
    .update(dataExports)
    .set(change)
    .where(eq(dataExports.id, id))
    .returning({ id: dataExports.id });
  return changed.length > 0;
}

export const deleteExport = (db: DbOrTx, accountId: string, id: string) =>
  db.delete(dataExports).where(and(eq(dataExports.accountId, accountId), eq(dataExports.id, id)));

export const expiredExports = (db: DbOrTx, now: Date) =>
  db.select().from(dataExports).where(lt(dataExports.expiresAt, now));

export const deleteExportsById = (db: DbOrTx, ids: string[]) =>
  ids.length === 0 ? Promise.resolve() : db.delete(dataExports).where(inArray(dataExports.id, ids));

/** Every row of one account table, in the order of its first primary-key column. */
export async function accountRows(
  db: DbOrTx,
  table: PgTable,
  accountId: string,
): Promise<Record<string, unknown>[]> {
  const columns = Object.values(getTableColumns(table));
  // History tables are ordered by their sequence, so an import numbers them again in order.
  const order = columns.find((c) => c.name === 'seq') ?? columns.find((c) => c.primary);
  const query = db
    .select()
    .from(table)
    .where(eq(accountIdColumnOf(table), accountId))
    .$dynamic();
  return order ? query.orderBy(asc(order)) : query;
}

export async function accountRow(db: DbOrTx, accountId: string) {
  const [row] = await db.select().from(businessAccounts).where(eq(businessAccounts.id, accountId));
  return row ?? null;
}

/** The members of an account with their public fields only (never secrets). */
export const membersOf = (db: DbOrTx, accountId: string) =>
  db
    .select({
      user_id: users.id,
      name: users.name,
      email: users.email,
      role: accountMembers.role,
      created_at: accountMembers.createdAt,
      deactivated_at: accountMembers.deactivatedAt,
    })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(eq(accountMembers.organizationId, accountId))
    .orderBy(asc(accountMembers.createdAt));

/** Whether the business has none of the records people make: only such a one takes an import. */
export async function isEmptyAccount(db: DbOrTx, accountId: string): Promise<boolean> {
  for (const table of [customers, requests, jobs, invoices]) {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.accountId, accountId));
    if ((row?.n ?? 0) > 0) return false;
  }
  return true;
}

export const setAccountLogo = (db: DbOrTx, accountId: string, logo: string | null) =>
  db.update(businessAccounts).set({ logo }).where(eq(businessAccounts.id, accountId));
