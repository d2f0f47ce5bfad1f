import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ASSIGNEE,
  DEFAULT_JOB_FREQUENCY,
  DEFAULT_JOB_TIME,
  DEFAULT_JOB_TYPE,
  effectiveFrequency,
  isRecurring,
  JOB_FREQUENCIES,
  JOB_TYPES,
  type JobFrequency,
} from './recurrence.ts';

describe('isRecurring', () => {
  it.each<[JobFrequency, boolean]>([
    ['one-time', false],
    ['weekly', true],
    ['bi-weekly', true],
    ['monthly', true],
  ])('when the frequency is %s, then recurring is %s', (frequency, expected) => {
    expect(isRecurring(frequency)).toBe(expected);
  });
});

describe('effectiveFrequency', () => {
  it.each<[boolean, JobFrequency | null | undefined, JobFrequency]>([
    [true, undefined, 'weekly'],
    [true, null, 'weekly'],
    [true, 'monthly', 'monthly'],
    [true, 'bi-weekly', 'bi-weekly'],
    [true, 'weekly', 'weekly'],
    // Inconsistent pair: the picked frequency wins over the derived flag.
    [true, 'one-time', 'one-time'],
    [false, 'monthly', 'one-time'],
    [false, undefined, 'one-time'],
    [false, 'one-time', 'one-time'],
  ])('when recurring %s with frequency %j, then %s', (recurring, frequency, expected) => {
    expect(effectiveFrequency(recurring, frequency)).toBe(expected);
  });
});

describe('job defaults and lists', () => {
  it.each([
    ['JOB_FREQUENCIES', JOB_FREQUENCIES, ['one-time', 'weekly', 'bi-weekly', 'monthly']],
    ['JOB_TYPES', JOB_TYPES, ['cleaning', 'inspection', 'maintenance']],
  ])('when reading %s, then it is the spec list', (_name, list, expected) => {
    expect(list).toEqual(expected);
  });

  it.each([
    ['type', DEFAULT_JOB_TYPE, 'cleaning'],
    ['frequency', DEFAULT_JOB_FREQUENCY, 'one-time'],
    ['time', DEFAULT_JOB_TIME, '9:00 AM'],
    ['assignee', DEFAULT_ASSIGNEE, 'unassigned'],
  ])('when a job has no %s, then it defaults to %j', (_field, value, expected) => {
    expect(value).toBe(expected);
  });
});
