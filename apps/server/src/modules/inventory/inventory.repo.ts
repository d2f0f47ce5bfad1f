import { ITEM_IMPORT_MAX_ROWS, type LocationKind } from '@crewdesk/domain';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { idInAccount, returnedRow } from '../../db/queries.ts';
import {
  employees,
  inventoryBalances,
  inventoryCategories,
  inventoryItems,
  inventoryLocations,
  inventoryMovements,
  inventorySettings,
  jobAssignees,
  jobs,
  requests,
  users,
} from '../../db/schema/index.ts';
import { cappedCountColumn } from '../../lib/capped-count.ts';
import { olderThanCursor } from '../../lib/keyset.ts';

export type CategoryRow = typeof inventoryCategories.$inferSelect;
export type ItemRow = typeof inventoryItems.$inferSelect;
export type LocationRow = typeof inventoryLocations.$inferSelect;
export type MovementRow = typeof inventoryMovements.$inferSelect;
export type NewMovement = typeof inventoryMovements.$inferInsert;

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

// ---------------------------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------------------------

/**
 * The item's stock: everywhere, or at one location. The item's columns are spelled out: in a
 * select from items alone drizzle writes them without the table, and inside this subquery a bare
 * account_id would be the balance's own.
 */
function onHandSql(locationId?: string) {
  return sql<string>`coalesce((select sum(b.on_hand) from ${inventoryBalances} b
    where b.account_id = "inventory_items"."account_id" and b.item_id = "inventory_items"."id"
    ${locationId ? sql`and b.location_id = ${locationId}` : sql``}), 0)`;
}

const itemColumns = {
  ...getTableColumns(inventoryItems),
  categoryName: inventoryCategories.name,
};

export type ItemWithStock = ItemRow & { categoryName: string | null; onHand: string };

export interface ItemFilter {
  categoryId?: string;
  locationId?: string;
  low?: boolean;
  q?: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function itemConditions(accountId: string, filter: ItemFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(inventoryItems.accountId, accountId)];
  if (filter.categoryId) conditions.push(eq(inventoryItems.categoryId, filter.categoryId));
  if (filter.locationId) {
    // Every item that has (or had) a balance there: one that ran out shows with 0.
    conditions.push(sql`exists (select 1 from ${inventoryBalances} b
      where b.account_id = "inventory_items"."account_id" and b.item_id = "inventory_items"."id"
      and b.location_id = ${filter.locationId})`);
  }
  if (filter.low) conditions.push(sql`${onHandSql()} <= ${inventoryItems.reorderPoint}`);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(
        ilike(inventoryItems.name, pattern),
        ilike(inventoryItems.sku, pattern),
        ilike(inventoryItems.supplier, pattern),
      ),
    );
  }
  return and(...conditions) as SQL;
}

function itemSelect(db: DbOrTx, locationId?: string) {
  return db
    .select({ ...itemColumns, onHand: onHandSql(locationId) })
    .from(inventoryItems)
    .leftJoin(
      inventoryCategories,
      and(
        eq(inventoryCategories.id, inventoryItems.categoryId),
        eq(inventoryCategories.accountId, inventoryItems.accountId),
      ),
    );
}

/** A page of items with the capped count of all that match, and their stock's value at cost. */
export async function listItems(
  db: DbOrTx,
  accountId: string,
  filter: ItemFilter,
  page: { offset: number; limit: number; cap: number },
) {
  const where = itemConditions(accountId, filter);
  const matching = db
    .select({ one: sql`1` })
    .from(inventoryItems)
    .where(where)
    .limit(page.cap + 1);
  const rows = await db
    .select({
      ...itemColumns,
      onHand: onHandSql(filter.locationId),
      total: cappedCountColumn(matching),
    })
    .from(inventoryItems)
    .leftJoin(
      inventoryCategories,
      and(
        eq(inventoryCategories.id, inventoryItems.categoryId),
        eq(inventoryCategories.accountId, inventoryItems.accountId),
      ),
    )
    .where(where)
    .orderBy(asc(inventoryItems.name), asc(inventoryItems.id))
    .limit(page.limit)
    .offset(page.offset);
  const [value] = await db
    .select({
      cents: sql<string>`coalesce(sum(round(${onHandSql(filter.locationId)} * ${inventoryItems.costCents})), 0)`,
    })
    .from(inventoryItems)
    .where(where);
  return { rows, valueCents: Math.round(Number(value?.cents ?? 0)) };
}

