import {
  calculatorMaterials,
  estimateInputFromForm,
  fromThousandths,
  INVENTORY_ROUTE_ROLES,
  isRoleAllowed,
  MATERIALS_SOURCE_NOT_ALLOWED,
  VISIT_MATERIAL_ITEMS_MAX,
  toThousandths,
  type CalculatorFormValues,
  type CalculatorToolName,
  type VisitMaterials,
} from '@crewdesk/domain';
import type { z } from 'zod';
import type { materialsUsedInputSchema } from '@crewdesk/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { findVisibleVisit } from '../jobs/index.ts';
import { thousandthsOf } from './inventory-view.ts';
import * as repo from './inventory.repo.ts';
import {
  type PlannedMovement,
  applyMovements,
  locationsExist,
  once,
} from './inventory-stock.service.ts';
import {
  ITEM,
  type InventoryDeps,
  ensureDefaultWarehouse,
  seesCosts,
} from './inventory.service.ts';

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
