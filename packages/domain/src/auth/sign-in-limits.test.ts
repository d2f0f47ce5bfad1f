import { describe, expect, it } from 'vitest';
import {
  durationText,
  ONE_TIME_CODE_LENGTH,
  PASSWORD_RESET_LINK_HOURS,
  SIGN_IN_CODE_MINUTES,
} from './sign-in-limits.ts';

describe('sign-in limits', () => {
  it('are a 6-digit code for 10 minutes and a reset link for one hour', () => {
    expect([ONE_TIME_CODE_LENGTH, SIGN_IN_CODE_MINUTES, PASSWORD_RESET_LINK_HOURS]).toEqual([
      6, 10, 1,
    ]);
  });

  it.each([
    [10, 'minute', '10 minutes'],
    [1, 'minute', '1 minute'],
    [1, 'hour', 'one hour'],
    [2, 'hour', '2 hours'],
  ] as const)('durationText(%d, %s) is %s', (amount, unit, text) => {
    expect(durationText(amount, unit)).toBe(text);
  });
});
