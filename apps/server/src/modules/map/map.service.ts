import {
  nearestNeighbourOrder,
  type MapResponse,
  type RouteSuggestion,
  type VisitSummary,
} from '@crewdesk/domain';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { findBusinessAddress } from '../business-profile/index.ts';
import { listPlacedCustomers } from '../customers/index.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { applyVisitOrder, dayRange, toVisitSummary, visitsInTimeOrder } from '../jobs/index.ts';
import { loadGazetteer } from '../locations/index.ts';

const MAP_CUSTOMER_LIMIT = 1000;

/** Where a day's route starts: the business address, placed by its ZIP (or city) offline. */
export async function businessStart(db: DbOrTx, accountId: string): Promise<MapResponse['start']> {
  const details = await findBusinessAddress(db, accountId);
  if (!details) return null;
  const gazetteer = await loadGazetteer();
  const zip = details.zip ? gazetteer.zip(details.zip.trim().slice(0, 5)) : undefined;
  const state = details.state ? gazetteer.stateCode(details.state) : undefined;
  const city = !zip && state && details.city ? gazetteer.city(state, details.city) : undefined;
  const place = zip ?? city;
  if (!place) return null;
  const label = [details.address, details.city].filter(Boolean).join(', ') || details.name;
  return { label, latitude: place.lat, longitude: place.lng };
}

async function dayVisits(
  db: Db,
  actor: AccountActor,
  date: string,
  assigneeId: string | undefined,
  timeZone: string,
) {
  const { start, end } = dayRange(date, date, timeZone);
  return visitsInTimeOrder(db, actor.accountId, {
    kind: 'job',
    startsFrom: start,
    startsBefore: end,
    notCancelled: true,
    employeeId: assigneeId,
  });
}

export async function getMap(
  db: Db,
  config: Pick<Config, 'mapTileUrl' | 'mapTileAttribution'>,
  actor: AccountActor,
  query: { date: string; assigneeId?: string },
): Promise<MapResponse> {
  const timeZone = actor.timeZone;
  const [visits, pins, start] = await Promise.all([
    dayVisits(db, actor, query.date, query.assigneeId, timeZone),
    listPlacedCustomers(db, actor.accountId, MAP_CUSTOMER_LIMIT),
    businessStart(db, actor.accountId),
  ]);
  return {
    visits: visits.map((v) => toVisitSummary(v, timeZone)),
    customers: pins.map((c) => ({
      id: c.id,
      name: `${c.firstName} ${c.lastName}`.trim() + (c.company ? ` (${c.company})` : ''),
      address: [c.address, c.city].filter(Boolean).join(', ') || null,
      latitude: c.latitude as number,
      longitude: c.longitude as number,
    })),
    start,
    tileUrl: config.mapTileUrl,
    tileAttribution: config.mapTileUrl ? config.mapTileAttribution : null,
  };
}

type Positioned = VisitSummary & { latitude: number; longitude: number };
const hasPosition = (v: VisitSummary): v is Positioned =>
  v.latitude !== null && v.longitude !== null;

/** A member's day in nearest-neighbour order from the business (or from their first visit). */
export async function suggestRoute(
  db: Db,
  actor: AccountActor,
  query: { date: string; assigneeId: string },
): Promise<RouteSuggestion> {
  const timeZone = actor.timeZone;
  const visits = (await dayVisits(db, actor, query.date, query.assigneeId, timeZone)).map((v) =>
    toVisitSummary(v, timeZone),
  );
  const placed = visits.filter(hasPosition);
  const start =
    (await businessStart(db, actor.accountId)) ??
    (placed[0]
      ? { label: placed[0].location, latitude: placed[0].latitude, longitude: placed[0].longitude }
      : null);
  const { order, totalKm } = start
    ? nearestNeighbourOrder(start, placed)
    : { order: [], totalKm: 0 };
  return {
    start,
    order: order.map((v) => v.id),
    totalKm,
    skipped: visits.filter((v) => !hasPosition(v)).map((v) => v.id),
  };
}

/**
 * Applies an order to a member's day (jobs' applyVisitOrder), then answers the day as it now
 * stands.
 */
export async function applyRoute(
  db: Db,
  actor: AccountActor,
  input: { date: string; assigneeId: string; order: string[] },
): Promise<{ visits: VisitSummary[] }> {
  const timeZone = actor.timeZone;
  await applyVisitOrder(db, actor, {
    range: dayRange(input.date, input.date, timeZone),
    employeeId: input.assigneeId,
    order: input.order,
    timeZone,
  });
  const visits = await dayVisits(db, actor, input.date, input.assigneeId, timeZone);
  return { visits: visits.map((v) => toVisitSummary(v, timeZone)) };
}
