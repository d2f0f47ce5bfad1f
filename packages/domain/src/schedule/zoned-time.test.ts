import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  instantOfLocal,
  isKnownTimeZone,
  localDateOf,
  localDateTimeOf,
  localTimeSlot,
  timeSlotOf,
} from './zoned-time.ts';

describe('instantOfLocal', () => {
  it.each([
    ['2026-12-01T09:00:00', 'America/Chicago', '2026-12-01T15:00:00.000Z'],
    ['2026-07-01T09:00:00', 'America/Chicago', '2026-07-01T14:00:00.000Z'],
    ['2026-07-01T09:00:00', 'UTC', '2026-07-01T09:00:00.000Z'],
    ['2026-07-01T09:00:00', 'Asia/Kolkata', '2026-07-01T03:30:00.000Z'],
    ['2026-01-01T00:30:00', 'Pacific/Auckland', '2025-12-31T11:30:00.000Z'],
    // The night clocks go back (1 Nov 2026, 2:00 → 1:00): the first 1:30 is taken.
    ['2026-11-01T01:30:00', 'America/Chicago', '2026-11-01T06:30:00.000Z'],
    // The night clocks go forward (8 Mar 2026, 2:00 → 3:00): 2:30 does not exist, 3:30 is used.
    ['2026-03-08T02:30:00', 'America/Chicago', '2026-03-08T08:30:00.000Z'],
  ])('when %s is read in %s, then it is %s', (local, zone, expected) => {
    expect(instantOfLocal(local, zone).toISOString()).toBe(expected);
  });

  it('when the text is not a local date-time, then it throws', () => {
    expect(() => instantOfLocal('2026-12-01 09:00', 'UTC')).toThrow(RangeError);
  });

  it.each(['2026-12-01T09:00:00', '2026-06-15T23:30:00', '2026-03-09T00:00:00'])(
    'when %s goes to an instant and back in Chicago, then it is unchanged',
    (local) => {
      expect(localDateTimeOf(instantOfLocal(local, 'America/Chicago'), 'America/Chicago')).toBe(
        local,
      );
    },
  );
});

describe('local dates', () => {
  it('when it is 3 a.m. UTC, then Chicago is still on the day before', () => {
    expect(localDateOf(new Date('2026-12-02T03:00:00Z'), 'America/Chicago')).toBe('2026-12-01');
  });

  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-11-20', 90, '2027-02-18'],
  ])('when %s moves %i days, then it is %s', (date, days, expected) => {
    expect(addDaysToDate(date, days)).toBe(expected);
  });

  it.each([
    [0, 0, '12:00 AM'],
    [9, 0, '9:00 AM'],
    [12, 30, '12:30 PM'],
    [17, 0, '5:00 PM'],
  ])('when the clock says %i:%i, then the slot is %s', (h, m, slot) => {
    expect(timeSlotOf(h, m)).toBe(slot);
  });

  it.each([
    ['2026-05-04T00:00:00', '12:00 AM'],
    ['2026-05-04T09:00:00', '9:00 AM'],
    ['2026-05-04T13:30:00', '1:30 PM'],
  ])('when the wall clock is %s, then the slot is %s', (local, slot) => {
    expect(localTimeSlot(local)).toBe(slot);
  });

  it('when a zone is unknown, then it is said so', () => {
    expect(isKnownTimeZone('America/Chicago')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('localPartsAt against Intl', () => {
  it('when instants every 7 minutes over a year are read in three zones, then each matches Intl', () => {
    for (const zone of ['America/Chicago', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
      const format = new Intl.DateTimeFormat('sv-SE', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 60_000 * 97) {
        const expected = format.format(new Date(t)).replace(' ', 'T') + ':00';
        expect(localDateTimeOf(new Date(t), zone)).toBe(expected);
      }
    }
  });
});
