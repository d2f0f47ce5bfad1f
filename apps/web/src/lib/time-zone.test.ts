import { describe, expect, it } from 'vitest';
import { formatDay, formatInstant, formatTimeOfDay } from './format';
import { businessToday } from './business-today';
import { asksForTimeZone, showTimesIn, shownTimeZone } from './time-zone';

// 22 November 2026, 4:30 a.m. UTC: still the evening of the 21st in Chicago, already the
// afternoon of the 22nd in Berlin.
const EVENING_IN_CHICAGO = '2026-11-22T04:30:00.000Z';

describe('the shown business’s time zone', () => {
  it.each([
    ['America/Chicago', '2026-11-21', 'Nov 21, 2026', 'Nov 21, 2026, 10:30 PM', '10:30 PM'],
    ['Europe/Berlin', '2026-11-22', 'Nov 22, 2026', 'Nov 22, 2026, 5:30 AM', '5:30 AM'],
  ])(
    'when the business is in %s, then today, days and times are on its clock, whatever the device’s zone',
    (timeZone, today, day, instant, time) => {
      showTimesIn(timeZone);
      expect(shownTimeZone()).toBe(timeZone);
      expect(businessToday(new Date(EVENING_IN_CHICAGO))).toBe(today);
      expect(formatDay(EVENING_IN_CHICAGO)).toBe(day);
      expect(formatInstant(EVENING_IN_CHICAGO)).toBe(instant);
      expect(formatTimeOfDay(EVENING_IN_CHICAGO)).toBe(time);
      // A calendar day is the same day everywhere.
      expect(formatDay('2026-11-21')).toBe('Nov 21, 2026');
    },
  );

  it('when the business has no zone, or one the browser does not know, then times are in UTC', () => {
    showTimesIn('America/Chicago');
    showTimesIn(null);
    expect(shownTimeZone()).toBe('UTC');
    showTimesIn('Mars/Base');
    expect(shownTimeZone()).toBe('UTC');
    expect(formatInstant(EVENING_IN_CHICAGO)).toBe('Nov 22, 2026, 4:30 AM');
  });
});

describe('asking for the time zone', () => {
  it.each([
    ['owner', false, true],
    ['business_admin', false, true],
    ['admin', false, true],
    ['manager', false, false],
    ['team_member', false, false],
    ['owner', true, false],
    ['owner', undefined, false],
  ] as const)('when a %s’s business has chosen: %s, then asked: %s', (role, chosen, asked) => {
    expect(asksForTimeZone(role, { time_zone_chosen: chosen })).toBe(asked);
  });
});
