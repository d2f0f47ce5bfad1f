import { describe, expect, it } from 'vitest';
import { ANN, BOB, makeVisit } from '../test/fixtures';
import {
  applyMove,
  decodeDrag,
  encodeDrag,
  moveForDrop,
  type DropTarget,
  type SourceLane,
} from './move-visit';

const visit = makeVisit({ localStartsAt: '2026-05-06T09:30:00', assignees: [ANN], version: 4 });

describe('moveForDrop', () => {
  it.each<[string, DropTarget, SourceLane, ReturnType<typeof moveForDrop>]>([
    [
      'a day cell keeps the time of day',
      { kind: 'day', date: '2026-05-08' },
      null,
      { startsAt: '2026-05-08T09:30:00', version: 4 },
    ],
    [
      'a time slot takes its time',
      { kind: 'slot', date: '2026-05-06', time: '14:00' },
      null,
      { startsAt: '2026-05-06T14:00:00', version: 4 },
    ],
    ['the same place changes nothing', { kind: 'day', date: '2026-05-06' }, null, null],
    [
      'another member’s lane hands it over from the source lane',
      { kind: 'lane', date: '2026-05-06', laneId: BOB.id },
      ANN.id,
      { startsAt: '2026-05-06T09:30:00', fromAssigneeId: ANN.id, toAssigneeId: BOB.id, version: 4 },
    ],
    [
      'the Unassigned lane takes it from its member',
      { kind: 'lane', date: '2026-05-07', laneId: 'unassigned' },
      ANN.id,
      { startsAt: '2026-05-07T09:30:00', fromAssigneeId: ANN.id, toAssigneeId: null, version: 4 },
    ],
    [
      'the same lane on another day only moves the date',
      { kind: 'lane', date: '2026-05-07', laneId: ANN.id },
      ANN.id,
      { startsAt: '2026-05-07T09:30:00', version: 4 },
    ],
    [
      'a lane, dragged from outside the team view, hands it over from its first assignee',
      { kind: 'lane', date: '2026-05-06', laneId: BOB.id },
      null,
      { startsAt: '2026-05-06T09:30:00', fromAssigneeId: ANN.id, toAssigneeId: BOB.id, version: 4 },
    ],
  ])('when dropped so that %s, then the body is right', (_name, target, source, expected) => {
    expect(moveForDrop(visit, target, source)).toEqual(expected);
  });

  it('when an unplanned visit without a date or anyone is dropped on a lane, then it gets 9:00 and that member', () => {
    const unplanned = makeVisit({ localStartsAt: null, startsAt: null, assignees: [], version: 1 });
    expect(
      moveForDrop(unplanned, { kind: 'lane', date: '2026-05-06', laneId: BOB.id }, null),
    ).toEqual({
      startsAt: '2026-05-06T09:00:00',
      fromAssigneeId: null,
      toAssigneeId: BOB.id,
      version: 1,
    });
  });
});

describe('applyMove', () => {
  it('when a move hands a visit over, then it is drawn at once with the new time and member', () => {
    const moved = applyMove(
      visit,
      { startsAt: '2026-05-07T10:00:00', fromAssigneeId: ANN.id, toAssigneeId: BOB.id, version: 4 },
      [ANN, BOB],
      'America/New_York',
    );
    expect(moved.localStartsAt).toBe('2026-05-07T10:00:00');
    expect(moved.startsAt).toBe('2026-05-07T14:00:00.000Z');
    expect(moved.assignees).toEqual([BOB]);
  });
});

describe('drag payload', () => {
  it('when encoded and decoded, then it survives; anything else is not ours', () => {
    expect(decodeDrag(encodeDrag({ visitId: 'v1', sourceLane: 'unassigned' }))).toEqual({
      visitId: 'v1',
      sourceLane: 'unassigned',
    });
    expect(decodeDrag('hello')).toBeNull();
    expect(decodeDrag('{"x":1}')).toBeNull();
  });
});
