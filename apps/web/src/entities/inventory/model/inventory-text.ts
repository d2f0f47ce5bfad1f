import {
  quantityWithUnit,
  type InventoryUnit,
  type ItemKind,
  type LocationKind,
  type MovementKind,
} from '@crewdesk/domain';
import { amountText, toMinor } from '@/lib/money';
import { shownLocale } from '@/lib/locale';
import { randomUuid } from '@/lib/random-uuid';

export const ITEM_KIND_LABELS: Readonly<Record<ItemKind, string>> = {
  consumable: 'Consumable',
  equipment: 'Equipment',
};

export const LOCATION_KIND_LABELS: Readonly<Record<LocationKind, string>> = {
  warehouse: 'Warehouse',
  van: 'Van',
  site: 'Site',
};

export const MOVEMENT_KIND_LABELS: Readonly<Record<MovementKind, string>> = {
  received: 'Received',
  used: 'Used',
  transferred: 'Transferred',
  adjusted: 'Adjusted after a count',
  returned: 'Returned to supplier',
  checked_out: 'Checked out',
  checked_in: 'Checked in',
};

/** '2.5 liters', '1 bottle', '3' for items counted each: the domain's words, everywhere. */
export { quantityWithUnit };

/** A quantity field's text as a number; NaN when it is not one; empty is `empty`. */
export function parseQuantityInput(text: string, empty = Number.NaN): number {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '') return empty;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

/** A money field's text ('1,234.5', '$12') in cents; NaN when not an amount; empty is `empty`. */
export function parseMoneyInput(text: string, empty = Number.NaN): number {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return empty;
  if (!/^(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number.NaN;
  return toMinor(Number(cleaned));
}

/** Cents as a money field's text: 12345 → '123.45'. */
export function centsToInput(cents: number | null): string {
  return cents === null ? '' : amountText(cents);
}

/** A 'YYYY-MM-DD' date as 'Dec 4, 2026', without a time zone shift. */
export function formatPlainDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1)).toLocaleDateString(shownLocale(), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A uuid made by the browser for one action: a retried request records it once. */
export const newClientId = randomUuid;

interface ForecastLike {
  runsOutOn: string | null;
  reachesReorderPointOn: string | null;
  orderQuantity: number;
}

/** The forecast in a sentence: 'Runs out around Dec 4, 2026; order 12 bottles'. */
export function forecastText(forecast: ForecastLike, unit: InventoryUnit): string {
  const order =
    forecast.orderQuantity > 0 ? `; order ${quantityWithUnit(forecast.orderQuantity, unit)}` : '';
  if (forecast.runsOutOn) return `Runs out around ${formatPlainDate(forecast.runsOutOn)}${order}`;
  if (forecast.reachesReorderPointOn)
    return `Reaches its reorder point around ${formatPlainDate(forecast.reachesReorderPointOn)}${order}`;
  if (forecast.orderQuantity > 0) return `Order ${quantityWithUnit(forecast.orderQuantity, unit)}`;
  return 'Enough for the scheduled visits';
}
