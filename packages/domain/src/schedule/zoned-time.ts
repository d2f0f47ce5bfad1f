/**
 * Wall-clock times in a business's time zone ↔ instants. The user picks "Tuesday 9:00 AM" in the
 * business's zone; the database stores the instant. Intl does the zone arithmetic, so daylight
 * saving changes are handled by the platform's time zone data.
 */

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsFromIntl(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
}

/**
 * Zone offsets by quarter hour: every zone's offset changes on a quarter hour, so one Intl
 * call serves every instant of that quarter. Intl's formatToParts is slow (a month of 2,000
 * visits spent most of its time there); the cache keeps a few thousand numbers per zone.
 */
const QUARTER_MS = 15 * 60_000;
const offsetCache = new Map<string, Map<number, number>>();

function cachedOffsetMinutes(instant: Date, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  const quarter = Math.floor(instant.getTime() / QUARTER_MS);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const start = new Date(quarter * QUARTER_MS);
    const p = partsFromIntl(start, timeZone);
    offset = Math.round(
      (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - start.getTime()) / 60_000,
    );
    if (zone.size > 50_000) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

/** The wall clock in `timeZone` at `instant`. */
export function localPartsAt(instant: Date, timeZone: string): LocalParts {
  const shifted = new Date(
    Math.floor(instant.getTime() / 60_000) * 60_000 +
      cachedOffsetMinutes(instant, timeZone) * 60_000,
  );
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

function offsetMinutesAt(instant: Date, timeZone: string): number {
  const p = localPartsAt(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

export function isLocalDateTime(value: string): boolean {
  return LOCAL_DATE_TIME.test(value);
}

/**
 * The instant of a wall-clock time ('2026-03-10T09:00:00') in `timeZone`. A time skipped by a
 * daylight-saving jump lands just after it; a repeated one takes its first occurrence.
 */
export function instantOfLocal(localDateTime: string, timeZone: string): Date {
  const m = LOCAL_DATE_TIME.exec(localDateTime);
  if (!m) throw new RangeError(`Not a local date-time: ${JSON.stringify(localDateTime)}`);
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const wallAsUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Two passes: the offset at the first guess, then at the corrected instant.
  const first = wallAsUtc - offsetMinutesAt(new Date(wallAsUtc), timeZone) * 60_000;
  const second = wallAsUtc - offsetMinutesAt(new Date(first), timeZone) * 60_000;
  const wanted = localDateTimeOf(new Date(wallAsUtc), 'UTC');
  if (localDateTimeOf(new Date(second), timeZone) === wanted) return new Date(second);
  if (localDateTimeOf(new Date(first), timeZone) === wanted) return new Date(first);
  // A time the clocks skip: the later guess lies just after the jump.
  return new Date(Math.max(first, second));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of the wall clock in `timeZone` at `instant`. */
export function localDateOf(instant: Date, timeZone: string): string {
  const p = localPartsAt(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** 'YYYY-MM-DDTHH:mm:00' of the wall clock in `timeZone` at `instant`. */
export function localDateTimeOf(instant: Date, timeZone: string): string {
  const p = localPartsAt(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:00`;
}

/** The dropdown's time text ('9:00 AM') of a wall-clock hour and minute. */
export function timeSlotOf(hour: number, minute: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${pad(minute)} ${suffix}`;
}

/** The dropdown's time text of a wall-clock date-time: '2026-05-04T13:30:00' → '1:30 PM'. */
export function localTimeSlot(localDateTime: string): string {
  return timeSlotOf(Number(localDateTime.slice(11, 13)), Number(localDateTime.slice(14, 16)));
}

/** Whole calendar days added to 'YYYY-MM-DD'. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Whether a string is an IANA time zone this platform knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
