import { DEFAULT_TIME_SETTINGS } from '@crewdesk/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WEEK_START, shownWeekStart, startWeeksOn } from './locale';

afterEach(() => startWeeksOn(null));

describe('the shown week start', () => {
  it("when the business never set one, then it is the time rules' default, as the schedule's", () => {
    expect(DEFAULT_WEEK_START).toBe(DEFAULT_TIME_SETTINGS.weekStartsOn);
    startWeeksOn(undefined);
    expect(shownWeekStart()).toBe(DEFAULT_TIME_SETTINGS.weekStartsOn);
  });

  it('when the session names a day, then weeks start on it; a day out of range is ignored', () => {
    startWeeksOn(0);
    expect(shownWeekStart()).toBe(0);
    startWeeksOn(9);
    expect(shownWeekStart()).toBe(DEFAULT_WEEK_START);
  });
});
