import { describe, expect, it } from 'vitest';
import { ANN, BOB, makeVisit } from '../test/fixtures';
import {
  groupVisitsByDay,
  groupVisitsByLane,
  laneKey,
  foldLanes,
  layoutDay,
  UNASSIGNED_LANE,
} from './visit-grouping';

describe('groupVisitsByDay', () => {
  it('when visits span days, then each day holds its own in time order and unscheduled ones are left out', () => {
    const late = makeVisit({ title: 'Late', localStartsAt: '2026-05-06T15:00:00' });
    const early = makeVisit({ title: 'Early', localStartsAt: '2026-05-06T08:30:00' });
    const next = makeVisit({ title: 'Next day', localStartsAt: '2026-05-07T09:00:00' });
    const none = makeVisit({ title: 'No date', localStartsAt: null, startsAt: null });
    const days = groupVisitsByDay([late, none, next, early]);
    expect([...days.keys()].sort()).toEqual(['2026-05-06', '2026-05-07']);
    expect(days.get('2026-05-06')!.map((v) => v.title)).toEqual(['Early', 'Late']);
    expect(days.get('2026-05-07')!.map((v) => v.title)).toEqual(['Next day']);
  });

  it('when a month holds 2,000 visits, then grouping them is one quick pass', () => {
    const visits = Array.from({ length: 2000 }, (_, i) =>
      makeVisit({
        localStartsAt: `2026-05-${String((i % 31) + 1).padStart(2, '0')}T${String(6 + (i % 12)).padStart(2, '0')}:00:00`,
      }),
    );
    const started = performance.now();
    const days = groupVisitsByDay(visits);
    expect(performance.now() - started).toBeLessThan(200);
    expect([...days.values()].reduce((n, d) => n + d.length, 0)).toBe(2000);
    expect(days.size).toBe(31);
  });
});

describe('groupVisitsByLane', () => {
  it('when a visit has two assignees, then it is in both lanes; with none, in Unassigned', () => {
    const shared = makeVisit({ assignees: [ANN, BOB], localStartsAt: '2026-05-06T09:00:00' });
    const alone = makeVisit({ assignees: [], localStartsAt: '2026-05-07T10:00:00' });
    const lanes = groupVisitsByLane([shared, alone]);
    expect(lanes.get(laneKey(ANN.id, '2026-05-06'))).toEqual([shared]);
    expect(lanes.get(laneKey(BOB.id, '2026-05-06'))).toEqual([shared]);
    expect(lanes.get(laneKey(UNASSIGNED_LANE, '2026-05-07'))).toEqual([alone]);
    expect(lanes.size).toBe(3);
  });
});

describe('layoutDay', () => {
  it.each([
    {
      name: 'separate visits take the whole width',
      visits: [
        ['09:00', 60],
        ['10:00', 60],
      ],
      expected: [
        [0, 1],
        [0, 1],
      ],
    },
    {
      name: 'two overlapping visits share it in two columns',
      visits: [
        ['09:00', 120],
        ['10:00', 60],
      ],
      expected: [
        [0, 2],
        [1, 2],
      ],
    },
    {
      name: 'a freed column is used again within the cluster',
      visits: [
        ['09:00', 180],
        ['09:30', 30],
        ['10:00', 60],
      ],
      expected: [
        [0, 2],
        [1, 2],
        [1, 2],
      ],
    },
  ] as const)('when $name, then columns are as expected', ({ visits, expected }) => {
    const placed = layoutDay(
      visits.map(([time, minutes]) =>
        makeVisit({ localStartsAt: `2026-05-06T${time}:00`, durationMinutes: minutes }),
      ),
    );
    expect(placed.map((p) => [p.column, p.columns])).toEqual(expected);
  });

  it('when a visit runs past midnight, then it is cut at the end of the day', () => {
    const [placed] = layoutDay([
      makeVisit({ localStartsAt: '2026-05-06T23:00:00', durationMinutes: 180 }),
    ]);
    expect(placed).toMatchObject({ start: 23 * 60, end: 24 * 60 });
  });
});

describe('foldLanes', () => {
  const at = (time: string, minutes = 60) =>
    makeVisit({ localStartsAt: `2026-05-06T${time}:00`, durationMinutes: minutes });

  it('when four visits overlap in a week column of two lanes, then two are shown beside a "+2" tile spanning the rest', () => {
    const { shown, folded } = foldLanes(
      layoutDay([at('08:00'), at('08:00'), at('08:30'), at('08:00', 120)]),
      2,
    );
    expect(shown.map((p) => [p.column, p.columns, p.folded])).toEqual([
      [0, 2, true],
      [1, 2, true],
    ]);
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({ start: 8 * 60, end: 10 * 60 });
    expect(folded[0]!.visits).toHaveLength(2);
  });

  it('when a week column shows one lane, then any overlap folds: the first visit beside "+N"', () => {
    const { shown, folded } = foldLanes(layoutDay([at('08:00'), at('08:00'), at('08:00')]), 1);
    expect(shown.map((p) => [p.column, p.columns, p.folded])).toEqual([[0, 1, true]]);
    expect(folded.map((f) => f.visits.length)).toEqual([2]);
  });

  it('when clusters fit their lanes, then nothing is folded and each keeps its own columns', () => {
    const placed = layoutDay([at('08:00'), at('08:30'), at('13:00')]);
    expect(foldLanes(placed, 2)).toEqual({ shown: placed, folded: [] });
  });

  it('when two separate clusters overflow, then each has its own tile', () => {
    const { folded } = foldLanes(
      layoutDay([at('08:00'), at('08:00'), at('08:00'), at('14:00'), at('14:00'), at('14:00')]),
      1,
    );
    expect(folded.map((f) => [f.start, f.visits.length])).toEqual([
      [8 * 60, 2],
      [14 * 60, 2],
    ]);
  });
});
