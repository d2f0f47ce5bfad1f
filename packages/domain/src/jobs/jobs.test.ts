import { describe, expect, it } from 'vitest';
import {
  canChangeJobStatus,
  canDispatchJobs,
  formatMinutes,
  JOB_DISPATCH_ROLES,
  JOB_STATUS_CHANGE_REFUSED,
  JOBS_ROUTE_ROLES,
  timeOnSiteMinutes,
  type JobStatus,
} from './jobs.ts';

describe('status lifecycle', () => {
  it.each<[JobStatus, JobStatus, boolean]>([
    ['scheduled', 'on_the_way', true],
    ['scheduled', 'in_progress', true],
    ['scheduled', 'completed', false],
    ['on_the_way', 'in_progress', true],
    ['in_progress', 'completed', true],
    ['in_progress', 'scheduled', false],
    ['completed', 'in_progress', true],
    ['completed', 'cancelled', false],
    ['cancelled', 'scheduled', true],
    ['cancelled', 'in_progress', false],
  ])('when a visit goes from %s to %s, then allowed is %s', (from, to, allowed) => {
    expect(canChangeJobStatus(from, to)).toBe(allowed);
  });

  it('when a change is refused, then the message names both states', () => {
    expect(JOB_STATUS_CHANGE_REFUSED('scheduled', 'completed')).toBe(
      'A visit that is scheduled cannot become completed.',
    );
  });
});

describe('who plans the work', () => {
  it('when listing dispatch roles, then they are the jobs roles but team_member', () => {
    expect(JOBS_ROUTE_ROLES).toContain('team_member');
    expect(JOB_DISPATCH_ROLES).not.toContain('team_member');
    expect(JOB_DISPATCH_ROLES).toEqual(
      expect.arrayContaining(['owner', 'admin', 'manager', 'team_leader']),
    );
    expect(canDispatchJobs('sales_person')).toBe(false);
  });
});

describe('time on site', () => {
  const start = new Date('2026-11-20T15:00:00Z');
  it.each([
    [null, null, null],
    [start, new Date('2026-11-20T16:35:00Z'), 95],
    [start, null, 30],
  ])('when started %s and completed %s, then %s minutes', (started, completed, expected) => {
    expect(timeOnSiteMinutes(started, completed, new Date('2026-11-20T15:30:00Z'))).toBe(expected);
  });

  it.each([
    [45, '45 min'],
    [60, '1 h'],
    [95, '1 h 35 min'],
  ])('when %i minutes, then %s', (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });
});
