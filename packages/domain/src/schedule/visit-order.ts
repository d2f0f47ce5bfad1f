export interface GeoPoint {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres. */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface VisitOrder<T> {
  order: T[];
  /** From the start through every stop, in kilometres, rounded to 0.1. */
  totalKm: number;
}

/**
 * A suggested visiting order: from the start, always the nearest stop not yet visited
 * (nearest neighbour). Not the shortest possible route, but close for a day's handful of
 * visits, and predictable: ties keep the given order.
 */
export function nearestNeighbourOrder<T extends GeoPoint>(
  start: GeoPoint,
  stops: readonly T[],
): VisitOrder<T> {
  const left = [...stops];
  const order: T[] = [];
  let here = start;
  let total = 0;
  while (left.length > 0) {
    let best = 0;
    let bestKm = Infinity;
    left.forEach((stop, i) => {
      const km = distanceKm(here, stop);
      if (km < bestKm) {
        best = i;
        bestKm = km;
      }
    });
    const [next] = left.splice(best, 1) as [T];
    order.push(next);
    total += bestKm;
    here = next;
  }
  return { order, totalKm: Math.round(total * 10) / 10 };
}
