import { describe, expect, it } from 'vitest';
import { formatDay } from './format';

describe('formatDay', () => {
  it.each([
    ['2026-11-21', 'Nov 21, 2026'],
    ['2026-01-01', 'Jan 1, 2026'],
    ['2026-11-21T12:00:00', 'Nov 21, 2026'],
    ['2026-11-21T23:30:00', 'Nov 21, 2026'],
    ['2026-11-21T23:30:00.000Z', 'Nov 21, 2026'],
    ['2026-11-22T05:30:00.000Z', 'Nov 22, 2026'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    ['not a date', 'not a date'],
  ])('when given %s, then it reads %s', (value, expected) => {
    expect(formatDay(value)).toBe(expected);
  });
});
