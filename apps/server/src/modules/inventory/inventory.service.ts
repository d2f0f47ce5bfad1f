import {
  calculatorMaterials,
  categorySlug,
  estimateInputFromForm,
  forecastWindow,
  fromThousandths,
  hasBusinessManagerRights,
  instantOfLocal,
  INVENTORY_COUNT_CAP,
  INVENTORY_ERRORS,
  INVENTORY_LIST_DEFAULT_LIMIT,
  INVENTORY_MESSAGES,
  INVENTORY_ROUTE_ROLES,
  isRoleAllowed,
  MATERIALS_SOURCE_NOT_ALLOWED,
  VISIT_MATERIAL_ITEMS_MAX,
  INVENTORY_UNITS,
  localDateOf,
  MOVEMENT_PAGE_DEFAULT_LIMIT,
  quantityFitsUnit,
  stockChangesOf,
  stockForecast,
  toThousandths,
  type CalculatorFormValues,
  type CalculatorToolName,
  type InventoryCategory,
  type InventoryItem,
  type InventoryItemDetail,
  type InventoryItemList,
  type InventoryItemListQuery,
  type InventoryLocation,
  type InventorySettings,
  type ItemKind,
  type Movement,
  type MovementKind,
  type MovementPage,
  type PlannedUse,
  type ReorderList,
  type StockForecast,
  type VisitMaterials,
} from '@crewdesk/domain';
import type { z } from 'zod';
import type {
  countInputSchema,
  itemInputSchema,
  locationInputSchema,
  materialsUsedInputSchema,
  movementInputSchema,
} from '@crewdesk/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { cappedTotal } from '../../lib/capped-count.ts';
import type { ImageStore } from '../../lib/image-store.ts';
import { resizePhoto } from '../../lib/photos.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { recordEvent } from '../events/index.ts';
import { findVisibleVisit } from '../jobs/index.ts';
import * as repo from './inventory.repo.ts';

export interface InventoryDeps {
  db: Db;
  now: () => Date;
}

const ITEM = 'Item';
const CATEGORY = 'Category';
const LOCATION = 'Location';

/** Costs go to the roles that see the Business Summary (spec section 6). */
function seesCosts(actor: AccountActor): boolean {
  return hasBusinessManagerRights(actor.role);
}

/** A numeric(14,3) as the database gives it, in thousandths. */
function thousandthsOf(text: string | number | null | undefined): number {
  return toThousandths(Number(text ?? 0));
}

