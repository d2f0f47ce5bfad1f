import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { idInAccount } from '../../db/queries.ts';
import {
  employees,
  inventoryBalances,
  inventoryItems,
  inventoryLocations,
  inventoryMovements,
  jobAssignees,
  jobs,
  requests,
  users,
} from '../../db/schema/index.ts';
import { olderThanCursor } from '../../lib/keyset.ts';
import type { MovementRow, NewMovement } from './inventory-rows.repo.ts';

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
