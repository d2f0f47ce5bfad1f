import { shownLocale } from './locale';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat for these options in the shown business's locale, made once and kept:
 * making one costs far more than formatting with it, and a list or a calendar formats the same
 * way for every row and cell. Throws as the constructor does (a time zone the browser does not
 * know).
 */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = shownLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
