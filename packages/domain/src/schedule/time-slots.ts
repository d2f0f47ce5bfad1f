function formatSlot(minutesOfDay: number): string {
  const hours24 = Math.floor(minutesOfDay / 60);
  const minutes = minutesOfDay % 60;
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  return `${hours12}:${String(minutes).padStart(2, '0')} ${hours24 < 12 ? 'AM' : 'PM'}`;
}

/** Half-hour labels from `first` to `last` inclusive, both as minutes of the day. */
function halfHourSlots(first: number, last: number): readonly string[] {
  const slots: string[] = [];
  for (let m = first; m <= last; m += 30) slots.push(formatSlot(m));
  return slots;
}

/** Estimate flow: 7:00 AM to 8:30 PM (spec section 5). */
export const ESTIMATE_TIME_SLOTS: readonly string[] = halfHourSlots(7 * 60, 20 * 60 + 30);
/** Contact/job time dropdown (spec section 5). */
export const MORNING_SLOTS: readonly string[] = halfHourSlots(9 * 60, 12 * 60 + 30);
export const AFTERNOON_SLOTS: readonly string[] = halfHourSlots(13 * 60, 17 * 60);

export const TIME_SLOT_GROUPS: readonly { label: string; slots: readonly string[] }[] = [
  { label: 'MORNING', slots: MORNING_SLOTS },
  { label: 'AFTERNOON', slots: AFTERNOON_SLOTS },
];

export const TIME_SLOT_PATTERN = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i;

/** '1:30 PM' → { hours: 13, minutes: 30 }; throws on anything else. */
export function parseTimeSlot(time: string): { hours: number; minutes: number } {
  const match = TIME_SLOT_PATTERN.exec(time.trim());
  const [, h, m, meridiem] = match ?? [];
  const hours12 = Number(h);
  const minutes = Number(m);
  if (!match || !meridiem || hours12 < 1 || hours12 > 12 || minutes > 59) {
    throw new RangeError(`Not a time like "9:00 AM": ${JSON.stringify(time)}`);
  }
  const isPm = meridiem.toUpperCase() === 'PM';
  return { hours: (hours12 % 12) + (isPm ? 12 : 0), minutes };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Builds 'YYYY-MM-DDTHH:mm:00' with no zone suffix on purpose: it is the wall
 * clock time the user picked, and the server attaches the account's time zone
 * (ARCHITECTURE: "dates the user picks are stored with the account's time
 * zone"). Appending 'Z' here would silently shift it by the browser's offset.
 */
export function combineDateAndTime(date: string, time: string): string {
  const match = ISO_DATE.exec(date);
  const [, y, mo, d] = match ?? [];
  const month = Number(mo);
  const day = Number(d);
  const daysInMonth = new Date(Date.UTC(Number(y), month, 0)).getUTCDate();
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInMonth) {
    throw new RangeError(`Not a date like "2025-01-31": ${JSON.stringify(date)}`);
  }
  const { hours, minutes } = parseTimeSlot(time);
  const hh = String(hours).padStart(2, '0');
  const mm = String(minutes).padStart(2, '0');
  return `${date}T${hh}:${mm}:00`;
}
