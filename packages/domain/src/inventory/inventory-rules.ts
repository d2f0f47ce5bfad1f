import { businessSlug } from '../accounts/accounts.ts';
import { addDaysToDate } from '../schedule/zoned-time.ts';
import { toolsFor, type EstimateInput } from '../pricing/calculator.ts';

/**
 * Inventory's rules (issue 21): units and their decimals, what each movement does to the stock
 * of a location, the materials a visit uses by the calculator's own tool rules (spec section 9),
 * and the forecast of when an item runs out from the visits on the schedule.
 *
 * Quantities are kept in thousandths of a unit (integers) in every sum here, so 0.1 + 0.2 is
 * exactly 0.3; the API and the database speak decimals with at most three places.
 */

/** Units an item is counted in; `decimals` says whether parts of one may be counted. */
export const INVENTORY_UNITS = {
  each: { label: 'each', decimals: false },
  bottle: { label: 'bottle', decimals: false },
  box: { label: 'box', decimals: false },
  pack: { label: 'pack', decimals: false },
  roll: { label: 'roll', decimals: false },
  pair: { label: 'pair', decimals: false },
  kit: { label: 'kit', decimals: false },
  // Keys as stored since the first version; what people read is US English (the labels).
  litre: { label: 'liter', decimals: true },
  gallon: { label: 'gallon', decimals: true },
  kilogram: { label: 'kilogram', decimals: true },
  pound: { label: 'pound', decimals: true },
  metre: { label: 'meter', decimals: true },
  foot: { label: 'foot', decimals: true },
} as const;
export type InventoryUnit = keyof typeof INVENTORY_UNITS;
export const INVENTORY_UNIT_VALUES = Object.keys(INVENTORY_UNITS) as InventoryUnit[];