/** Thousandths as numeric text for the database. */
function numericText(thousandths: number): string {
  return fromThousandths(thousandths).toFixed(3);
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

// ---------------------------------------------------------------------------------------------
// First use and settings
// ---------------------------------------------------------------------------------------------

/** A business gets a "Warehouse" the first time its inventory is used. */
export async function ensureDefaultWarehouse(db: Db, accountId: string): Promise<void> {
  if (await repo.hasWarehouse(db, accountId)) return;
  await db.transaction(async (tx) => {
    await repo.lockAccountInventory(tx, accountId);
    if (await repo.hasWarehouse(tx, accountId)) return;
    await repo.insertLocation(tx, {
      accountId,
      name: 'Warehouse',
      kind: 'warehouse',
      employeeId: null,
    });
  });
}

export async function getSettings(deps: InventoryDeps, actor: AccountActor) {
  return { allowNegativeStock: await repo.allowsNegativeStock(deps.db, actor.accountId) };
}

export async function updateSettings(
  deps: InventoryDeps,
  actor: AccountActor,
  input: InventorySettings,
): Promise<InventorySettings> {
  await repo.saveSettings(deps.db, actor.accountId, input.allowNegativeStock);
  return getSettings(deps, actor);
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

function toCategory(row: repo.CategoryRow & { itemCount: number }): InventoryCategory {
  return { id: row.id, name: row.name, slug: row.slug, itemCount: row.itemCount };
}

export async function listCategories(deps: InventoryDeps, actor: AccountActor) {
  return (await repo.listCategories(deps.db, actor.accountId)).map(toCategory);
}

function slugOrRefuse(name: string): string {
  const slug = categorySlug(name);
  if (!slug) throw new AppError('BAD_REQUEST', 'A category name needs letters or digits.');
  return slug;
}

export async function createCategory(
  deps: InventoryDeps,
  actor: AccountActor,
  input: { name: string },
): Promise<InventoryCategory> {
  const slug = slugOrRefuse(input.name);
  try {
    const row = await repo.insertCategory(deps.db, {
      accountId: actor.accountId,
      name: input.name,
      slug,
    });
    return toCategory({ ...row, itemCount: 0 });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', INVENTORY_ERRORS.categoryTaken);
    throw error;
  }
}

export async function updateCategory(
  deps: InventoryDeps,
  actor: AccountActor,
  id: string,
  input: { name: string },
): Promise<InventoryCategory> {
  const slug = slugOrRefuse(input.name);
  try {
    const row = await repo.updateCategory(deps.db, actor.accountId, id, { name: input.name, slug });
    if (!row) throw notFound(CATEGORY);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', INVENTORY_ERRORS.categoryTaken);
    throw error;
  }
  return toCategory((await repo.findCategory(deps.db, actor.accountId, id))!);
}

/** Its items stay, without a category. */
export async function deleteCategory(deps: InventoryDeps, actor: AccountActor, id: string) {
  if (!(await repo.deleteCategory(deps.db, actor.accountId, id))) throw notFound(CATEGORY);
}

// ---------------------------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------------------------

function toLocation(row: repo.LocationWithEmployee): InventoryLocation {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    employeeId: row.employeeId,
    employeeName: row.employeeName,
  };
}

export async function listLocations(deps: InventoryDeps, actor: AccountActor) {
  await ensureDefaultWarehouse(deps.db, actor.accountId);
  return (await repo.listLocations(deps.db, actor.accountId)).map(toLocation);
}

type LocationInput = z.output<typeof locationInputSchema>;

async function checkLocationInput(db: DbOrTx, accountId: string, input: LocationInput) {
  if (input.employeeId && !(await repo.activeEmployee(db, accountId, input.employeeId)))
    throw new AppError('BAD_REQUEST', 'That team member is not in this business.');
  if (input.kind !== 'van' && input.employeeId)
    throw new AppError('BAD_REQUEST', 'Only a van belongs to a team member.');
}

export async function createLocation(
  deps: InventoryDeps,
  actor: AccountActor,
  input: LocationInput,
): Promise<InventoryLocation> {
  await checkLocationInput(deps.db, actor.accountId, input);
  const row = await repo.insertLocation(deps.db, { accountId: actor.accountId, ...input });
  return toLocation((await repo.findLocation(deps.db, actor.accountId, row.id))!);
}

export async function updateLocation(
  deps: InventoryDeps,
  actor: AccountActor,
  id: string,
  input: LocationInput,
): Promise<InventoryLocation> {
  const before = await repo.findLocation(deps.db, actor.accountId, id);
  if (!before) throw notFound(LOCATION);
  await checkLocationInput(deps.db, actor.accountId, input);
  if (
    before.kind === 'warehouse' &&
    input.kind !== 'warehouse' &&
    (await repo.countWarehouses(deps.db, actor.accountId)) <= 1
  )
    throw new AppError('CONFLICT', INVENTORY_ERRORS.lastWarehouse);
  await repo.updateLocation(deps.db, actor.accountId, id, input);
  return toLocation((await repo.findLocation(deps.db, actor.accountId, id))!);
}

/** Only a location no movement ever touched: the ledger keeps naming the others. */
export async function deleteLocation(deps: InventoryDeps, actor: AccountActor, id: string) {
  const location = await repo.findLocation(deps.db, actor.accountId, id);
  if (!location) throw notFound(LOCATION);
  if (location.kind === 'warehouse' && (await repo.countWarehouses(deps.db, actor.accountId)) <= 1)
    throw new AppError('CONFLICT', INVENTORY_ERRORS.lastWarehouse);
  if (await repo.locationHasMovements(deps.db, actor.accountId, id))
    throw new AppError('CONFLICT', INVENTORY_ERRORS.locationHasHistory);
  await repo.deleteLocation(deps.db, actor.accountId, id);
}

// ---------------------------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------------------------

function toItem(row: repo.ItemWithStock): InventoryItem {
  const onHand = thousandthsOf(row.onHand);
  const reorderPoint = thousandthsOf(row.reorderPoint);
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    unit: row.unit,
    kind: row.kind,
    costCents: row.costCents,
    salePriceCents: row.salePriceCents,
    reorderPoint: fromThousandths(reorderPoint),
    reorderQuantity: fromThousandths(thousandthsOf(row.reorderQuantity)),
    supplier: row.supplier,
    calculatorTool: row.calculatorTool,
    // The file's name is in the URL: a new photo is a new URL, so a kept copy is never stale.
    photoUrl: row.photoKey ? `/api/inventory/items/${row.id}/photo/${row.photoKey}` : null,
    onHand: fromThousandths(onHand),
    low: onHand <= reorderPoint,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listItems(
  deps: InventoryDeps,
  actor: AccountActor,
  query: InventoryItemListQuery,
): Promise<InventoryItemList> {
  let categoryId: string | undefined;
  if (query.category) {
    const category = UUID.test(query.category)
      ? await repo.findCategory(deps.db, actor.accountId, query.category)
      : await repo.findCategoryBySlug(deps.db, actor.accountId, query.category);
    if (!category) throw notFound(CATEGORY);
    categoryId = category.id;
  }
  if (query.locationId && !(await repo.findLocation(deps.db, actor.accountId, query.locationId)))
    throw notFound(LOCATION);
  const filter = {
    categoryId,
    locationId: query.locationId,
    low: query.low === 'true',
    q: query.q,
  };
  const offset = query.offset ?? 0;
  const { rows, valueCents } = await repo.listItems(deps.db, actor.accountId, filter, {
    offset,
    limit: query.limit ?? INVENTORY_LIST_DEFAULT_LIMIT,
    cap: INVENTORY_COUNT_CAP,
  });
  const count =
    rows[0]?.total ??
    (offset > 0 ? await repo.countItems(deps.db, actor.accountId, filter, INVENTORY_COUNT_CAP) : 0);
  return {
    items: rows.map(toItem),
    ...cappedTotal(count, INVENTORY_COUNT_CAP),
    stockValueCents: valueCents,
  };
}

type ItemValues = z.output<typeof itemInputSchema>;

async function itemColumns(db: DbOrTx, accountId: string, input: ItemValues) {
  if (input.categoryId && !(await repo.findCategory(db, accountId, input.categoryId)))
    throw new AppError('BAD_REQUEST', 'That category is not in this business.');
  for (const [label, level] of [
    ['Reorder point', input.reorderPoint],
    ['Reorder quantity', input.reorderQuantity],
  ] as const) {
    if (!quantityFitsUnit(level, input.unit))
      throw new AppError(
        'BAD_REQUEST',
        `${label}: ${INVENTORY_MESSAGES.decimalsNotAllowed(INVENTORY_UNITS[input.unit].label)}`,
      );
  }
  return {
    name: input.name,
    sku: input.sku,
    categoryId: input.categoryId,
    unit: input.unit,
    kind: input.kind,
    costCents: input.costCents,
    salePriceCents: input.salePriceCents,
    reorderPoint: numericText(toThousandths(input.reorderPoint)),
    reorderQuantity: numericText(toThousandths(input.reorderQuantity)),
    supplier: input.supplier,
    calculatorTool: input.calculatorTool,
  };
}

async function itemOrNotFound(db: DbOrTx, accountId: string, id: string) {
  const row = await repo.findItem(db, accountId, id);
  if (!row) throw notFound(ITEM);
  return row;
}

export async function createItem(
  deps: InventoryDeps,
  actor: AccountActor,
  input: ItemValues,
): Promise<InventoryItem> {
  const columns = await itemColumns(deps.db, actor.accountId, input);
  const [row] = await repo.insertItems(deps.db, [{ accountId: actor.accountId, ...columns }]);
  return toItem(await itemOrNotFound(deps.db, actor.accountId, row!.id));
}

export async function updateItem(
  deps: InventoryDeps,
  actor: AccountActor,
  id: string,
  input: ItemValues,
): Promise<InventoryItem> {
  const before = await itemOrNotFound(deps.db, actor.accountId, id);
  const columns = await itemColumns(deps.db, actor.accountId, input);
  // The ledger's quantities were counted in the old unit: a unit without decimals cannot take
  // stock that has parts.
  if (!quantityFitsUnit(Number(before.onHand), input.unit))
    throw new AppError(
      'CONFLICT',
      INVENTORY_MESSAGES.decimalsNotAllowed(INVENTORY_UNITS[input.unit].label),
    );
  await repo.updateItem(deps.db, actor.accountId, id, columns);
  return toItem(await itemOrNotFound(deps.db, actor.accountId, id));
}

/** Only an item with no stock anywhere; its history (and its photo) go with it. */
export async function deleteItem(
  deps: InventoryDeps & { photos: ImageStore },
  actor: AccountActor,
  id: string,
) {
  const item = await itemOrNotFound(deps.db, actor.accountId, id);
  const stock = await repo.stockOfItem(deps.db, actor.accountId, item.id);
  if (stock.some((s) => thousandthsOf(s.onHand) !== 0))
    throw new AppError('CONFLICT', INVENTORY_ERRORS.itemHasStock);
  await repo.deleteItem(deps.db, actor.accountId, id);
  if (item.photoKey) await deps.photos.remove(item.photoKey);
}

/** Puts a photo (resized like a field photo, as JPEG) in the place of the item's previous one. */
export async function setItemPhoto(
  deps: InventoryDeps & { photos: ImageStore },
  actor: AccountActor,
  id: string,
  image: Buffer,
): Promise<InventoryItem> {
  const item = await itemOrNotFound(deps.db, actor.accountId, id);
  const photo = await resizePhoto(image);
  await deps.photos.replace({
    ownerId: item.id,
    image: { bytes: photo.bytes, type: 'image/jpeg' },
    previous: item.photoKey,
    urlPrefix: '',
    setUrl: (name) => repo.setItemPhoto(deps.db, actor.accountId, item.id, name),
  });
  return toItem(await itemOrNotFound(deps.db, actor.accountId, id));
}

export async function removeItemPhoto(
  deps: InventoryDeps & { photos: ImageStore },
  actor: AccountActor,
  id: string,
): Promise<InventoryItem> {
  const item = await itemOrNotFound(deps.db, actor.accountId, id);
  await deps.photos.clear(item.photoKey, () =>
    repo.setItemPhoto(deps.db, actor.accountId, item.id, null),
  );
  return toItem(await itemOrNotFound(deps.db, actor.accountId, id));
}

/** The item's current photo; an earlier one's name (or another item's) is a 404. */
export async function readItemPhoto(
  deps: InventoryDeps & { photos: ImageStore },
  actor: AccountActor,
  id: string,
  name: string,
): Promise<Buffer> {
  const item = await itemOrNotFound(deps.db, actor.accountId, id);
  const bytes = item.photoKey === name ? await deps.photos.read(name) : null;
  if (!bytes) throw notFound('Photo');
  return bytes;
}

function toMovement(row: repo.MovementView): Movement {
  return {
    id: row.id,
    itemId: row.itemId,
    kind: row.kind,
    quantity: fromThousandths(thousandthsOf(row.quantity)),
    fromLocationName: row.fromLocationName,
    toLocationName: row.toLocationName,
    jobId: row.jobId,
    jobTitle: row.jobTitle,
    unitCostCents: row.unitCostCents,
    supplier: row.supplier,
    note: row.note,
    byName: row.byName,
    at: row.createdAt.toISOString(),
  };
}

function encodeCursor(row: { createdAt: Date; id: string }): string {
  return `${row.createdAt.toISOString()}_${row.id}`;
}

function decodeCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('_');
  const date = new Date(at ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(date.getTime()))
    throw new AppError('BAD_REQUEST', 'cursor is not valid; start again from the first page');
  return { at: date, id };
}

export async function movementsOfItem(
  deps: InventoryDeps,
  actor: AccountActor,
  itemId: string,
  query: { cursor?: string; limit?: number },
): Promise<MovementPage> {
  await itemOrNotFound(deps.db, actor.accountId, itemId);
  const limit = query.limit ?? MOVEMENT_PAGE_DEFAULT_LIMIT;
  const rows = await repo.movementPage(deps.db, actor.accountId, itemId, {
    cursor: decodeCursor(query.cursor),
    limit,
  });
  const page = rows.slice(0, limit);
  return {
    items: page.map(toMovement),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

export async function itemDetail(
  deps: InventoryDeps,
  actor: AccountActor,
  id: string,
): Promise<InventoryItemDetail> {
  const row = await itemOrNotFound(deps.db, actor.accountId, id);
  const stock = await repo.stockOfItem(deps.db, actor.accountId, id);
  const planned = await plannedUsesByTool(deps, actor);
  return {
    item: toItem(row),
    stock: stock.map((s) => ({
      locationId: s.locationId,
      locationName: s.locationName,
      kind: s.kind,
      onHand: fromThousandths(thousandthsOf(s.onHand)),
    })),
    movements: await movementsOfItem(deps, actor, id, {}),
    forecast: forecastOf(row, planned, localDateOf(deps.now(), actor.timeZone)),
  };
}

// ---------------------------------------------------------------------------------------------
// The forecast and the reorder list
// ---------------------------------------------------------------------------------------------

/**
 * What the next FORECAST_DAYS days' scheduled visits will use of each calculator tool, by the
 * calculator of the request each came from; dates are the business's.
 */
export async function plannedUsesByTool(
  deps: InventoryDeps,
  actor: AccountActor,
): Promise<Map<string, PlannedUse[]>> {
  const today = localDateOf(deps.now(), actor.timeZone);
  const window = forecastWindow(today);
  const visits = await repo.plannedVisits(
    deps.db,
    actor.accountId,
    instantOfLocal(`${window.from}T00:00`, actor.timeZone),
    instantOfLocal(`${window.to}T00:00`, actor.timeZone),
  );
  const byTool = new Map<string, PlannedUse[]>();
  for (const visit of visits) {
    if (!visit.startsAt) continue;
    const input = estimateInputFromForm(visit.details as CalculatorFormValues);
    if (!input) continue;
    const date = localDateOf(visit.startsAt, actor.timeZone);
    for (const material of calculatorMaterials(input)) {
      const uses = byTool.get(material.toolName) ?? [];
      uses.push({ date, quantity: material.quantity });
      byTool.set(material.toolName, uses);
    }
  }
  return byTool;
}

/** Equipment comes back: only consumables run out. */
function forecastOf(
  row: repo.ItemWithStock,
  planned: Map<string, PlannedUse[]>,
  today: string,
): StockForecast {
  return stockForecast({
    today,
    onHand: fromThousandths(thousandthsOf(row.onHand)),
    reorderPoint: fromThousandths(thousandthsOf(row.reorderPoint)),
    reorderQuantity: fromThousandths(thousandthsOf(row.reorderQuantity)),
    planned:
      row.kind === 'consumable' && row.calculatorTool
        ? (planned.get(row.calculatorTool) ?? [])
        : [],
  });
}

/** How many items the reorder list reads at most. */
const REORDER_READ = 5000;

/**
 * Items at or below their reorder point now, or that the schedule takes there in the horizon
 * (items with a reorder point or quantity set).
 */
export async function reorderList(deps: InventoryDeps, actor: AccountActor): Promise<ReorderList> {
  const planned = await plannedUsesByTool(deps, actor);
  const today = localDateOf(deps.now(), actor.timeZone);
  const rows = await repo.allItems(deps.db, actor.accountId, REORDER_READ);
  const items = rows.flatMap((row) => {
    // An item with neither a reorder point nor a reorder quantity is not reordered by the list.
    if (thousandthsOf(row.reorderPoint) === 0 && thousandthsOf(row.reorderQuantity) === 0)
      return [];
    const forecast = forecastOf(row, planned, today);
    return forecast.reachesReorderPointOn !== null ? [{ item: toItem(row), forecast }] : [];
  });
  // The soonest first.
  items.sort((a, b) =>
    a.forecast.reachesReorderPointOn! < b.forecast.reachesReorderPointOn!
      ? -1
      : a.forecast.reachesReorderPointOn! > b.forecast.reachesReorderPointOn!
        ? 1
        : a.item.name.localeCompare(b.item.name),
  );
  return { items };
}

// ---------------------------------------------------------------------------------------------
// Movements: the one path that changes stock
// ---------------------------------------------------------------------------------------------

/** One line of a change, before the stock is read. */
interface PlannedMovement {
  line: number;
  kind: MovementKind;
  itemId: string;
  fromLocationId: string | null;
  toLocationId: string | null;
  /** Thousandths, positive; for an adjustment, see `counted`. */
  quantity: number;
  /** An adjustment after a count: the counted stock (thousandths); the difference is recorded. */
  counted?: number;
  unitCostCents?: number | null;
  supplier?: string | null;
  jobId?: string | null;
  note?: string | null;
  reversesId?: string | null;
}

function checkKind(kind: MovementKind, itemKind: ItemKind) {
  if (kind === 'used' && itemKind === 'equipment')
    throw new AppError('BAD_REQUEST', INVENTORY_MESSAGES.equipmentNotUsed);
  if ((kind === 'checked_out' || kind === 'checked_in') && itemKind === 'consumable')
    throw new AppError('BAD_REQUEST', INVENTORY_MESSAGES.consumableNotCheckedOut);
}

/**
 * Records a change of stock in the caller's transaction: locks the items and then their balance
 * rows in a fixed order, checks every line against the locked stock, writes the movements, the
 * balances and the ledger events (and the low-stock event of an item that falls to its reorder
 * point). Throws a 409 with the domain's message when a location would go below zero and the
 * business does not allow it; nothing is written then.
 */
async function applyMovements(
  tx: Tx,
  actor: AccountActor,
  clientId: string,
  lines: readonly PlannedMovement[],
): Promise<repo.MovementRow[]> {
  const accountId = actor.accountId;
  const itemIds = [...new Set(lines.map((l) => l.itemId))];
  const items = new Map((await repo.lockItems(tx, accountId, itemIds)).map((i) => [i.id, i]));
  const allowNegative = await repo.allowsNegativeStock(tx, accountId);

  // The stock changes of each line, and the balances they touch.
  const changesOf = lines.map((line) => {
    const item = items.get(line.itemId);
    if (!item) throw notFound(ITEM);
    if (line.kind !== 'adjusted') {
      checkKind(line.kind, item.kind);
      if (!quantityFitsUnit(fromThousandths(line.quantity), item.unit))
        throw new AppError(
          'BAD_REQUEST',
          INVENTORY_MESSAGES.decimalsNotAllowed(INVENTORY_UNITS[item.unit].label),
        );
    }
    return { line, item };
  });
  const pairs = new Map<string, { itemId: string; locationId: string }>();
  for (const { line } of changesOf) {
    for (const locationId of [line.fromLocationId, line.toLocationId]) {
      if (locationId)
        pairs.set(`${line.itemId}:${locationId}`, { itemId: line.itemId, locationId });
    }
  }
  const totalsBefore = await repo.totalsOf(tx, accountId, itemIds);
  const balances = new Map(
    (await repo.lockBalances(tx, accountId, [...pairs.values()])).map((b) => [
      `${b.itemId}:${b.locationId}`,
      thousandthsOf(b.onHand),
    ]),
  );
  const touched = new Set<string>();
  const rows: repo.NewMovement[] = [];
  for (const { line, item } of changesOf) {
    let quantity = line.quantity;
    let changes;
    if (line.kind === 'adjusted') {
      // A count records its difference from the locked stock; a reversal a known difference.
      if (line.counted !== undefined)
        quantity = line.counted - (balances.get(`${line.itemId}:${line.toLocationId}`) ?? 0);
      if (quantity === 0) continue;
      changes = [{ locationId: line.toLocationId!, delta: quantity }];
    } else {
      const result = stockChangesOf({
        kind: line.kind,
        quantity: fromThousandths(line.quantity),
        fromLocationId: line.fromLocationId,
        toLocationId: line.toLocationId,
      });
      if (!result.ok) throw new AppError('BAD_REQUEST', result.message);
      changes = result.changes;
    }
    for (const change of changes) {
      const key = `${line.itemId}:${change.locationId}`;
      const onHand = balances.get(key) ?? 0;
      const next = onHand + change.delta;
      if (next < 0 && change.delta < 0 && !allowNegative) {
        throw new AppError(
          'CONFLICT',
          INVENTORY_MESSAGES.notEnough(item.name, fromThousandths(Math.max(0, onHand)), item.unit),
        );
      }
      balances.set(key, next);
      touched.add(key);
    }
    rows.push({
      accountId,
      clientId,
      line: line.line,
      kind: line.kind,
      itemId: line.itemId,
      fromLocationId: line.fromLocationId,
      toLocationId: line.toLocationId,
      quantity: numericText(quantity),
      unitCostCents: line.unitCostCents ?? null,
      supplier: line.supplier ?? null,
      jobId: line.jobId ?? null,
      note: line.note ?? null,
      reversesId: line.reversesId ?? null,
      createdBy: actor.userId,
    });
  }
  for (const key of touched) {
    const [itemId, locationId] = key.split(':') as [string, string];
    await repo.setBalance(tx, accountId, itemId, locationId, numericText(balances.get(key)!));
  }
  const inserted = await repo.insertMovements(tx, rows);
  for (const movement of inserted) {
    await recordEvent(tx, {
      accountId,
      type: 'inventory_item.stock_moved',
      subjectId: movement.itemId,
      actorUserId: actor.userId,
      payload: { movementId: movement.id, kind: movement.kind, jobId: movement.jobId },
    });
  }
  // The item whose total falls to its reorder point (from above) tells the managers, once.
  const totalsAfter = await repo.totalsOf(tx, accountId, itemIds);
  for (const itemId of itemIds) {
    const item = items.get(itemId)!;
    const point = thousandthsOf(item.reorderPoint);
    const before = thousandthsOf(totalsBefore.get(itemId));
    const after = thousandthsOf(totalsAfter.get(itemId));
    if (before > point && after <= point) {
      await recordEvent(tx, {
        accountId,
        type: 'inventory_item.low_stock',
        subjectId: itemId,
        actorUserId: actor.userId,
        payload: { onHand: fromThousandths(after), reorderPoint: fromThousandths(point) },
      });
    }
  }
  return inserted;
}

/**
 * Runs a change exactly once per clientId: a retry (or a double tap) finds what the first one
 * recorded and records nothing; two at once, the second waits on the unique index and then finds
 * the first's.
 */
async function once<T>(
  deps: InventoryDeps,
  actor: AccountActor,
  clientId: string,
  change: (tx: Tx) => Promise<unknown>,
  answer: (recorded: repo.MovementView[]) => T | Promise<T>,
  sameRequest: (recorded: repo.MovementView[]) => boolean,
): Promise<T> {
  const earlier = await repo.movementsOfClient(deps.db, actor.accountId, clientId);
  if (earlier.length > 0) {
    if (!sameRequest(earlier)) throw new AppError('CONFLICT', INVENTORY_ERRORS.clientIdReused);
    return answer(earlier);
  }
  try {
    await deps.db.transaction(async (tx) => change(tx));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const recorded = await repo.movementsOfClient(deps.db, actor.accountId, clientId);
    if (!sameRequest(recorded)) throw new AppError('CONFLICT', INVENTORY_ERRORS.clientIdReused);
    return answer(recorded);
  }
  return answer(await repo.movementsOfClient(deps.db, actor.accountId, clientId));
}

async function locationsExist(db: DbOrTx, accountId: string, ids: (string | null | undefined)[]) {
  for (const id of new Set(ids.filter((i): i is string => Boolean(i)))) {
    if (!(await repo.findLocation(db, accountId, id))) throw notFound(LOCATION);
  }
}

type MovementBody = z.output<typeof movementInputSchema>;

export async function recordMovement(
  deps: InventoryDeps,
  actor: AccountActor,
  input: MovementBody,
): Promise<Movement> {
  const from = 'fromLocationId' in input ? input.fromLocationId : null;
  const to = 'toLocationId' in input ? input.toLocationId : null;
  const jobId = 'jobId' in input ? input.jobId : null;
  const check = stockChangesOf({
    kind: input.kind,
    quantity: input.quantity,
    fromLocationId: from,
    toLocationId: to,
  });
  if (!check.ok) throw new AppError('BAD_REQUEST', check.message);
  return once(
    deps,
    actor,
    input.clientId,
    async (tx) => {
      await itemOrNotFound(tx, actor.accountId, input.itemId);
      await locationsExist(tx, actor.accountId, [from, to]);
      if (jobId) await findVisibleVisit(tx, actor, jobId);
      await applyMovements(tx, actor, input.clientId, [
        {
          line: 0,
          kind: input.kind,
          itemId: input.itemId,
          fromLocationId: from,
          toLocationId: to,
          quantity: toThousandths(input.quantity),
          unitCostCents: input.kind === 'received' ? input.unitCostCents : null,
          supplier: input.kind === 'received' ? input.supplier : null,
          jobId,
          note: input.note,
        },
      ]);
    },
    (recorded) => toMovement(recorded[0]!),
    (recorded) =>
      recorded.length === 1 &&
      recorded[0]!.kind === input.kind &&
      recorded[0]!.itemId === input.itemId,
  );
}

type CountBody = z.output<typeof countInputSchema>;

/** A stock-take of one location: each counted item's difference becomes an adjustment. */
export async function recordCount(
  deps: InventoryDeps,
  actor: AccountActor,
  input: CountBody,
): Promise<{ adjustments: Movement[] }> {
  const itemIds = input.lines.map((l) => l.itemId);
  if (new Set(itemIds).size !== itemIds.length)
    throw new AppError('BAD_REQUEST', 'Count each item once.');
  return once(
    deps,
    actor,
    input.clientId,
    async (tx) => {
      await locationsExist(tx, actor.accountId, [input.locationId]);
      const items = new Map(
        (await repo.lockItems(tx, actor.accountId, itemIds)).map((i) => [i.id, i]),
      );
      for (const line of input.lines) {
        const item = items.get(line.itemId);
        if (!item) throw notFound(ITEM);
        if (!quantityFitsUnit(line.counted, item.unit))
          throw new AppError(
            'BAD_REQUEST',
            INVENTORY_MESSAGES.decimalsNotAllowed(INVENTORY_UNITS[item.unit].label),
          );
      }
      await applyMovements(
        tx,
        actor,
        input.clientId,
        input.lines.map((line, index) => ({
          line: index,
          kind: 'adjusted',
          itemId: line.itemId,
          fromLocationId: null,
          toLocationId: input.locationId,
          quantity: 0,
          counted: toThousandths(line.counted),
          note: input.reason,
        })),
      );
    },
    (recorded) => ({ adjustments: recorded.map(toMovement) }),
    (recorded) => recorded.every((r) => r.kind === 'adjusted'),
  );
}

// ---------------------------------------------------------------------------------------------
// A visit's materials
// ---------------------------------------------------------------------------------------------

/** Those who manage stock (spec section 6: /inventory) may take materials from anywhere. */
function managesStock(actor: AccountActor): boolean {
  return isRoleAllowed(actor.role, actor.accountId, INVENTORY_ROUTE_ROLES);
}

/**
 * Where a visit's materials come from: its first assignee's van, else the first warehouse; and
 * every location the person may choose (the warehouses and the vans of the visit's team, or
 * every location for those who manage stock).
 */
async function visitSources(deps: InventoryDeps, actor: AccountActor, jobId: string) {
  await ensureDefaultWarehouse(deps.db, actor.accountId);
  const assignees = await repo.assigneeIdsOf(deps.db, actor.accountId, jobId);
  const vans = await repo.vansOf(deps.db, actor.accountId, assignees);
  const van = assignees
    .map((id) => vans.find((v) => v.employeeId === id))
    .find((v) => v !== undefined);
  const warehouse = await repo.firstWarehouse(deps.db, actor.accountId);
  const all = await repo.listLocations(deps.db, actor.accountId);
  const vanIds = new Set(vans.map((v) => v.id));
  const choices = managesStock(actor)
    ? all
    : all.filter((l) => l.kind === 'warehouse' || vanIds.has(l.id));
  return { van: van ?? null, warehouse: warehouse ?? null, choices };
}

/** What the consumables a visit recorded cost, at the cost each kept (job costing). */
export async function visitMaterialCostCents(
  db: DbOrTx,
  accountId: string,
  jobId: string,
): Promise<number> {
  const standing = await repo.standingMaterialsOfJob(db, accountId, jobId);
  return costOf(standing);
}

function costOf(standing: Awaited<ReturnType<typeof repo.standingMaterialsOfJob>>): number {
  return standing
    .filter((m) => m.kind === 'used')
    .reduce((sum, m) => sum + Math.round(Number(m.quantity) * (m.unitCostCents ?? 0)), 0);
}

async function materialsAnswer(
  deps: InventoryDeps,
  actor: AccountActor,
  job: { id: string; requestId: string | null },
): Promise<VisitMaterials> {
  const { van, warehouse, choices } = await visitSources(deps, actor, job.id);
  const defaultLocation = van ?? warehouse;
  const nameOf = new Map(choices.map((l) => [l.id, l.name]));
  const details = job.requestId
    ? await repo.requestDetails(deps.db, actor.accountId, job.requestId)
    : undefined;
  const input = details ? estimateInputFromForm(details as CalculatorFormValues) : null;
  const tools = input ? calculatorMaterials(input) : [];
  const items = await repo.itemsOfTools(deps.db, actor.accountId);
  const suggested = tools.map((tool) => {
    const item = items.find((i) => i.calculatorTool === tool.toolName);
    // Equipment is checked out from the warehouse to the van; consumables come from the van.
    const from = item?.kind === 'equipment' && van ? warehouse : defaultLocation;
    return {
      toolName: tool.toolName as CalculatorToolName,
      itemId: item?.id ?? null,
      itemName: item?.name ?? null,
      unit: item?.unit ?? null,
      kind: item?.kind ?? null,
      quantity: tool.quantity,
      fromLocationId: item ? (from?.id ?? null) : null,
      fromLocationName: item && from ? (nameOf.get(from.id) ?? from.name) : null,
    };
  });
  const catalogue = await repo.materialItems(deps.db, actor.accountId, VISIT_MATERIAL_ITEMS_MAX);
  const balances = await repo.balancesAt(
    deps.db,
    actor.accountId,
    catalogue.map((i) => i.id),
    choices.map((l) => l.id),
  );
  const standing = await repo.standingMaterialsOfJob(deps.db, actor.accountId, job.id);
  const materialCostCents = costOf(standing);
  const last = standing.reduce<Date | null>(
    (latest, m) => (latest === null || m.createdAt > latest ? m.createdAt : latest),
    null,
  );
  return {
    jobId: job.id,
    defaultLocationId: defaultLocation?.id ?? null,
    suggested,
    recorded: standing.map((m) => ({
      itemId: m.itemId,
      itemName: m.itemName,
      unit: m.unit,
      kind: m.itemKind,
      quantity: fromThousandths(thousandthsOf(m.quantity)),
      fromLocationId: m.fromLocationId!,
      fromLocationName: m.fromLocationName,
    })),
    sources: choices.map((l) => ({ id: l.id, name: l.name, kind: l.kind })),
    items: catalogue.map((i) => ({
      ...i,
      stock: balances
        .filter((b) => b.itemId === i.id)
        .map((b) => ({
          locationId: b.locationId,
          onHand: fromThousandths(thousandthsOf(b.onHand)),
        })),
    })),
    recordedAt: last?.toISOString() ?? null,
    ...(seesCosts(actor) ? { materialCostCents } : {}),
  };
}

export async function visitMaterials(
  deps: InventoryDeps,
  actor: AccountActor,
  jobId: string,
): Promise<VisitMaterials> {
  const { job } = await findVisibleVisit(deps.db, actor, jobId);
  return materialsAnswer(deps, actor, job);
}

type MaterialsBody = z.output<typeof materialsUsedInputSchema>;

/**
 * Confirms what a visit used. It replaces what the visit recorded before: each standing line is
 * undone (a used consumable comes back by an adjustment, checked-out equipment is checked in),
 * then the new lines are recorded — consumables as used, equipment as checked out from where it
 * was to the visit's van (equipment already in that van moves nowhere and records nothing).
 */
export async function confirmMaterials(
  deps: InventoryDeps,
  actor: AccountActor,
  jobId: string,
  input: MaterialsBody,
): Promise<VisitMaterials> {
  const { job } = await findVisibleVisit(deps.db, actor, jobId);
  const { van, choices } = await visitSources(deps, actor, job.id);
  const allowed = new Set(choices.map((l) => l.id));
  return once(
    deps,
    actor,
    input.clientId,
    async (tx) => {
      await locationsExist(
        tx,
        actor.accountId,
        input.lines.map((l) => l.fromLocationId),
      );
      if (input.lines.some((l) => !allowed.has(l.fromLocationId)))
        throw new AppError('BAD_REQUEST', MATERIALS_SOURCE_NOT_ALLOWED);
      const standing = await repo.standingMaterialsOfJob(tx, actor.accountId, job.id);
      const items = new Map(
        (
          await repo.lockItems(tx, actor.accountId, [...new Set(input.lines.map((l) => l.itemId))])
        ).map((i) => [i.id, i]),
      );
      const lines: PlannedMovement[] = [];
      for (const old of standing) {
        const quantity = thousandthsOf(old.quantity);
        lines.push(
          old.kind === 'used'
            ? {
                line: lines.length,
                kind: 'adjusted',
                itemId: old.itemId,
                fromLocationId: null,
                toLocationId: old.fromLocationId,
                quantity,
                jobId: job.id,
                note: 'The visit’s materials were recorded again.',
                reversesId: old.id,
              }
            : {
                line: lines.length,
                kind: 'checked_in',
                itemId: old.itemId,
                fromLocationId: old.toLocationId,
                toLocationId: old.fromLocationId,
                quantity,
                jobId: job.id,
                note: 'The visit’s materials were recorded again.',
                reversesId: old.id,
              },
        );
      }
      for (const entry of input.lines) {
        const item = items.get(entry.itemId);
        if (!item) throw notFound(ITEM);
        const quantity = toThousandths(entry.quantity);
        if (item.kind === 'consumable') {
          lines.push({
            line: lines.length,
            kind: 'used',
            itemId: item.id,
            fromLocationId: entry.fromLocationId,
            toLocationId: null,
            quantity,
            unitCostCents: item.costCents,
            jobId: job.id,
          });
        } else {
          if (!van)
            throw new AppError(
              'BAD_REQUEST',
              'Give the visit’s team member a van to check equipment out to.',
            );
          if (entry.fromLocationId === van.id) continue;
          lines.push({
            line: lines.length,
            kind: 'checked_out',
            itemId: item.id,
            fromLocationId: entry.fromLocationId,
            toLocationId: van.id,
            quantity,
            jobId: job.id,
          });
        }
      }
      await applyMovements(tx, actor, input.clientId, lines);
    },
    () => materialsAnswer(deps, actor, job),
    (recorded) => recorded.every((r) => r.jobId === job.id),
  );
}
