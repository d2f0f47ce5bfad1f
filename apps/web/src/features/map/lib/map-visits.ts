import {
  localTimeSlot,
  type MapResponse,
  type RouteSuggestion,
  type VisitSummary,
} from '@crewdesk/domain';

export type LatLng = [number, number];

/** '9:00 AM' of a visit's wall-clock start, or 'No time'. */
export function visitTime(visit: Pick<VisitSummary, 'localStartsAt'>): string {
  return visit.localStartsAt ? localTimeSlot(visit.localStartsAt) : 'No time';
}

export function hasPosition<T extends { latitude: number | null; longitude: number | null }>(
  item: T,
): item is T & { latitude: number; longitude: number } {
  return item.latitude !== null && item.longitude !== null;
}

/** The day's visits in time order. */
export function visitsInTimeOrder(visits: readonly VisitSummary[]): VisitSummary[] {
  return [...visits].sort((a, b) => (a.localStartsAt ?? '').localeCompare(b.localStartsAt ?? ''));
}

/** A suggestion's visits in its order, skipping ids no longer on the map. */
export function suggestedVisits(
  visits: readonly VisitSummary[],
  suggestion: Pick<RouteSuggestion, 'order'>,
): VisitSummary[] {
  const byId = new Map(visits.map((v) => [v.id, v]));
  return suggestion.order.flatMap((id) => {
    const visit = byId.get(id);
    return visit ? [visit] : [];
  });
}

/** The numbers on the pins: the suggested order when there is one, else the time order. */
export function pinNumbers(
  visits: readonly VisitSummary[],
  suggestion: Pick<RouteSuggestion, 'order'> | null,
): Map<string, number> {
  const ids = suggestion ? suggestion.order : visitsInTimeOrder(visits).map((v) => v.id);
  return new Map(ids.map((id, i) => [id, i + 1]));
}

/** The route's line: from the start (when known) through the ordered visits with a position. */
export function routeLine(start: MapResponse['start'], ordered: readonly VisitSummary[]): LatLng[] {
  const points: LatLng[] = start ? [[start.latitude, start.longitude]] : [];
  for (const visit of ordered)
    if (hasPosition(visit)) points.push([visit.latitude, visit.longitude]);
  return points;
}

/** Every point the map should show at once (visits, then the start, then customers). */
export function boundsPoints(
  answer: Pick<MapResponse, 'visits' | 'customers' | 'start'>,
): LatLng[] {
  const points: LatLng[] = answer.visits
    .filter(hasPosition)
    .map((v) => [v.latitude, v.longitude] as LatLng);
  if (answer.start) points.push([answer.start.latitude, answer.start.longitude]);
  if (points.length === 0) for (const c of answer.customers) points.push([c.latitude, c.longitude]);
  return points;
}
