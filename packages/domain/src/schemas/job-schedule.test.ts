import { describe, expect, it } from 'vitest';
import { jobScheduleSchema } from './job-schedule.ts';

const VALID = { title: 'Office clean', location: '1 Main St', date: '2025-06-15' };

function errorsOf(input: unknown): Record<string, string> {
  const result = jobScheduleSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('jobScheduleSchema', () => {
  it('when only the required fields are given, then the spec defaults are filled', () => {
    expect(jobScheduleSchema.parse(VALID)).toEqual({
      ...VALID,
      assignee: 'unassigned',
      time: '9:00 AM',
      type: 'cleaning',
      frequency: 'one-time',
    });
  });

  it.each([
    ['title', '', 'Required'],
    ['title', '   ', 'Required'],
    ['title', undefined, 'Required'],
    ['location', '', 'Required'],
    ['location', undefined, 'Required'],
    ['date', undefined, 'Required'],
    ['date', '', 'Required'],
    ['date', '2025-02-30', 'Invalid date'],
    ['date', '15/06/2025', 'Invalid date'],
    ['time', '25:00', 'Invalid time'],
  ])('when %s is %j, then the message is %j', (field, value, message) => {
    expect(errorsOf({ ...VALID, [field]: value })).toEqual({ [field]: message });
  });

  it.each([
    ['type', 'inspection', true],
    ['type', 'maintenance', true],
    ['type', 'repair', false],
    ['frequency', 'bi-weekly', true],
    ['frequency', 'daily', false],
    ['price', 0, true],
    ['price', 120.5, true],
    ['price', -0.01, false],
    ['time', '12:30 PM', true],
    ['assignee', 'emp-1', true],
    ['notes', 'Bring ladder', true],
    ['customerId', 'c-1', true],
  ])('when %s is %j, then valid is %s', (field, value, valid) => {
    expect(jobScheduleSchema.safeParse({ ...VALID, [field]: value }).success).toBe(valid);
  });

  it('when the title has surrounding spaces, then they are trimmed', () => {
    expect(jobScheduleSchema.parse({ ...VALID, title: '  Office clean  ' }).title).toBe(
      'Office clean',
    );
  });
});
