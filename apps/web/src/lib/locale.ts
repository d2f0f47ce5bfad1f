import { DEFAULT_LOCALE, formattingLocale } from '@crewdesk/domain';

/**
 * How the shown business writes its dates and numbers (BCP 47): the active business's (from the
 * session), or the business whose shared page a client opened. As with the currency, one
 * business is shown at a time, so it is kept here rather than passed to every cell.
 */
let shown: string = DEFAULT_LOCALE;

/** Writes dates and numbers as `locale` does from this render on (unknown or none: en-US). */
export function writeAs(locale: string | null | undefined): void {
  shown = formattingLocale(locale);
}

export function shownLocale(): string {
  return shown;
}

/** A count or measure as the business writes it: 1234.5 → '1,234.5' or '1.234,5'. */
export function formatNumber(value: number, maximumFractionDigits = 2): string {
  return value.toLocaleString(shown, { maximumFractionDigits });
}
