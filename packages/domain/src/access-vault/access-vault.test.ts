import { describe, expect, it } from 'vitest';
import {
  ACCESS_SECRET_MAX,
  accessEntryInputSchema,
  accessRevealInputSchema,
  accessWindowOf,
  type VisitTiming,
} from './access-vault.ts';

const start = new Date('2026-12-01T15:00:00Z');
const visit = (over: Partial<VisitTiming> = {}): VisitTiming => ({
  startsAt: start,
  durationMinutes: 120,
  status: 'scheduled',
  completedAt: null,
  ...over,
});
const at = (iso: string) => new Date(iso);

describe('accessWindowOf', () => {
  it.each([
    ['a second before the hour before', visit(), '2026-12-01T13:59:59Z', 'not-yet'],
    ['exactly an hour before', visit(), '2026-12-01T14:00:00Z', 'open'],
    ['during the visit', visit(), '2026-12-01T16:00:00Z', 'open'],
    ['a second before the planned end', visit(), '2026-12-01T16:59:59Z', 'open'],
    ['at the planned end', visit(), '2026-12-01T17:00:00Z', 'ended'],
    [
      'after the planned end while under way',
      visit({ status: 'in_progress' }),
      '2026-12-01T20:00:00Z',
      'open',
    ],
    [
      'twelve hours past the planned end while under way',
      visit({ status: 'in_progress' }),
      '2026-12-02T05:00:00Z',
      'ended',
    ],
    [
      'after it was completed early',
      visit({ status: 'completed', completedAt: at('2026-12-01T15:30:00Z') }),
      '2026-12-01T15:30:00Z',
      'ended',
    ],
    [
      'a cancelled visit inside its hours',
      visit({ status: 'cancelled' }),
      '2026-12-01T15:10:00Z',
      'ended',
    ],
    ['a visit with no date', visit({ startsAt: null }), '2026-12-01T15:10:00Z', 'unscheduled'],
  ] as const)('when %s, then %s', (_, v, now, state) => {
    expect(accessWindowOf(v, at(now)).state).toBe(state);
  });

  it('when scheduled, then it opens an hour before the start and closes at the planned end', () => {
    const w = accessWindowOf(visit(), at('2026-12-01T10:00:00Z'));
    expect(w.opensAt?.toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(w.closesAt?.toISOString()).toBe('2026-12-01T17:00:00.000Z');
  });
});

describe('access vault inputs', () => {
  it('when the label or the secret is blank or too long, then they are refused', () => {
    expect(accessEntryInputSchema.safeParse({ label: ' ', secret: '1234' }).success).toBe(false);
    expect(accessEntryInputSchema.safeParse({ label: 'Gate', secret: '' }).success).toBe(false);
    expect(
      accessEntryInputSchema.safeParse({ label: 'Gate', secret: 'x'.repeat(ACCESS_SECRET_MAX + 1) })
        .success,
    ).toBe(false);
    expect(accessEntryInputSchema.parse({ label: ' Gate ', secret: '#1234' })).toEqual({
      label: 'Gate',
      secret: '#1234',
    });
  });

  it('when a reveal names no visit, then it is null; a bad id is refused', () => {
    expect(accessRevealInputSchema.parse({})).toEqual({ jobId: null });
    expect(accessRevealInputSchema.safeParse({ jobId: 'nope' }).success).toBe(false);
  });
});
