import { cachedDateTimeFormat } from '@crewdesk/domain';
import { shownLocale } from './locale';

/**
 * An Intl.DateTimeFormat for these options in the shown business's locale, made once and kept
 * (the domain's cachedDateTimeFormat). Throws as the constructor does (a time zone the browser
 * does not know).
 */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cachedDateTimeFormat(shownLocale(), options);
}
