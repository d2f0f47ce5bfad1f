import { isValid, parseISO } from 'date-fns';
import { dateTimeFormat } from './date-time-format';
import { shownLocale } from './locale';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Made on first use: the first Intl.DateTimeFormat of a page load is costly on a phone, and a
// screen that shows no date should not pay for it while its code loads.
const CALENDAR_DAY: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
};

/**
 * A calendar date ('2026-11-21') or an instant, as 'Nov 21, 2026'. A calendar day has no time
 * zone: it is read and written as UTC, so no browser zone moves it a day. An instant falls on
 * this device's calendar.
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
  return dateTimeFormat({ month: 'short', day: 'numeric', year: 'numeric' }).format(instant);
}

/**
 * An instant with its time, as 'Nov 21, 2026, 3:04 PM': on the clock of `timeZone` (a business's
 * zone) or, without one, of this device. A zone the browser does not know falls back to its own
 * format.
 */
export function formatInstant(iso: string | null | undefined, timeZone?: string): string {
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

const TIME_OF_DAY: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** An instant's time of day on this device's clock, as '8:05 AM' (a day's own entries). */
export function formatTimeOfDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat(TIME_OF_DAY).format(date);
}
