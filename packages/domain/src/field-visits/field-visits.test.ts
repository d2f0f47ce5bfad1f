import { describe, expect, it } from 'vitest';
import { FIELD_SYNC_MAX_CHANGES } from './field-sync-limits.ts';
import {
  fieldChangesInputSchema,
  fieldChangeTime,
  fieldPhotoQuerySchema,
  fieldStatusSteps,
  visitWasMoved,
} from './field-visits.ts';

const ids = {
  clientId: '0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c01',
  jobId: '0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c02',
  itemId: '0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c03',
};
const base = { ...ids, madeAt: '2026-11-28T10:00:00.000Z', seenStartsAt: null };

describe('fieldStatusSteps', () => {
  it.each([
    ['scheduled', 'on_the_way', ['on_the_way']],
    ['scheduled', 'in_progress', ['in_progress']],
    ['scheduled', 'completed', ['in_progress', 'completed']],
    ['on_the_way', 'completed', ['in_progress', 'completed']],
    ['in_progress', 'completed', ['completed']],
    ['in_progress', 'on_the_way', []],
    ['completed', 'in_progress', []],
    ['completed', 'completed', []],
    ['cancelled', 'completed', []],
  ] as const)('when the visit is %s and the crew took it to %s, then %j', (from, to, steps) => {
    expect(fieldStatusSteps(from, to)).toEqual(steps);
  });
});

describe('fieldChangeTime', () => {
  it('when the phone says a time in the future, then it is the server time', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(fieldChangeTime('2026-11-28T11:00:00Z', now)).toEqual(now);
    expect(fieldChangeTime('2026-11-28T09:00:00Z', now)).toEqual(new Date('2026-11-28T09:00:00Z'));
  });
});

describe('visitWasMoved', () => {
  it('when the start the phone saw differs from the visit, then it moved', () => {
    const start = new Date('2026-11-28T15:00:00Z');
    expect(visitWasMoved('2026-11-28T15:00:00.000Z', start)).toBe(false);
    expect(visitWasMoved('2026-11-28T10:00:00-05:00', start)).toBe(false);
    expect(visitWasMoved('2026-11-28T16:00:00Z', start)).toBe(true);
    expect(visitWasMoved('2026-11-28T15:00:00Z', null)).toBe(true);
    expect(visitWasMoved(null, null)).toBe(false);
  });
});

describe('fieldChangesInputSchema', () => {
  it('when each kind is well formed, then it passes with the note trimmed', () => {
    const parsed = fieldChangesInputSchema.parse({
      changes: [
        { ...base, kind: 'checklist', done: true },
        { ...base, kind: 'note', text: '  Back gate was open  ' },
        { ...base, kind: 'status', status: 'completed' },
      ],
    });
    expect(parsed.changes.map((c) => c.kind)).toEqual(['checklist', 'note', 'status']);
    expect(parsed.changes[1]).toMatchObject({ text: 'Back gate was open' });
  });

  it.each([
    ['no changes', { changes: [] }, 'Send at least one change.'],
    ['an unknown kind', { changes: [{ ...base, kind: 'delete' }] }, 'kind must be'],
    [
      'a bad client id',
      { changes: [{ ...base, clientId: 'x', kind: 'note', text: 'a' }] },
      'clientId must be a UUID',
    ],
    ['a blank note', { changes: [{ ...base, kind: 'note', text: '  ' }] }, ''],
    [
      'a cancel from the field',
      { changes: [{ ...base, kind: 'status', status: 'cancelled' }] },
      '',
    ],
    [
      'a bad time',
      { changes: [{ ...base, madeAt: 'yesterday', kind: 'note', text: 'a' }] },
      'ISO 8601',
    ],
    [
      'too many changes',
      {
        changes: Array.from({ length: FIELD_SYNC_MAX_CHANGES + 1 }, () => ({
          ...base,
          kind: 'note',
          text: 'a',
        })),
      },
      `${FIELD_SYNC_MAX_CHANGES}`,
    ],
  ])('when %s, then it is refused with a message', (_, input, message) => {
    const result = fieldChangesInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});

describe('fieldPhotoQuerySchema', () => {
  it('when the seen start and label are blank, then they are null and absent', () => {
    expect(
      fieldPhotoQuerySchema.parse({ ...ids, madeAt: base.madeAt, seenStartsAt: '', label: '' }),
    ).toEqual({
      clientId: ids.clientId,
      jobId: ids.jobId,
      madeAt: base.madeAt,
      seenStartsAt: null,
    });
  });
});
