import type {
  CalculatorToolName,
  InventoryUnit,
  ItemKind,
  LocationKind,
  MovementKind,
} from '@crewdesk/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  accountIdColumn,
  createdAtColumn,
  idColumn,
  ownerIdColumn,
  updatedAtColumn,
  userRefColumn,
} from './columns.ts';
import { employees } from './employees.ts';
import { jobs } from './jobs.ts';

/**
 * Inventory (issue 21). Quantities are numeric(14,3): exact decimals with three places, read
 * as text and summed in thousandths by the domain. Stock changes only through
 * inventory_movements (append-only); inventory_balances is a cache of their sum per item and
 * location, written in the same transaction as each movement under a row lock.
 */
const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });

/** The `{category}` of /inventory/{category}: its slug is unique in the business. */
export const inventoryCategories = pgTable(
  'inventory_categories',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('inventory_categories_account_slug_idx').on(t.accountId, t.slug)],
);

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    sku: text('sku'),
    categoryId: uuid('category_id').references(() => inventoryCategories.id, {
      onDelete: 'set null',
    }),
    unit: text('unit').$type<InventoryUnit>().notNull(),
    kind: text('kind').$type<ItemKind>().notNull(),
    costCents: integer('cost_cents').notNull(),
    salePriceCents: integer('sale_price_cents'),
    reorderPoint: quantity('reorder_point').notNull().default('0'),
    reorderQuantity: quantity('reorder_quantity').notNull().default('0'),
    supplier: text('supplier'),
    calculatorTool: text('calculator_tool').$type<CalculatorToolName>(),
    /** A stored photo's key (lib/photos), when one was added. */
    photoKey: text('photo_key'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('inventory_items_account_name_idx').on(t.accountId, t.name, t.id),
    index('inventory_items_account_category_idx').on(t.accountId, t.categoryId, t.name),
    index('inventory_items_account_tool_idx')
      .on(t.accountId, t.calculatorTool)
      .where(sql`${t.calculatorTool} is not null`),
  ],
);

/** A warehouse, a team member's van, or a site where stock is kept. */
export const inventoryLocations = pgTable(
  'inventory_locations',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    kind: text('kind').$type<LocationKind>().notNull(),
    /** A van's team member. */
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('inventory_locations_account_name_idx').on(t.accountId, t.name),
    index('inventory_locations_account_employee_idx').on(t.accountId, t.employeeId),
  ],
);

/**
 * Every change of stock, never updated or deleted. `quantity` is positive, except for an
 * adjustment, which carries the count's signed difference. `client_id` is the id the client made
 * for the change: a retried request finds its movement and records nothing more.
 */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    clientId: uuid('client_id').notNull(),
    /** The line of the request (a count's or a visit's several items); 0 for a single movement. */
    line: integer('line').notNull().default(0),
    kind: text('kind').$type<MovementKind>().notNull(),
    itemId: ownerIdColumn('item_id', () => inventoryItems.id),
    fromLocationId: uuid('from_location_id').references(() => inventoryLocations.id),
    toLocationId: uuid('to_location_id').references(() => inventoryLocations.id),
    quantity: quantity('quantity').notNull(),
    unitCostCents: integer('unit_cost_cents'),
    supplier: text('supplier'),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    note: text('note'),
    /** A movement that undoes another (a visit's materials recorded again). */
    reversesId: uuid('reverses_id'),
    createdBy: userRefColumn('created_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // One request's client id and line: a count or a visit's materials make several movements.
    uniqueIndex('inventory_movements_client_idx').on(t.accountId, t.clientId, t.line),
    index('inventory_movements_item_idx').on(t.accountId, t.itemId, t.createdAt, t.id),
    index('inventory_movements_job_idx')
      .on(t.accountId, t.jobId)
      .where(sql`${t.jobId} is not null`),
  ],
);

/** The on-hand cache: the sum of the movements per item and location. */
export const inventoryBalances = pgTable(
  'inventory_balances',
  {
    accountId: accountIdColumn(),
    itemId: ownerIdColumn('item_id', () => inventoryItems.id),
    locationId: ownerIdColumn('location_id', () => inventoryLocations.id),
    onHand: quantity('on_hand').notNull().default('0'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.itemId, t.locationId] }),
    index('inventory_balances_location_idx').on(t.accountId, t.locationId),
  ],
);

/** A business's inventory rules; no row means the defaults. */
export const inventorySettings = pgTable('inventory_settings', {
  accountId: accountIdColumn().primaryKey(),
  allowNegativeStock: boolean('allow_negative_stock').notNull().default(false),
  updatedAt: updatedAtColumn(),
});
