import { ITEM_IMPORT_MAX_ROWS } from '@crewdesk/domain';
import {
  and,
  asc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idInAccount } from '../../db/queries.ts';
import {
  inventoryBalances,
  inventoryCategories,
  inventoryItems,
  inventoryLocations,
} from '../../db/schema/index.ts';
import { cappedCountColumn } from '../../lib/capped-count.ts';
import type { ItemRow } from './inventory-rows.repo.ts';

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
