/**
 * Money in the business's own currency (issue 25). Amounts stay whole numbers of the currency's
 * minor unit (cents for USD and EUR, yen for JPY, fils for KWD), as the database keeps them;
 * only showing and typing them needs the currency: its symbol and its number of decimals.
 */
export const DEFAULT_CURRENCY = 'USD';

/** Offered first in the currency picker; any ISO 4217 code the runtime knows is accepted. */
export const COMMON_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'MXN',
  'BRL',
  'ZAR',
  'INR',
  'JPY',
  'SGD',
  'HKD',
  'AED',
  'KWD',
] as const;

let known: ReadonlySet<string> | undefined;

/** An ISO 4217 code this runtime can format (Intl's own list). */
export function isKnownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  known ??= new Set(Intl.supportedValuesOf('currency'));
  return known.has(code);
}

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/** The currency's decimals (2 for USD and EUR, 0 for JPY, 3 for KWD), as Intl knows them. */
export function currencyDecimals(currency: string): number {
  return formatOf(currency, 'en-US').resolvedOptions().maximumFractionDigits ?? 2;
}

/** 123450 EUR minor units → '€1,234.50'; 1234 JPY → '¥1,234'; negative amounts lead with '-'. */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  return formatOf(currency, locale).format(minor / 10 ** currencyDecimals(currency));
}

/**
 * An amount as typed (12.5 euros) in minor units (1250), by shifting the decimal point in the
 * number's text rather than multiplying, so 1.005 is not 100.4999… in binary.
 */
export function toMinorUnits(amount: number, currency: string): number {
  const decimals = currencyDecimals(currency);
  const text = String(Math.abs(amount));
  const shifted = text.includes('e')
    ? Math.abs(amount) * 10 ** decimals
    : Number(`${text}e${decimals}`);
  const minor = Math.round(shifted);
  return amount < 0 && minor !== 0 ? -minor : minor;
}

/** Minor units as the amount a person types (1250 → 12.5 for EUR, 1250 → 1250 for JPY). */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyDecimals(currency);
}

/** The currency's symbol as it is shown ('$', '€', '¥', 'KWD'). */
export function currencySymbol(currency: string, locale = 'en-US'): string {
  return (
    formatOf(currency, locale)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}
