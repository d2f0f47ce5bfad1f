import { describe, expect, it } from 'vitest';
import {
  DAY_VIEW_SCREENS,
  openingRanges,
  scheduleRangePath,
  WIDER_THAN_DAY_VIEW_SCREENS,
} from './calendar-range.ts';

describe("the schedule's first screen", () => {
  it('when today is a Wednesday and weeks start on Monday, then it opens on the day and on its week', () => {
    expect(openingRanges('2026-05-06', 1)).toEqual({
      day: { from: '2026-05-06', to: '2026-05-06' },
      week: { from: '2026-05-04', to: '2026-05-10' },
    });
  });

  it('when weeks start on Sunday, then the week runs Sunday to Saturday', () => {
    expect(openingRanges('2026-11-29', 0).week).toEqual({ from: '2026-11-29', to: '2026-12-05' });
  });

  it('when the address is written, then the range comes first and a member lane last', () => {
    expect(scheduleRangePath({ from: '2026-05-04', to: '2026-05-10' })).toBe(
      '/schedule?from=2026-05-04&to=2026-05-10',
    );
    expect(scheduleRangePath({ from: '2026-05-04', to: '2026-05-10', assigneeId: 'a b&c' })).toBe(
      '/schedule?from=2026-05-04&to=2026-05-10&assigneeId=a%20b%26c',
    );
  });

  it("when the screens are told apart, then the wider ones are exactly those that are not a phone's", () => {
    expect(WIDER_THAN_DAY_VIEW_SCREENS).toBe(`not all and ${DAY_VIEW_SCREENS}`);
  });
});
