import {
  fromThousandths,
  INVENTORY_COUNT_CAP,
  INVENTORY_ERRORS,
  INVENTORY_LIST_DEFAULT_LIMIT,
  INVENTORY_MESSAGES,
  INVENTORY_UNITS,
  localDateOf,
  MOVEMENT_PAGE_DEFAULT_LIMIT,
  quantityFitsUnit,
  toThousandths,
  type InventoryItem,
  type InventoryItemDetail,
  type InventoryItemList,
  type InventoryItemListQuery,
  type MovementPage,
} from '@crewdesk/domain';
import type { z } from 'zod';
import type { itemInputSchema } from '@crewdesk/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { cappedTotal } from '../../lib/capped-count.ts';
import type { ImageStore } from '../../lib/image-store.ts';
import { resizePhoto } from '../../lib/photos.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { numericText, thousandthsOf, toItem, toMovement } from './inventory-view.ts';
import * as repo from './inventory.repo.ts';
import { forecastOf, plannedUsesByTool } from './inventory-forecast.service.ts';
import { CATEGORY, ITEM, type InventoryDeps, LOCATION } from './inventory.service.ts';

// ---------------------------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------------------------

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

export async function itemOrNotFound(db: DbOrTx, accountId: string, id: string) {
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
