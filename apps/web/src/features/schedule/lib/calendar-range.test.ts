import { describe, expect, it } from 'vitest';
import {
  datesOf,
  isIsoDate,
  rangeOf,
  rangeTitle,
  shiftAnchor,
  weekdayOf,
  type ScheduleView,
} from './calendar-range';
import { writeAs } from '@/lib/locale';

describe('rangeOf', () => {
  it.each<[ScheduleView, string, string, string]>([
    ['day', '2026-05-06', '2026-05-06', '2026-05-06'],
    ['week', '2026-05-06', '2026-05-03', '2026-05-09'],
    ['week', '2026-05-03', '2026-05-03', '2026-05-09'],
    ['team', '2026-05-09', '2026-05-03', '2026-05-09'],
    ['week', '2026-12-31', '2026-12-27', '2027-01-02'],
    // May 2026 starts on a Friday and ends on a Sunday: six weeks, 42 days.
    ['month', '2026-05-06', '2026-04-26', '2026-06-06'],
    // February 2026 starts on a Sunday and ends on a Saturday: exactly four weeks.
    ['month', '2026-02-14', '2026-02-01', '2026-02-28'],
    ['month', '2028-02-10', '2028-01-30', '2028-03-04'],
  ])('when the view is %s around %s, then it shows %s to %s', (view, anchor, from, to) => {
    expect(rangeOf(view, anchor, 0)).toEqual({ from, to });
  });

  it.each<[ScheduleView, string, string, string]>([
    ['week', '2026-05-06', '2026-05-04', '2026-05-10'],
    // A Sunday belongs to the week that began the Monday before.
    ['week', '2026-05-10', '2026-05-04', '2026-05-10'],
    ['team', '2026-05-04', '2026-05-04', '2026-05-10'],
    // May 2026 starts on a Friday and ends on a Sunday: five weeks from Monday April 27.
    ['month', '2026-05-06', '2026-04-27', '2026-05-31'],
    // February 2026 starts on a Sunday and ends on a Saturday: five weeks from Monday January 26.
    ['month', '2026-02-14', '2026-01-26', '2026-03-01'],
  ])(
    'when weeks start on Monday and the view is %s around %s, then it shows %s to %s',
    (view, anchor, from, to) => {
      expect(rangeOf(view, anchor, 1)).toEqual({ from, to });
    },
  );

  it('when a month view is drawn, then it has whole weeks and stays within the 42-day limit', () => {
    for (let m = 1; m <= 12; m++) {
      for (let weekStartsOn = 0; weekStartsOn < 7; weekStartsOn++) {
        const anchor = `2026-${String(m).padStart(2, '0')}-15`;
        const dates = datesOf(rangeOf('month', anchor, weekStartsOn));
        expect(dates.length % 7).toBe(0);
        expect(dates.length).toBeLessThanOrEqual(42);
        expect(weekdayOf(dates[0]!)).toBe(weekStartsOn);
      }
    }
  });
});

describe('shiftAnchor', () => {
  it.each<[ScheduleView, string, -1 | 1, string]>([
    ['day', '2026-05-31', 1, '2026-06-01'],
    ['day', '2026-03-01', -1, '2026-02-28'],
    ['week', '2026-05-06', 1, '2026-05-13'],
    ['team', '2026-05-06', -1, '2026-04-29'],
    ['month', '2026-01-31', 1, '2026-02-01'],
    ['month', '2026-01-15', -1, '2025-12-01'],
  ])('when %s %s steps %i, then the anchor is %s', (view, anchor, step, expected) => {
    expect(shiftAnchor(view, anchor, step)).toBe(expected);
  });
});

describe('rangeTitle', () => {
  it.each<[ScheduleView, string, string]>([
    ['day', '2026-05-04', 'Monday, May 4, 2026'],
    ['week', '2026-05-06', 'May 3 – 9, 2026'],
    ['week', '2026-05-31', 'May 31 – Jun 6, 2026'],
    ['team', '2026-12-30', 'Dec 27, 2026 – Jan 2, 2027'],
    ['month', '2026-05-06', 'May 2026'],
  ])('when the view is %s at %s, then the title is %s', (view, anchor, title) => {
    expect(rangeTitle(view, anchor, 0)).toBe(title);
  });

  it('when the business writes dates the British way, then the titles follow', () => {
    writeAs('en-GB');
    try {
      expect(rangeTitle('week', '2026-05-06', 1)).toBe('4 – 10 May 2026');
      expect(rangeTitle('day', '2026-05-04', 1)).toBe('Monday, 4 May 2026');
    } finally {
      writeAs(null);
    }
  });
});

describe('isIsoDate', () => {
  it.each([
    ['2026-05-06', true],
    ['2026-02-30', false],
    ['2026-5-6', false],
    ['', false],
    [null, false],
  ])('when the value is %s, then it is %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});
