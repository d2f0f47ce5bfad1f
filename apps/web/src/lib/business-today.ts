import { localDateOf } from '@crewdesk/domain';
import { shownTimeZone } from './time-zone';

/**
 * Today as 'YYYY-MM-DD' on the shown business's calendar: the default day of the screens that
 * open on today. Apart from time-zone.ts, which the first screen loads, with the zoned-time rules.
 */
export function businessToday(now: Date = new Date()): string {
  return localDateOf(now, shownTimeZone());
}
