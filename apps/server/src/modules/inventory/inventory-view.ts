import {
  fromThousandths,
  toThousandths,
  type InventoryCategory,
  type InventoryItem,
  type InventoryLocation,
  type Movement,
} from '@crewdesk/domain';
import type * as repo from './inventory.repo.ts';

// How the inventory's rows are answered: numbers kept as numeric text read in thousandths.

export function toItem(row: repo.ItemWithStock): InventoryItem {
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

export function toMovement(row: repo.MovementView): Movement {
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

export function toCategory(row: repo.CategoryRow & { itemCount: number }): InventoryCategory {
  return { id: row.id, name: row.name, slug: row.slug, itemCount: row.itemCount };
}

export function toLocation(row: repo.LocationWithEmployee): InventoryLocation {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    employeeId: row.employeeId,
    employeeName: row.employeeName,
  };
}

/** A numeric(14,3) as the database gives it, in thousandths. */
export function thousandthsOf(text: string | number | null | undefined): number {
  return toThousandths(Number(text ?? 0));
}

/** Thousandths as numeric text for the database. */
export function numericText(thousandths: number): string {
  return fromThousandths(thousandths).toFixed(3);
}
