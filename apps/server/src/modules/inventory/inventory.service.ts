import {
  categorySlug,
  hasBusinessManagerRights,
  INVENTORY_ERRORS,
  type InventoryCategory,
  type InventoryLocation,
  type InventorySettings,
} from '@crewdesk/domain';
import type { z } from 'zod';
import type { locationInputSchema } from '@crewdesk/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { toCategory, toLocation } from './inventory-view.ts';
import * as repo from './inventory.repo.ts';

export interface InventoryDeps {
  db: Db;
  now: () => Date;
}

export const ITEM = 'Item';
export const CATEGORY = 'Category';
export const LOCATION = 'Location';

/** Costs go to the roles that see the Business Summary (spec section 6). */
export function seesCosts(actor: AccountActor): boolean {
  return hasBusinessManagerRights(actor.role);
}

export function isUniqueViolation(error: unknown): boolean {
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
