/**
 * A business's locale: how its dates and numbers are written (BCP 47 language and region).
 * The product's own texts stay as the spec writes them; only the figures change their dress
 * ('Nov 21, 2026' or '21 Nov 2026', '1,234.50' or '1.234,50').
 */
export const DEFAULT_LOCALE = 'en-US';

/** The locales a business may choose, with their name as the chooser shows it. */
export const BUSINESS_LOCALES = [
  { code: 'en-US', label: 'English (United States)' },
  { code: 'en-GB', label: 'English (United Kingdom)' },
  { code: 'en-CA', label: 'English (Canada)' },
  { code: 'en-AU', label: 'English (Australia)' },
  { code: 'en-IE', label: 'English (Ireland)' },
  { code: 'en-NZ', label: 'English (New Zealand)' },
  { code: 'en-ZA', label: 'English (South Africa)' },
  { code: 'fr-FR', label: 'French (France)' },
  { code: 'fr-CA', label: 'French (Canada)' },
  { code: 'de-DE', label: 'German (Germany)' },
  { code: 'de-CH', label: 'German (Switzerland)' },
  { code: 'es-ES', label: 'Spanish (Spain)' },
  { code: 'es-MX', label: 'Spanish (Mexico)' },
  { code: 'it-IT', label: 'Italian (Italy)' },
  { code: 'nl-NL', label: 'Dutch (Netherlands)' },
  { code: 'pt-BR', label: 'Portuguese (Brazil)' },
  { code: 'pt-PT', label: 'Portuguese (Portugal)' },
  { code: 'sv-SE', label: 'Swedish (Sweden)' },
  { code: 'pl-PL', label: 'Polish (Poland)' },
  { code: 'ja-JP', label: 'Japanese (Japan)' },
] as const;

export type BusinessLocale = (typeof BUSINESS_LOCALES)[number]['code'];

const KNOWN = new Set<string>(BUSINESS_LOCALES.map((l) => l.code));

export function isBusinessLocale(code: string): code is BusinessLocale {
  return KNOWN.has(code);
}

/** A stored or sent locale as one to format with: an unknown or missing one is the default. */
export function formattingLocale(code: string | null | undefined): BusinessLocale {
  return code && isBusinessLocale(code) ? code : DEFAULT_LOCALE;
}

/**
 * A calendar date ('2026-11-21') as a business writes it: 'November 21, 2026' (long) or
 * 'Nov 21, 2026' (medium) in en-US, '21 November 2026' in en-GB. Read as written: no time zone
 * can move it a day.
 */
export function formatCalendarDate(
  date: string,
  locale: string,
  style: 'long' | 'medium' = 'long',
): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(formattingLocale(locale), {
    year: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