export async function countItems(db: DbOrTx, accountId: string, filter: ItemFilter, cap: number) {
  const [row] = await db
    .select({
      n: cappedCountColumn(
        db
          .select({ one: sql`1` })
          .from(inventoryItems)
          .where(itemConditions(accountId, filter))
          .limit(cap + 1),
      ),
    })
    .from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

export async function findItem(db: DbOrTx, accountId: string, id: string) {
  const [row] = await itemSelect(db).where(idInAccount(inventoryItems, accountId, id));
  return row;
}

export async function allItems(db: DbOrTx, accountId: string, limit: number) {
  return itemSelect(db)
    .where(eq(inventoryItems.accountId, accountId))
    .orderBy(asc(inventoryItems.name), asc(inventoryItems.id))
    .limit(limit);
}

/** The items with one of these SKUs or names: what an import's rows may stand for. */
export async function itemsWithSkuOrName(
  db: DbOrTx,
  accountId: string,
  skus: readonly string[],
  names: readonly string[],
) {
  if (skus.length === 0 && names.length === 0) return [];
  return itemSelect(db)
    .where(
      and(
        eq(inventoryItems.accountId, accountId),
        or(
          skus.length > 0 ? inArray(inventoryItems.sku, [...new Set(skus)]) : undefined,
          names.length > 0 ? inArray(inventoryItems.name, [...new Set(names)]) : undefined,
        ),
      ),
    )
    .orderBy(asc(inventoryItems.name), asc(inventoryItems.id))
    .limit(3 * ITEM_IMPORT_MAX_ROWS);
}

/** The items a visit's materials may add: names, units and kinds only (no costs). */
export async function materialItems(db: DbOrTx, accountId: string, limit: number) {
  return db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      unit: inventoryItems.unit,
      kind: inventoryItems.kind,
    })
    .from(inventoryItems)
    .where(eq(inventoryItems.accountId, accountId))
    .orderBy(asc(inventoryItems.name), asc(inventoryItems.id))
    .limit(limit);
}

/** The balances of these items at these locations. */
export async function balancesAt(
  db: DbOrTx,
  accountId: string,
  itemIds: readonly string[],
  locationIds: readonly string[],
) {
  if (itemIds.length === 0 || locationIds.length === 0) return [];
  return db
    .select({
      itemId: inventoryBalances.itemId,
      locationId: inventoryBalances.locationId,
      onHand: inventoryBalances.onHand,
    })
    .from(inventoryBalances)
    .where(
      and(
        eq(inventoryBalances.accountId, accountId),
        inArray(inventoryBalances.itemId, [...itemIds]),
        inArray(inventoryBalances.locationId, [...locationIds]),
      ),
    )
    .limit(itemIds.length * locationIds.length);
}

export async function itemsOfTools(db: DbOrTx, accountId: string) {
  return itemSelect(db)
    .where(and(eq(inventoryItems.accountId, accountId), isNotNull(inventoryItems.calculatorTool)))
    .orderBy(asc(inventoryItems.name), asc(inventoryItems.id))
    .limit(1000);
}

export type ItemValues = Omit<typeof inventoryItems.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertItems(db: DbOrTx, values: ItemValues[]) {
  if (values.length === 0) return [];
  return db.insert(inventoryItems).values(values).returning();
}

