import {
  currencyDecimals,
  currencySymbol,
  DEFAULT_CURRENCY,
  formatMoney,
  fromMinorUnits,
  isKnownCurrency,
  toMinorUnits,
} from '@crewdesk/domain';
import { shownLocale, writeAs } from './locale';

/**
 * The currency the screen's amounts are in: the active business's (from the session), or the
 * business whose shared page a client opened. One business is shown at a time, so it is kept
 * here rather than passed to every table cell; `showAmountsIn` sets it while rendering.
 */
let shown: string = DEFAULT_CURRENCY;

/**
 * Shows amounts in `currency`, and dates and numbers as `locale` writes them, from this render on
 * (a bad or missing code means US dollars, written as in the United States).
 */
export function showAmountsIn(
  currency: string | null | undefined,
  locale?: string | null | undefined,
): void {
  shown = currency && isKnownCurrency(currency) ? currency : DEFAULT_CURRENCY;
  writeAs(locale);
}

export function shownCurrency(): string {
  return shown;
}

/** Minor units in the shown currency: 123450 → '$1,234.50', '€1,234.50' or '¥123,450'. */
export function formatAmount(minor: number): string {
  return formatMoney(minor, shown, shownLocale());
}

/** An amount as typed (12.5) in minor units of the shown currency. */
export function toMinor(amount: number): number {
  return toMinorUnits(amount, shown);
}

/** Minor units as the amount a person types, in the shown currency. */
export function fromMinor(minor: number): number {
  return fromMinorUnits(minor, shown);
}

export function moneySymbol(): string {
  return currencySymbol(shown, shownLocale());
}

/** Minor units as an input's text, with the currency's decimals ('12.50', '1250' for yen). */
export function amountText(minor: number): string {
  return fromMinor(minor).toFixed(currencyDecimals(shown));
}

/** An amount in a few characters, for a chart's axis ('$1.2K', '€35'). */
export function compactAmount(minor: number): string {
  return new Intl.NumberFormat(shownLocale(), {
    style: 'currency',
    currency: shown,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(fromMinor(minor));
}
