import { isValid, parseISO } from 'date-fns';
import { dateTimeFormat } from './date-time-format';
import { shownLocale } from './locale';
import { shownTimeZone } from './time-zone';

/** A calendar day, or a wall-clock time with no zone ('2026-11-21T09:00:00'): its day is as written. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

// Made on first use: the first Intl.DateTimeFormat of a page load is costly on a phone, and a
// screen that shows no date should not pay for it while its code loads.
const CALENDAR_DAY: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
};

/**
 * A calendar date ('2026-11-21') or an instant, as 'Nov 21, 2026'. A calendar day (or a wall-clock
 * time without a zone) has no time zone: it is read and written as UTC, so no browser zone moves
 * it a day. An instant falls on the shown business's calendar.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const day = CALENDAR_DATE.exec(value);
  if (day) {
    const utc = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    return dateTimeFormat(CALENDAR_DAY).format(new Date(utc));
  }
  const instant = parseISO(value);
  if (!isValid(instant)) return value;
  return dateTimeFormat({
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: shownTimeZone(),
  }).format(instant);
}

/**
 * An instant with its time, as 'Nov 21, 2026, 3:04 PM': on the clock of `timeZone` (a business's
 * zone) or, without one, of this device. A zone the browser does not know falls back to its own
 * format.
 */
export function formatInstant(
  iso: string | null | undefined,
  timeZone: string = shownTimeZone(),
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return dateTimeFormat({
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    }).format(date);
  } catch {
    return date.toLocaleString(shownLocale());
  }
}

/** An instant's time of day on the shown business's clock, as '8:05 AM' (a day's own entries). */
export function formatTimeOfDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : dateTimeFormat({ hour: 'numeric', minute: '2-digit', timeZone: shownTimeZone() }).format(
        date,
      );
}
