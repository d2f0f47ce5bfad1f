import type { FieldVisit } from '@crewdesk/domain';
import { describe, expect, it } from 'vitest';
import { changesWaiting, nextFieldStep, visitOnPhone, type Queued } from './queued-change';

const visit: FieldVisit = {
  id: 'job-1',
  title: 'Move-out clean',
  status: 'scheduled',
  startsAt: '2026-12-01T15:00:00.000Z',
  localStartsAt: '2026-12-01T09:00:00',
  durationMinutes: 120,
  customerName: 'Ana Ruiz',
  customerPhone: null,
  address: '1 Elm St',
  notes: '',
  checklist: [
    { id: 'item-1', label: 'Kitchen', done: false },
    { id: 'item-2', label: 'Bathrooms', done: true },
  ],
  accessLabels: [],
};

const made = { userId: 'u1', madeAt: '2026-12-01T15:10:00Z', seenStartsAt: visit.startsAt };
const change = (over: object, jobId = 'job-1') =>
  ({ ...made, clientId: crypto.randomUUID(), jobId, ...over }) as Queued;

describe('visitOnPhone', () => {
  it('when nothing waits, then the kept visit shows as it is', () => {
    expect(visitOnPhone(visit, [])).toMatchObject({
      status: 'scheduled',
      waiting: 0,
      waitingNotes: [],
    });
  });

  it('when ticks, a note, a photo and steps wait, then they are laid over it in order', () => {
    const shown = visitOnPhone(visit, [
      change({ kind: 'status', status: 'in_progress' }),
      change({ kind: 'checklist', itemId: 'item-1', done: true }),
      change({ kind: 'checklist', itemId: 'item-2', done: false }),
      change({ kind: 'note', text: 'Gate was open' }),
      change({ kind: 'photo', label: 'after', image: new Blob(['x']) }),
      change({ kind: 'status', status: 'completed' }),
      change({ kind: 'note', text: 'Another visit' }, 'job-2'),
    ]);
    expect(shown.status).toBe('completed');
    expect(shown.checklist.map((i) => i.done)).toEqual([true, false]);
    expect(shown.waitingNotes).toEqual(['Gate was open']);
    expect(shown.waitingPhotos).toBe(1);
    expect(shown.waiting).toBe(6);
  });

  it('when a step goes back or names an item that is gone, then it changes nothing shown', () => {
    const shown = visitOnPhone({ ...visit, status: 'completed' }, [
      change({ kind: 'status', status: 'on_the_way' }),
      change({ kind: 'checklist', itemId: 'gone', done: true }),
    ]);
    expect(shown.status).toBe('completed');
    expect(shown.checklist.map((i) => i.id)).toEqual(['item-1', 'item-2']);
  });
});

describe('nextFieldStep', () => {
  it.each([
    ['scheduled', 'On my way'],
    ['on_the_way', 'Start visit'],
    ['in_progress', 'Complete visit'],
  ] as const)('when the visit is %s, then the button says %s', (status, label) => {
    expect(nextFieldStep(status)?.label).toBe(label);
  });

  it('when the visit is completed or cancelled, then there is no step', () => {
    expect(nextFieldStep('completed')).toBeNull();
    expect(nextFieldStep('cancelled')).toBeNull();
  });
});

describe('changesWaiting', () => {
  it('when the worker took three steps, ticked two items and wrote a note offline, then six changes wait, not nine', () => {
    const queue = [
      change({ kind: 'status', status: 'on_the_way' }),
      change({ kind: 'status', status: 'in_progress' }),
      change({ kind: 'status', status: 'completed' }),
      change({ kind: 'checklist', itemId: 'item-1', done: true }),
      change({ kind: 'checklist', itemId: 'item-2', done: true }),
      change({ kind: 'note', text: 'Side gate open' }),
    ];
    // The three steps' timer punches wait beside them: part of the same taps.
    const punches = [
      { action: 'on_my_way' as const, jobId: 'job-1' },
      { action: 'visit_start' as const, jobId: 'job-1' },
      { action: 'visit_stop' as const, jobId: 'job-1' },
    ];
    expect(changesWaiting(queue, punches)).toBe(6);
  });

  it('when a punch waits on its own (a clock-in, or a step whose change was sent), then it counts', () => {
    expect(changesWaiting([], [{ action: 'clock_in', jobId: null }])).toBe(1);
    expect(changesWaiting([], [{ action: 'visit_stop', jobId: 'job-1' }])).toBe(1);
    const otherVisit = [change({ kind: 'status', status: 'completed' }, 'job-2')];
    expect(changesWaiting(otherVisit, [{ action: 'visit_stop', jobId: 'job-1' }])).toBe(2);
  });
});
