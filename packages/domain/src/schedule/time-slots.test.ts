import { describe, expect, it } from 'vitest';
import {
  AFTERNOON_SLOTS,
  combineDateAndTime,
  ESTIMATE_TIME_SLOTS,
  MORNING_SLOTS,
  parseTimeSlot,
  TIME_SLOT_GROUPS,
} from './time-slots.ts';

describe('slot lists', () => {
  it.each([
    ['ESTIMATE_TIME_SLOTS', ESTIMATE_TIME_SLOTS, 28, '7:00 AM', '8:30 PM'],
    ['MORNING_SLOTS', MORNING_SLOTS, 8, '9:00 AM', '12:30 PM'],
    ['AFTERNOON_SLOTS', AFTERNOON_SLOTS, 9, '1:00 PM', '5:00 PM'],
  ])('when reading %s, then it has %i slots from %s to %s', (_name, slots, count, first, last) => {
    expect(slots).toHaveLength(count);
    expect(slots[0]).toBe(first);
    expect(slots.at(-1)).toBe(last);
  });

  it.each([
    [0, '7:00 AM'],
    [1, '7:30 AM'],
    [9, '11:30 AM'],
    [10, '12:00 PM'],
    [11, '12:30 PM'],
    [12, '1:00 PM'],
    [27, '8:30 PM'],
  ])('when reading estimate slot %i, then it is %s', (index, slot) => {
    expect(ESTIMATE_TIME_SLOTS[index]).toBe(slot);
  });

  it('when every slot is parsed, then they are 30 minutes apart', () => {
    for (const slots of [ESTIMATE_TIME_SLOTS, MORNING_SLOTS, AFTERNOON_SLOTS]) {
      const minutes = slots.map((s) => {
        const { hours, minutes: m } = parseTimeSlot(s);
        return hours * 60 + m;
      });
      expect(minutes.slice(1).map((m, i) => m - (minutes[i] ?? 0))).toEqual(
        minutes.slice(1).map(() => 30),
      );
    }
  });

  it('when grouping the dropdown, then MORNING comes before AFTERNOON', () => {
    expect(TIME_SLOT_GROUPS.map((g) => [g.label, g.slots.length])).toEqual([
      ['MORNING', 8],
      ['AFTERNOON', 9],
    ]);
  });
});

describe('parseTimeSlot', () => {
  it.each([
    ['12:00 AM', 0, 0],
    ['12:30 AM', 0, 30],
    ['1:00 AM', 1, 0],
    ['9:00 AM', 9, 0],
    ['11:59 AM', 11, 59],
    ['12:00 PM', 12, 0],
    ['12:30 PM', 12, 30],
    ['1:30 PM', 13, 30],
    ['8:30 PM', 20, 30],
    ['11:30 PM', 23, 30],
    ['09:05 am', 9, 5],
    [' 5:00PM ', 17, 0],
  ])('when parsing %j, then %i:%i', (text, hours, minutes) => {
    expect(parseTimeSlot(text)).toEqual({ hours, minutes });
  });

  it.each(['13:00 PM', '0:30 AM', '9:60 AM', '9 AM', '9:00', '', 'noon'])(
    'when parsing %j, then it throws',
    (text) => {
      expect(() => parseTimeSlot(text)).toThrow(RangeError);
    },
  );
});

describe('combineDateAndTime', () => {
  it.each([
    ['2025-06-15', '9:00 AM', '2025-06-15T09:00:00'],
    ['2025-06-15', '12:30 PM', '2025-06-15T12:30:00'],
    ['2025-06-15', '12:00 AM', '2025-06-15T00:00:00'],
    ['2025-06-15', '8:30 PM', '2025-06-15T20:30:00'],
    ['2024-02-29', '1:00 PM', '2024-02-29T13:00:00'],
    ['2025-12-31', '11:30 PM', '2025-12-31T23:30:00'],
  ])('when %s at %s, then %s', (date, time, expected) => {
    expect(combineDateAndTime(date, time)).toBe(expected);
  });

  it.each([
    ['2025-02-29', '9:00 AM'],
    ['2025-13-01', '9:00 AM'],
    ['2025-00-10', '9:00 AM'],
    ['2025-04-31', '9:00 AM'],
    ['2025-6-1', '9:00 AM'],
    ['', '9:00 AM'],
    ['2025-06-15', '25:00 PM'],
  ])('when %j at %j, then it throws', (date, time) => {
    expect(() => combineDateAndTime(date, time)).toThrow(RangeError);
  });
});
