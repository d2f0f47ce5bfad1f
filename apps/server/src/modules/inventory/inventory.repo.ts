import { type LocationKind } from '@crewdesk/domain';
import { and, asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { idInAccount, returnedRow } from '../../db/queries.ts';
import {
  employees,
  inventoryCategories,
  inventoryItems,
  inventoryLocations,
  inventoryMovements,
  inventorySettings,
} from '../../db/schema/index.ts';
import { type ItemRow, type MovementRow, type NewMovement } from './inventory-rows.repo.ts';
export { type ItemRow, type MovementRow, type NewMovement };

export type CategoryRow = typeof inventoryCategories.$inferSelect;
export type LocationRow = typeof inventoryLocations.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Settings and the default warehouse
// ---------------------------------------------------------------------------------------------

export async function allowsNegativeStock(db: DbOrTx, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ allow: inventorySettings.allowNegativeStock })
    .from(inventorySettings)
    .where(eq(inventorySettings.accountId, accountId));
  return row?.allow ?? false;
}

export async function saveSettings(db: DbOrTx, accountId: string, allowNegativeStock: boolean) {
  await db
    .insert(inventorySettings)
    .values({ accountId, allowNegativeStock })
    .onConflictDoUpdate({
      target: inventorySettings.accountId,
      set: { allowNegativeStock, updatedAt: sql`now()` },
    });
}

export async function hasWarehouse(db: DbOrTx, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: inventoryLocations.id })
    .from(inventoryLocations)
    .where(
      and(eq(inventoryLocations.accountId, accountId), eq(inventoryLocations.kind, 'warehouse')),
    )
    .limit(1);
  return Boolean(row);
}

/** Serializes the first use of a business's inventory: one default warehouse, not two. */
export async function lockAccountInventory(tx: Tx, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`inventory:${accountId}`}))`);
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

// Spelled out with the table's name: drizzle writes a column of a one-table select without it,
// and inside this subquery "id" would then be the item's own id (every count was 0).
const itemCountSql = sql<number>`(select count(*)::int from ${inventoryItems} i
  where i.account_id = "inventory_categories"."account_id"
    and i.category_id = "inventory_categories"."id")`;

export async function listCategories(db: DbOrTx, accountId: string) {
  return db
    .select({ ...getTableColumns(inventoryCategories), itemCount: itemCountSql })
    .from(inventoryCategories)
    .where(eq(inventoryCategories.accountId, accountId))
    .orderBy(asc(inventoryCategories.name), asc(inventoryCategories.id))
    .limit(1000);
}

export async function findCategory(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({ ...getTableColumns(inventoryCategories), itemCount: itemCountSql })
    .from(inventoryCategories)
    .where(idInAccount(inventoryCategories, accountId, id));
  return row;
}

export async function findCategoryBySlug(db: DbOrTx, accountId: string, slug: string) {
  const [row] = await db
    .select()
    .from(inventoryCategories)
    .where(and(eq(inventoryCategories.accountId, accountId), eq(inventoryCategories.slug, slug)));
  return row;
}

export async function insertCategory(
  db: DbOrTx,
  values: { accountId: string; name: string; slug: string },
) {
  return returnedRow(
    await db.insert(inventoryCategories).values(values).returning(),
    'insert inventory category',
  );
}

export async function updateCategory(
  db: DbOrTx,
  accountId: string,
  id: string,
  values: { name: string; slug: string },
) {
  const [row] = await db
    .update(inventoryCategories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(idInAccount(inventoryCategories, accountId, id))
    .returning();
  return row;
}

export async function deleteCategory(db: DbOrTx, accountId: string, id: string) {
  const rows = await db
    .delete(inventoryCategories)
    .where(idInAccount(inventoryCategories, accountId, id))
    .returning({ id: inventoryCategories.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------------------------

const employeeNameSql = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${employees.firstName}, ${employees.lastName})), '')`;

function locationSelect(db: DbOrTx) {
  return db
    .select({ ...getTableColumns(inventoryLocations), employeeName: employeeNameSql })
    .from(inventoryLocations)
    .leftJoin(
      employees,
      and(
        eq(employees.id, inventoryLocations.employeeId),
        eq(employees.accountId, inventoryLocations.accountId),
      ),
    );
}

export type LocationWithEmployee = LocationRow & { employeeName: string | null };

export async function listLocations(db: DbOrTx, accountId: string) {
  return locationSelect(db)
    .where(eq(inventoryLocations.accountId, accountId))
    .orderBy(
      sql`case ${inventoryLocations.kind} when 'warehouse' then 0 when 'van' then 1 else 2 end`,
      asc(inventoryLocations.name),
      asc(inventoryLocations.id),
    )
    .limit(1000);
}

export async function findLocation(db: DbOrTx, accountId: string, id: string) {
  const [row] = await locationSelect(db).where(idInAccount(inventoryLocations, accountId, id));
  return row;
}

export async function insertLocation(
  db: DbOrTx,
  values: { accountId: string; name: string; kind: LocationKind; employeeId: string | null },
) {
  return returnedRow(
    await db.insert(inventoryLocations).values(values).returning(),
    'insert inventory location',
  );
}

export async function updateLocation(
  db: DbOrTx,
  accountId: string,
  id: string,
  values: { name: string; kind: LocationKind; employeeId: string | null },
) {
  const [row] = await db
    .update(inventoryLocations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(idInAccount(inventoryLocations, accountId, id))
    .returning();
  return row;
}

export async function locationHasMovements(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({ id: inventoryMovements.id })
    .from(inventoryMovements)
    .where(
      and(
        eq(inventoryMovements.accountId, accountId),
        or(eq(inventoryMovements.fromLocationId, id), eq(inventoryMovements.toLocationId, id)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function deleteLocation(db: DbOrTx, accountId: string, id: string) {
  await db.delete(inventoryLocations).where(idInAccount(inventoryLocations, accountId, id));
}

export async function countWarehouses(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inventoryLocations)
    .where(
      and(eq(inventoryLocations.accountId, accountId), eq(inventoryLocations.kind, 'warehouse')),
    );
  return row?.n ?? 0;
}

export async function activeEmployee(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(idInAccount(employees, accountId, id));
  return row;
}

// The repository's other parts, read through this one face (repo.* in the use cases).
export * from './inventory-items.repo.ts';
export * from './inventory-movements.repo.ts';
