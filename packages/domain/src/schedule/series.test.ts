import { describe, expect, it } from 'vitest';
import { rruleOf, seriesDatesBetween } from './series.ts';

describe('seriesDatesBetween', () => {
  it.each([
    [
      'weekly',
      '2026-11-24',
      '2026-11-01',
      '2026-12-15',
      ['2026-11-24', '2026-12-01', '2026-12-08', '2026-12-15'],
    ],
    [
      'bi-weekly',
      '2026-11-24',
      '2026-11-01',
      '2026-12-31',
      ['2026-11-24', '2026-12-08', '2026-12-22'],
    ],
    [
      'monthly',
      '2026-01-15',
      '2026-01-01',
      '2026-04-30',
      ['2026-01-15', '2026-02-15', '2026-03-15', '2026-04-15'],
    ],
    // The 31st: months without one have no visit (as an RRULE BYMONTHDAY=31).
    [
      'monthly',
      '2026-01-31',
      '2026-01-01',
      '2026-06-30',
      ['2026-01-31', '2026-03-31', '2026-05-31'],
    ],
    // A window that starts later only gets its own dates, still on the series' rhythm.
    ['bi-weekly', '2026-11-24', '2026-12-01', '2026-12-31', ['2026-12-08', '2026-12-22']],
    ['weekly', '2026-11-24', '2026-11-01', '2026-11-23', []],
  ] as const)(
    'when %s from %s, between %s and %s, then %j',
    (frequency, startDate, from, to, expected) => {
      expect(seriesDatesBetween({ startDate, frequency }, from, to)).toEqual(expected);
    },
  );

  it('when the series has an end, then no date comes after it', () => {
    expect(
      seriesDatesBetween(
        { startDate: '2026-11-24', frequency: 'weekly', untilDate: '2026-12-08' },
        '2026-11-01',
        '2027-01-31',
      ),
    ).toEqual(['2026-11-24', '2026-12-01', '2026-12-08']);
  });
});

describe('rruleOf', () => {
  it.each([
    ['weekly', null, 'FREQ=WEEKLY;INTERVAL=1'],
    ['bi-weekly', null, 'FREQ=WEEKLY;INTERVAL=2'],
    ['monthly', '2027-03-31', 'FREQ=MONTHLY;INTERVAL=1;UNTIL=20270331'],
  ] as const)('when %s until %s, then %s', (frequency, until, expected) => {
    expect(rruleOf(frequency, until)).toBe(expected);
  });
});
