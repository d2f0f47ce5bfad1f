import {
  fromThousandths,
  INVENTORY_ERRORS,
  INVENTORY_MESSAGES,
  INVENTORY_UNITS,
  quantityFitsUnit,
  stockChangesOf,
  toThousandths,
  type ItemKind,
  type Movement,
  type MovementKind,
} from '@crewdesk/domain';
import type { z } from 'zod';
import type { countInputSchema, movementInputSchema } from '@crewdesk/domain';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { recordEvent } from '../events/index.ts';
import { findVisibleVisit } from '../jobs/index.ts';
import { numericText, thousandthsOf, toMovement } from './inventory-view.ts';
import * as repo from './inventory.repo.ts';
import { itemOrNotFound } from './inventory-items.service.ts';
import { ITEM, type InventoryDeps, LOCATION, isUniqueViolation } from './inventory.service.ts';

// ---------------------------------------------------------------------------------------------
// Movements: the one path that changes stock
// ---------------------------------------------------------------------------------------------

/** One line of a change, before the stock is read. */
export interface PlannedMovement {
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
export async function applyMovements(
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
export async function once<T>(
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

export async function locationsExist(
  db: DbOrTx,
  accountId: string,
  ids: (string | null | undefined)[],
) {
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
