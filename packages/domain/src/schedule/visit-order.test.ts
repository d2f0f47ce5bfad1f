import { describe, expect, it } from 'vitest';
import { distanceKm, nearestNeighbourOrder } from './visit-order.ts';

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
const ROUND_ROCK = { latitude: 30.5083, longitude: -97.6789 };
const SAN_MARCOS = { latitude: 29.883, longitude: -97.9414 };

describe('distanceKm', () => {
  it('when measuring Austin to Round Rock, then it is about 27 km', () => {
    expect(distanceKm(AUSTIN, ROUND_ROCK)).toBeCloseTo(27.5, 0);
  });
  it('when both points are one, then it is 0', () => {
    expect(distanceKm(AUSTIN, AUSTIN)).toBe(0);
  });
});

describe('nearestNeighbourOrder', () => {
  it('when starting in Austin, then the nearest stop comes first and the total adds every leg', () => {
    const stops = [
      { id: 'far', ...ROUND_ROCK },
      { id: 'south', ...SAN_MARCOS },
      { id: 'here', latitude: 30.27, longitude: -97.74 },
    ];
    const { order, totalKm } = nearestNeighbourOrder(AUSTIN, stops);
    expect(order.map((s) => s.id)).toEqual(['here', 'far', 'south']);
    const expected =
      distanceKm(AUSTIN, stops[2]!) +
      distanceKm(stops[2]!, ROUND_ROCK) +
      distanceKm(ROUND_ROCK, SAN_MARCOS);
    expect(totalKm).toBeCloseTo(expected, 0);
  });

  it('when there are no stops, then the order is empty and 0 km', () => {
    expect(nearestNeighbourOrder(AUSTIN, [])).toEqual({ order: [], totalKm: 0 });
  });
});
