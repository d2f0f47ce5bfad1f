import {
  calculatorMaterials,
  estimateInputFromForm,
  forecastWindow,
  fromThousandths,
  instantOfLocal,
  localDateOf,
  stockForecast,
  type CalculatorFormValues,
  type PlannedUse,
  type ReorderList,
  type StockForecast,
} from '@crewdesk/domain';
import type { AccountActor } from '../../plugins/permissions.ts';
import { thousandthsOf, toItem } from './inventory-view.ts';
import * as repo from './inventory.repo.ts';
import { type InventoryDeps } from './inventory.service.ts';

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
export function forecastOf(
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
