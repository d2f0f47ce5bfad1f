const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat for this locale and these options, made once and kept: making one costs
 * far more than formatting with it, and a list or a calendar formats the same way for every row
 * and cell. Kept for good: callers ask with the listed business locales and the app's own
 * options, a small set. Throws as the constructor does (a time zone the runtime does not know).
 */
export function cachedDateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