export async function updateItem(
  db: DbOrTx,
  accountId: string,
  id: string,
  values: Omit<ItemValues, 'accountId'>,
) {
  const [row] = await db
    .update(inventoryItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(idInAccount(inventoryItems, accountId, id))
    .returning();
  return row;
}

export async function setItemPhoto(
  db: DbOrTx,
  accountId: string,
  id: string,
  photoKey: string | null,
) {
  await db
    .update(inventoryItems)
    .set({ photoKey, updatedAt: sql`now()` })
    .where(idInAccount(inventoryItems, accountId, id));
}

export async function deleteItem(db: DbOrTx, accountId: string, id: string) {
  await db.delete(inventoryItems).where(idInAccount(inventoryItems, accountId, id));
}

/** The item's stock at each location that ever held it. */
export async function stockOfItem(db: DbOrTx, accountId: string, itemId: string) {
  return db
    .select({
      locationId: inventoryBalances.locationId,
      locationName: inventoryLocations.name,
      kind: inventoryLocations.kind,
      onHand: inventoryBalances.onHand,
    })
    .from(inventoryBalances)
    .innerJoin(
      inventoryLocations,
      and(
        eq(inventoryLocations.id, inventoryBalances.locationId),
        eq(inventoryLocations.accountId, inventoryBalances.accountId),
      ),
    )
    .where(and(eq(inventoryBalances.accountId, accountId), eq(inventoryBalances.itemId, itemId)))
    .orderBy(asc(inventoryLocations.name))
    .limit(1000);
}

export async function categoriesByName(db: DbOrTx, accountId: string) {
  return db
    .select()
    .from(inventoryCategories)
    .where(eq(inventoryCategories.accountId, accountId))
    .limit(10_000);
}

// ---------------------------------------------------------------------------------------------
// Movements and balances
// ---------------------------------------------------------------------------------------------

/**
 * Locks the items a change touches, in id order: every change of one item's stock waits for the
 * one before, so its total before and after (the low-stock check) is exact, and two changes
 * that touch the same items lock them in the same order (no deadlock).
 */
export async function lockItems(tx: Tx, accountId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(inventoryItems)
    .where(and(eq(inventoryItems.accountId, accountId), inArray(inventoryItems.id, [...ids])))
    .orderBy(asc(inventoryItems.id))
    .for('update');
}

/**
 * The balance rows of (item, location) pairs, made at zero where missing and locked FOR UPDATE
 * in (item, location) order.
 */
export async function lockBalances(
  tx: Tx,
  accountId: string,
  pairs: readonly { itemId: string; locationId: string }[],
) {
  if (pairs.length === 0) return [];
  const sorted = [...pairs].sort((a, b) =>
    a.itemId === b.itemId
      ? a.locationId.localeCompare(b.locationId)
      : a.itemId.localeCompare(b.itemId),
  );
  await tx
    .insert(inventoryBalances)
    .values(sorted.map((p) => ({ accountId, itemId: p.itemId, locationId: p.locationId })))
    .onConflictDoNothing();
  return tx
    .select()
    .from(inventoryBalances)
    .where(
      and(
        eq(inventoryBalances.accountId, accountId),
        or(
          ...sorted.map((p) =>
            and(
              eq(inventoryBalances.itemId, p.itemId),
              eq(inventoryBalances.locationId, p.locationId),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(inventoryBalances.itemId), asc(inventoryBalances.locationId))
    .for('update');
}

export async function setBalance(
  tx: Tx,
  accountId: string,
  itemId: string,
  locationId: string,
  onHand: string,
) {
  await tx
    .update(inventoryBalances)
    .set({ onHand, updatedAt: sql`now()` })
    .where(
      and(
        eq(inventoryBalances.accountId, accountId),
        eq(inventoryBalances.itemId, itemId),
        eq(inventoryBalances.locationId, locationId),
      ),
    );
}

/** Each item's stock everywhere, in thousandths-exact decimal text. */
export async function totalsOf(db: DbOrTx, accountId: string, itemIds: readonly string[]) {
  if (itemIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({
      itemId: inventoryBalances.itemId,
      total: sql<string>`sum(${inventoryBalances.onHand})`,
    })
    .from(inventoryBalances)
    .where(
      and(
        eq(inventoryBalances.accountId, accountId),
        inArray(inventoryBalances.itemId, [...itemIds]),
      ),
    )
    .groupBy(inventoryBalances.itemId);
  return new Map(rows.map((r) => [r.itemId, r.total]));
}

export async function insertMovements(tx: Tx, values: NewMovement[]) {
  if (values.length === 0) return [];
  return tx.insert(inventoryMovements).values(values).returning();
}

const fromLocations = alias(inventoryLocations, 'from_location');
const toLocations = alias(inventoryLocations, 'to_location');

function movementSelect(db: DbOrTx) {
  return db
    .select({
      ...getTableColumns(inventoryMovements),
      fromLocationName: fromLocations.name,
      toLocationName: toLocations.name,
      jobTitle: jobs.title,
      byName: users.name,
    })
    .from(inventoryMovements)
    .leftJoin(fromLocations, eq(fromLocations.id, inventoryMovements.fromLocationId))
    .leftJoin(toLocations, eq(toLocations.id, inventoryMovements.toLocationId))
    .leftJoin(
      jobs,
      and(eq(jobs.id, inventoryMovements.jobId), eq(jobs.accountId, inventoryMovements.accountId)),
    )
    .leftJoin(users, eq(users.id, inventoryMovements.createdBy));
}

export type MovementView = MovementRow & {
  fromLocationName: string | null;
  toLocationName: string | null;
  jobTitle: string | null;
  byName: string | null;
};

export async function movementsOfClient(db: DbOrTx, accountId: string, clientId: string) {
  return movementSelect(db)
    .where(
      and(eq(inventoryMovements.accountId, accountId), eq(inventoryMovements.clientId, clientId)),
    )
    .orderBy(asc(inventoryMovements.line))
    .limit(2000);
}

export async function movementPage(
  db: DbOrTx,
  accountId: string,
  itemId: string,
  page: { cursor?: { at: Date; id: string }; limit: number },
) {
  return movementSelect(db)
    .where(
      and(
        eq(inventoryMovements.accountId, accountId),
        eq(inventoryMovements.itemId, itemId),
        olderThanCursor(inventoryMovements.createdAt, inventoryMovements.id, page.cursor),
      ),
    )
    .orderBy(desc(inventoryMovements.createdAt), desc(inventoryMovements.id))
    .limit(page.limit + 1);
}

/** The ledger's sum per location of one item (what the balances must equal). */
export async function ledgerSums(db: DbOrTx, accountId: string, itemId: string) {
  const rows = await db
    .select({
      locationId: sql<string>`l.location_id`,
      total: sql<string>`sum(l.delta)`,
    })
    .from(
      // An adjustment carries its signed difference at to_location_id and has no from.
      sql`(select to_location_id as location_id, quantity as delta
             from ${inventoryMovements}
            where account_id = ${accountId} and item_id = ${itemId} and to_location_id is not null
           union all
           select from_location_id, -quantity
             from ${inventoryMovements}
            where account_id = ${accountId} and item_id = ${itemId} and from_location_id is not null
          ) as l`,
    )
    .groupBy(sql`l.location_id`);
  return new Map(rows.map((r) => [r.locationId, r.total]));
}

/**
 * What a visit recorded and still stands: its materials' movements that were not undone by a
 * later confirmation (and are not themselves the undoing).
 */
export async function standingMaterialsOfJob(db: DbOrTx, accountId: string, jobId: string) {
  return db
    .select({
      ...getTableColumns(inventoryMovements),
      itemName: inventoryItems.name,
      unit: inventoryItems.unit,
      itemKind: inventoryItems.kind,
      fromLocationName: inventoryLocations.name,
    })
    .from(inventoryMovements)
    .innerJoin(
      inventoryItems,
      and(
        eq(inventoryItems.id, inventoryMovements.itemId),
        eq(inventoryItems.accountId, inventoryMovements.accountId),
      ),
    )
    .innerJoin(inventoryLocations, eq(inventoryLocations.id, inventoryMovements.fromLocationId))
    .where(
      and(
        eq(inventoryMovements.accountId, accountId),
        eq(inventoryMovements.jobId, jobId),
        inArray(inventoryMovements.kind, ['used', 'checked_out']),
        sql`${inventoryMovements.reversesId} is null`,
        sql`not exists (select 1 from inventory_movements undone
          where undone.account_id = ${inventoryMovements.accountId}
            and undone.reverses_id = ${inventoryMovements.id})`,
      ),
    )
    .orderBy(asc(inventoryMovements.createdAt), asc(inventoryMovements.line))
    .limit(1000);
}

// ---------------------------------------------------------------------------------------------
// Visits: where their materials come from, and the schedule the forecast reads
// ---------------------------------------------------------------------------------------------

/** The vans of the given team members. */
export async function vansOf(db: DbOrTx, accountId: string, employeeIds: readonly string[]) {
  if (employeeIds.length === 0) return [];
  return db
    .select()
    .from(inventoryLocations)
    .where(
      and(
        eq(inventoryLocations.accountId, accountId),
        eq(inventoryLocations.kind, 'van'),
        inArray(inventoryLocations.employeeId, [...employeeIds]),
      ),
    )
    .orderBy(asc(inventoryLocations.name))
    .limit(100);
}

export async function firstWarehouse(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select()
    .from(inventoryLocations)
    .where(
      and(eq(inventoryLocations.accountId, accountId), eq(inventoryLocations.kind, 'warehouse')),
    )
    .orderBy(asc(inventoryLocations.createdAt), asc(inventoryLocations.id))
    .limit(1);
  return row;
}

export async function requestDetails(db: DbOrTx, accountId: string, requestId: string) {
  const [row] = await db
    .select({ details: requests.details })
    .from(requests)
    .where(idInAccount(requests, accountId, requestId));
  return row?.details;
}

/** How many scheduled visits the forecast reads at most. */
export const FORECAST_VISITS_READ = 5000;

/** The scheduled visits between two instants that came from a request (with its calculator). */
export async function plannedVisits(db: DbOrTx, accountId: string, from: Date, to: Date) {
  return db
    .select({ startsAt: jobs.startsAt, details: requests.details })
    .from(jobs)
    .innerJoin(
      requests,
      and(eq(requests.id, jobs.requestId), eq(requests.accountId, jobs.accountId)),
    )
    .where(
      and(
        eq(jobs.accountId, accountId),
        gte(jobs.startsAt, from),
        lt(jobs.startsAt, to),
        inArray(jobs.status, ['scheduled', 'on_the_way', 'in_progress']),
      ),
    )
    .orderBy(asc(jobs.startsAt))
    .limit(FORECAST_VISITS_READ);
}

/** Every assignee of a visit, in their order on it (first name, id). */
export async function assigneeIdsOf(db: DbOrTx, accountId: string, jobId: string) {
  const rows = await db
    .select({ id: jobAssignees.employeeId })
    .from(jobAssignees)
    .innerJoin(employees, eq(employees.id, jobAssignees.employeeId))
    .where(and(eq(jobAssignees.accountId, accountId), eq(jobAssignees.jobId, jobId)))
    .orderBy(asc(employees.firstName), asc(employees.id));
  return rows.map((r) => r.id);
}
