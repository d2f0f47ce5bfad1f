import type { Db } from '../../db/client.ts';
import { matchPlaces, normalizeText, type PlaceMatch } from './address-text.ts';
import { loadGazetteer, type Gazetteer, type GazetteerCity } from './gazetteer.ts';
import {
  SUGGESTION_LIMIT,
  type LocationDetails,
  type LocationLookup,
  type LocationProvider,
  type LocationQuery,
  type LocationSuggestion,
} from './location-provider.ts';
import { findKnownAddress, findKnownAddresses, type KnownAddress } from './locations.repo.ts';

const COUNTRY = 'United States';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ids are self-describing, so retrieve needs no state between the two calls:
 * zip:62701, city:IL:Springfield, addr:<base64url JSON of street + ZIP or city>, known:<contact id>.
 */
type PlaceId =
  | { kind: 'zip'; zip: string }
  | { kind: 'city'; state: string; city: string }
  | { kind: 'addr'; street: string; zip?: string; state?: string; city?: string }
  | { kind: 'known'; customerId: string };

function encodeId(id: PlaceId): string {
  switch (id.kind) {
    case 'zip':
      return `zip:${id.zip}`;
    case 'city':
      return `city:${id.state}:${id.city}`;
    case 'known':
      return `known:${id.customerId}`;
    case 'addr': {
      const payload = id.zip
        ? { s: id.street, z: id.zip }
        : { s: id.street, st: id.state, c: id.city };
      return `addr:${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    }
  }
}

function decodeId(id: string): PlaceId | null {
  const [kind, ...rest] = id.split(':');
  const value = rest.join(':');
  if (kind === 'zip' && /^\d{5}$/.test(value)) return { kind, zip: value };
  if (kind === 'known' && UUID.test(value)) return { kind, customerId: value };
  if (kind === 'city') {
    const [state, ...city] = value.split(':');
    if (state && city.length > 0) return { kind, state, city: city.join(':') };
  }
  if (kind === 'addr') {
    try {
      const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
      if (!parsed || typeof parsed !== 'object') return null;
      const { s, z, st, c } = parsed as Record<string, unknown>;
      if (typeof s !== 'string' || s === '') return null;
      if (typeof z === 'string') return { kind, street: s, zip: z };
      if (typeof st === 'string' && typeof c === 'string') {
        return { kind, street: s, state: st, city: c };
      }
    } catch {
      return null;
    }
  }
  return null;
}

/** 'Springfield, Illinois 62701' — the pieces that exist, as the suggest service writes them. */
function placeLine(city: string, state: string, zip: string): string {
  const region = [state, zip].filter(Boolean).join(' ');
  return [city, region].filter(Boolean).join(', ');
}

function onlyZip(city: GazetteerCity): string {
  return city.zips.length === 1 ? (city.zips[0] ?? '') : '';
}

function suggestionOf(g: Gazetteer, match: PlaceMatch): LocationSuggestion {
  if (match.kind === 'zip') {
    const { zip } = match;
    const state = g.stateName(zip.state);
    if (match.street) {
      return {
        id: encodeId({ kind: 'addr', street: match.street, zip: zip.zip }),
        name: match.street,
        placeFormatted: `${placeLine(zip.city, state, zip.zip)}, ${COUNTRY}`,
      };
    }
    return {
      id: encodeId({ kind: 'zip', zip: zip.zip }),
      name: zip.zip,
      placeFormatted: `${zip.city}, ${state}, ${COUNTRY}`,
    };
  }
  const { city } = match;
  const state = g.stateName(city.state);
  if (match.street) {
    return {
      id: encodeId({ kind: 'addr', street: match.street, state: city.state, city: city.city }),
      name: match.street,
      placeFormatted: `${placeLine(city.city, state, onlyZip(city))}, ${COUNTRY}`,
    };
  }
  return {
    id: encodeId({ kind: 'city', state: city.state, city: city.city }),
    name: city.city,
    placeFormatted: `${state}, ${COUNTRY}`,
  };
}

/**
 * Address search with no key and no network: the bundled US ZIP/city gazetteer, plus the
 * addresses the business already has on its contacts (listed first: they are its real places).
 * Coordinates of a typed street are its ZIP's or city's centre, good enough for a map pin.
 */
export class OfflineLocationProvider implements LocationProvider {
  readonly name = 'offline' as const;

  constructor(
    private readonly db: Db,
    private readonly gazetteer: () => Promise<Gazetteer> = loadGazetteer,
  ) {}

  async suggest({ q, accountId }: LocationQuery): Promise<LocationSuggestion[]> {
    const text = normalizeText(q);
    if (text === '') return [];
    const g = await this.gazetteer();
    const suggestions: LocationSuggestion[] = [];
    const street = text.split(',')[0]?.trim() ?? '';
    if (street.length >= 3) {
      const known = await findKnownAddresses(this.db, accountId, street, SUGGESTION_LIMIT);
      for (const row of known) {
        if (!this.knownPosition(g, row)) continue;
        suggestions.push({
          id: encodeId({ kind: 'known', customerId: row.id }),
          name: row.address,
          placeFormatted: placeLine(row.city ?? '', row.state ?? '', row.zip ?? ''),
        });
      }
    }
    for (const match of matchPlaces(g, text, SUGGESTION_LIMIT)) {
      const suggestion = suggestionOf(g, match);
      const duplicate = suggestions.some(
        (s) =>
          s.name.toLowerCase() === suggestion.name.toLowerCase() &&
          suggestion.placeFormatted.toLowerCase().startsWith(s.placeFormatted.toLowerCase()),
      );
      if (!duplicate) suggestions.push(suggestion);
    }
    return suggestions.slice(0, SUGGESTION_LIMIT);
  }

  async retrieve({ id, accountId }: LocationLookup): Promise<LocationDetails | null> {
    const place = decodeId(id);
    if (!place) return null;
    const g = await this.gazetteer();
    switch (place.kind) {
      case 'zip': {
        const zip = g.zip(place.zip);
        if (!zip) return null;
        const state = g.stateName(zip.state);
        return {
          lng: zip.lng,
          lat: zip.lat,
          bbox: null,
          address: '',
          city: zip.city,
          state,
          zip: zip.zip,
          formatted: `${placeLine(zip.city, state, zip.zip)}, ${COUNTRY}`,
        };
      }
      case 'city': {
        const city = g.city(place.state, place.city);
        if (!city) return null;
        const state = g.stateName(city.state);
        return {
          lng: city.lng,
          lat: city.lat,
          bbox: city.bbox,
          address: '',
          city: city.city,
          state,
          zip: onlyZip(city),
          formatted: `${city.city}, ${state}, ${COUNTRY}`,
        };
      }
      case 'addr': {
        const zip = place.zip ? g.zip(place.zip) : undefined;
        const city = place.state && place.city ? g.city(place.state, place.city) : undefined;
        const where = zip ?? city;
        if (!where) return null;
        const state = g.stateName(where.state);
        const zipCode = zip ? zip.zip : city ? onlyZip(city) : '';
        return {
          lng: where.lng,
          lat: where.lat,
          bbox: null,
          address: place.street,
          city: where.city,
          state,
          zip: zipCode,
          formatted: `${place.street}, ${placeLine(where.city, state, zipCode)}, ${COUNTRY}`,
        };
      }
      case 'known': {
        const row = await findKnownAddress(this.db, accountId, place.customerId);
        const position = row ? this.knownPosition(g, row) : null;
        if (!row || !position) return null;
        return {
          ...position,
          bbox: null,
          address: row.address,
          city: row.city ?? '',
          state: row.state ?? '',
          zip: row.zip ?? '',
          formatted: [row.address, placeLine(row.city ?? '', row.state ?? '', row.zip ?? '')]
            .filter(Boolean)
            .join(', '),
        };
      }
    }
  }

  /** The contact's own coordinates, else its ZIP's or city's centre; null when none is known. */
  private knownPosition(g: Gazetteer, row: KnownAddress): { lng: number; lat: number } | null {
    if (row.latitude !== null && row.longitude !== null) {
      return { lng: row.longitude, lat: row.latitude };
    }
    const zip = row.zip ? g.zip(row.zip.trim().slice(0, 5)) : undefined;
    if (zip) return { lng: zip.lng, lat: zip.lat };
    const stateCode = row.state ? g.stateCode(row.state) : undefined;
    const city = stateCode && row.city ? g.city(stateCode, row.city.trim()) : undefined;
    return city ? { lng: city.lng, lat: city.lat } : null;
  }
}