/** Consumables are used up; equipment (the vacuum, the basic kit) is checked out and back. */
export const ITEM_KINDS = ['consumable', 'equipment'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const LOCATION_KINDS = ['warehouse', 'van', 'site'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/**
 * Every change of stock. Received arrives from a supplier; used is consumed on a visit;
 * returned goes back to the supplier; adjusted is a count's difference (with its reason);
 * transferred, checked out (equipment to a van) and checked in (back) move stock between two
 * locations.
 */
export const MOVEMENT_KINDS = [
  'received',
  'used',
  'transferred',
  'adjusted',
  'returned',
  'checked_out',
  'checked_in',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const INVENTORY_MESSAGES = {
  decimalsNotAllowed: (unit: string) =>
    `This item is counted in whole ${unit}s: enter a whole number.`,
  notEnough: (name: string, available: number, unit: InventoryUnit) =>
    available > 0
      ? `Only ${quantityWithUnit(available, unit)} of ${name} left there: the stock cannot go below zero.`
      : `None of ${name} is left there: the stock cannot go below zero.`,
  sameLocation: 'Choose two different locations to transfer between.',
  reasonRequired: 'Say why the count changed (for example: counted on the shelf).',
  equipmentNotUsed: 'Equipment is checked out and back, not used up.',
  consumableNotCheckedOut: 'Consumables are used, not checked out.',
  quantityPositive: 'Enter a quantity above zero.',
} as const;

// ---------------------------------------------------------------------------------------------
// Quantities
// ---------------------------------------------------------------------------------------------

/** A decimal quantity (at most three places) in thousandths. */
export function toThousandths(quantity: number): number {
  return Math.round(quantity * 1000);
}

export function fromThousandths(thousandths: number): number {
  return thousandths / 1000;
}

/** True when `quantity` may be counted in `unit` (whole numbers for units that have no parts). */
export function quantityFitsUnit(quantity: number, unit: InventoryUnit): boolean {
  return INVENTORY_UNITS[unit].decimals || Number.isInteger(quantity);
}

export function formatQuantity(quantity: number): string {
  return quantity.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

const PLURAL_UNITS: Partial<Record<InventoryUnit, string>> = { box: 'boxes', foot: 'feet' };

/** "1 bottle", "10 bottles", "2.5 liters", "3 feet"; items counted "each" are just "3". */
export function quantityWithUnit(quantity: number, unit: InventoryUnit): string {
  const amount = formatQuantity(quantity);
  if (unit === 'each') return amount;
  const singular = INVENTORY_UNITS[unit].label;
  const label = quantity === 1 ? singular : (PLURAL_UNITS[unit] ?? `${singular}s`);
  return `${amount} ${label}`;
}

/** `/inventory/{category}`: the spec's slug rule (lowercase, non-alphanumerics to hyphens). */
export function categorySlug(name: string): string {
  return businessSlug(name);
}

// ---------------------------------------------------------------------------------------------
// Movements
// ---------------------------------------------------------------------------------------------

/** What a movement does to the stock of each location it touches, in thousandths. */
export interface StockChange {
  locationId: string;
  delta: number;
}

export interface MovementInput {
  kind: MovementKind;
  quantity: number;
  /** Where the stock leaves (used, transferred, returned to a supplier, checked out). */
  fromLocationId?: string | null;
  /** Where the stock arrives (received, transferred, checked out to a van, checked in). */
  toLocationId?: string | null;
  /** An adjustment after a count: the signed difference, counted minus expected. */
  signedQuantity?: number;
}

/**
 * The stock changes of one movement, or the reason it cannot be made. An adjustment carries its
 * signed difference; every other kind a positive quantity.
 */
export function stockChangesOf(
  movement: MovementInput,
): { ok: true; changes: StockChange[] } | { ok: false; message: string } {
  const amount = toThousandths(movement.quantity);
  const from = movement.fromLocationId ?? null;
  const to = movement.toLocationId ?? null;
  if (movement.kind === 'adjusted') {
    const location = to ?? from;
    const delta = toThousandths(movement.signedQuantity ?? 0);
    if (!location) return { ok: false, message: 'Choose the location that was counted.' };
    return { ok: true, changes: delta === 0 ? [] : [{ locationId: location, delta }] };
  }
  if (amount <= 0) return { ok: false, message: INVENTORY_MESSAGES.quantityPositive };
  switch (movement.kind) {
    case 'received':
      return to
        ? { ok: true, changes: [{ locationId: to, delta: amount }] }
        : { ok: false, message: 'Choose where the stock arrives.' };
    case 'used':
    case 'returned':
      return from
        ? { ok: true, changes: [{ locationId: from, delta: -amount }] }
        : { ok: false, message: 'Choose where the stock is taken from.' };
    case 'transferred':
    case 'checked_out':
    case 'checked_in':
      if (!from || !to) return { ok: false, message: 'Choose both locations.' };
      if (from === to) return { ok: false, message: INVENTORY_MESSAGES.sameLocation };
      return {
        ok: true,
        changes: [
          { locationId: from, delta: -amount },
          { locationId: to, delta: amount },
        ],
      };
  }
}

/** The balance after a change, or null when it would go below zero and that is not allowed. */
export function balanceAfter(onHand: number, delta: number, allowNegative: boolean): number | null {
  const next = onHand + delta;
  return next < 0 && !allowNegative && delta < 0 ? null : next;
}

// ---------------------------------------------------------------------------------------------
// Materials a visit uses: the calculator's own tool rules (spec section 9)
// ---------------------------------------------------------------------------------------------

/** One line of "Materials used" as the calculator sees it, by its tool name. */
export interface CalculatorMaterial {
  toolName: string;
  quantity: number;
}

/**
 * What the calculator says a visit needs (its tools and consumables for the quote's inputs):
 * the lines "Materials used" starts from, matched to items by their linked tool name.
 */
export function calculatorMaterials(input: EstimateInput): CalculatorMaterial[] {
  return toolsFor(input).map((tool) => ({ toolName: tool.name, quantity: tool.quantity }));
}

// ---------------------------------------------------------------------------------------------
// The forecast: when an item runs out, from the visits on the schedule
// ---------------------------------------------------------------------------------------------

/** One scheduled visit's expected use of the item (from its calculator inputs). */
export interface PlannedUse {
  /** The visit's local date (YYYY-MM-DD). */
  date: string;
  quantity: number;
}

export interface StockForecast {
  /** The planned use in the horizon, all visits together. */
  plannedUse: number;
  /** The day of the visit that uses the last of the stock (or more); null if it lasts. */
  runsOutOn: string | null;
  /** The first day the stock would reach the reorder point; null if it stays above. */
  reachesReorderPointOn: string | null;
  /**
   * What to order now: enough for the horizon's visits and back to the reorder point, at least
   * the reorder quantity, in whole units; 0 when the stock stays above the reorder point.
   */
  orderQuantity: number;
}

/**
 * Walks the planned uses day by day from `onHand`: when the stock would reach the reorder
 * point and when it would run out, and how much to order to cover the horizon's visits and
 * end at the reorder point (at least the usual reorder quantity, in whole units).
 */
export function stockForecast(input: {
  /** The local date the forecast is made on. */
  today: string;
  onHand: number;
  reorderPoint: number;
  reorderQuantity: number;
  planned: readonly PlannedUse[];
}): StockForecast {
  const byDate = new Map<string, number>();
  for (const use of input.planned) {
    byDate.set(use.date, (byDate.get(use.date) ?? 0) + toThousandths(use.quantity));
  }
  const dates = [...byDate.keys()].sort();
  const reorderPoint = toThousandths(input.reorderPoint);
  let stock = toThousandths(input.onHand);
  let runsOutOn: string | null = null;
  let reachesReorderPointOn: string | null = stock <= reorderPoint ? input.today : null;
  let used = 0;
  for (const date of dates) {
    const use = byDate.get(date)!;
    stock -= use;
    used += use;
    if (reachesReorderPointOn === null && stock <= reorderPoint) reachesReorderPointOn = date;
    // The visit that uses the last of it (or more than is left): from then on there is none.
    if (runsOutOn === null && stock <= 0) runsOutOn = date;
  }
  // At or below the reorder point by the horizon's end: back up to it, and at least the usual
  // reorder quantity.
  const needed =
    stock <= reorderPoint
      ? Math.max(reorderPoint - stock, toThousandths(input.reorderQuantity))
      : 0;
  return {
    plannedUse: fromThousandths(used),
    runsOutOn,
    reachesReorderPointOn,
    orderQuantity: Math.ceil(fromThousandths(needed)),
  };
}

/** The forecast's horizon: the visits of the next four weeks from `today`. */
export const FORECAST_DAYS = 28;

export function forecastWindow(today: string): { from: string; to: string } {
  return { from: today, to: addDaysToDate(today, FORECAST_DAYS) };
}
