/**
 * How the shown business writes its dates and numbers (BCP 47): the active business's (from the
 * session), or the business whose shared page a client opened. As with the currency, one
 * business is shown at a time, so it is kept here rather than passed to every cell.
 */
let shown = 'en-US';

/**
 * Writes dates and numbers as `locale` does from this render on (none, or one this browser cannot
 * write: en-US). The server answers only locales of the domain's list (BUSINESS_LOCALES); the
 * list itself stays off the first screen's code.
 */
export function writeAs(locale: string | null | undefined): void {
  shown = locale && Intl.NumberFormat.supportedLocalesOf(locale).length > 0 ? locale : 'en-US';
}

/**
 * The browser loads its locale data on the first Intl call (~15 ms of a phone's main thread):
 * loaded ahead, in a task of its own, it does not lengthen the render that first formats.
 */
export function loadLocaleData(): void {
  Intl.NumberFormat.supportedLocalesOf('en-US');
}

export function shownLocale(): string {
  return shown;
}

/**
 * Where a business's weeks start when it never set it: the time rules' default, Monday
 * (DEFAULT_TIME_SETTINGS.weekStartsOn, as the schedule and the timesheets use; locale.test.ts
 * holds the two equal). Importing the time rules here would bring them to the first screen.
 */
export const DEFAULT_WEEK_START = 1;

/** Where the shown business's weeks start (0 = Sunday): the date picker's first column. */
let weekStart: number = DEFAULT_WEEK_START;

export function startWeeksOn(day: number | null | undefined): void {
  weekStart = day !== null && day !== undefined && day >= 0 && day <= 6 ? day : DEFAULT_WEEK_START;
}

export function shownWeekStart(): number {
  return weekStart;
}

/** A count or measure as the business writes it: 1234.5 → '1,234.5' or '1.234,5'. */
export function formatNumber(value: number, maximumFractionDigits = 2): string {
  return value.toLocaleString(shown, { maximumFractionDigits });
}
