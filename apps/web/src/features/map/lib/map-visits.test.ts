import { describe, expect, it } from 'vitest';
import { makeMapVisit } from '../test/fixtures';
import { boundsPoints, pinNumbers, routeLine, suggestedVisits, visitTime } from './map-visits';

const a = makeMapVisit({
  title: 'A',
  localStartsAt: '2026-05-06T13:00:00',
  latitude: 1,
  longitude: 1,
});
const b = makeMapVisit({
  title: 'B',
  localStartsAt: '2026-05-06T08:00:00',
  latitude: 2,
  longitude: 2,
});
const c = makeMapVisit({
  title: 'C',
  localStartsAt: '2026-05-06T10:00:00',
  latitude: null,
  longitude: null,
});

describe('map visits', () => {
  it('when there is no suggestion, then pins are numbered in time order; with one, in its order', () => {
    expect([...pinNumbers([a, b, c], null)]).toEqual([
      [b.id, 1],
      [c.id, 2],
      [a.id, 3],
    ]);
    expect([...pinNumbers([a, b, c], { order: [a.id, b.id] })]).toEqual([
      [a.id, 1],
      [b.id, 2],
    ]);
  });

  it('when a route is drawn, then it starts at the start and skips visits without a position', () => {
    const start = { label: 'Office', latitude: 0, longitude: 0 };
    expect(routeLine(start, [a, c, b])).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(routeLine(null, [b])).toEqual([[2, 2]]);
  });

  it('when the suggestion names a visit no longer there, then it is left out', () => {
    expect(suggestedVisits([a, b], { order: [b.id, 'gone', a.id] }).map((v) => v.title)).toEqual([
      'B',
      'A',
    ]);
  });

  it.each([
    ['2026-05-06T13:05:00', '1:05 PM'],
    ['2026-05-06T00:30:00', '12:30 AM'],
    [null, 'No time'],
  ])('when a visit starts at %s, then its time reads %s', (local, text) => {
    expect(visitTime({ localStartsAt: local })).toBe(text);
  });

  it('when the day has no visit with a position, then the map frames the customers', () => {
    const customers = [{ id: 'c', name: 'X', address: null, latitude: 5, longitude: 6 }];
    expect(boundsPoints({ visits: [c], customers, start: null })).toEqual([[5, 6]]);
    expect(boundsPoints({ visits: [a], customers, start: null })).toEqual([[1, 1]]);
  });
});
