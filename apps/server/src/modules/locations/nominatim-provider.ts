import { z } from 'zod';
import {
  SUGGESTION_LIMIT,
  type LocationDetails,
  type LocationLookup,
  type LocationProvider,
  type LocationQuery,
  type LocationSuggestion,
} from './location-provider.ts';
import { getJson, providerError } from './remote-fetch.ts';

const addressSchema = z
  .object({
    house_number: z.string(),
    road: z.string(),
    city: z.string(),
    town: z.string(),
    village: z.string(),
    hamlet: z.string(),
    municipality: z.string(),
    state: z.string(),
    postcode: z.string(),
    country: z.string(),
  })
  .partial()
  .loose();

const placeSchema = z
  .object({
    osm_type: z.enum(['node', 'way', 'relation']).optional(),
    osm_id: z.union([z.number(), z.string()]).optional(),
    lat: z.coerce.number(),
    lon: z.coerce.number(),
    name: z.string().optional(),
    display_name: z.string(),
    // [minLat, maxLat, minLng, maxLng], as strings.
    boundingbox: z
      .tuple([z.coerce.number(), z.coerce.number(), z.coerce.number(), z.coerce.number()])
      .optional(),
    address: addressSchema.optional(),
  })
  .loose();

type Place = z.infer<typeof placeSchema>;

const PROVIDER = 'Nominatim';
const OSM_ID = /^([NWR])(\d+)$/;
// A house or a shop has a box of a few metres: a point for the map, which then zooms to 14.
const POINT_SPAN_DEGREES = 0.005;

function cityOf(address: Place['address']): string {
  return (
    address?.city ??
    address?.town ??
    address?.village ??
    address?.hamlet ??
    address?.municipality ??
    ''
  );
}

function streetOf(address: Place['address']): string {
  return [address?.house_number, address?.road].filter(Boolean).join(' ');
}

function nameOf(place: Place): string {
  return place.name || streetOf(place.address) || (place.display_name.split(',')[0] ?? '').trim();
}

/** 'Springfield, Illinois 62701, United States', without repeating the place's own name. */
function placeFormattedOf(place: Place, name: string): string {
  const a = place.address;
  if (!a) return place.display_name.split(',').slice(1).join(',').trim();
  const city = cityOf(a);
  const region = [a.state, a.postcode].filter(Boolean).join(' ');
  return [city === name ? '' : city, region, a.country].filter(Boolean).join(', ');
}

/** A Nominatim (OpenStreetMap) server: /search and /lookup with format=jsonv2. */
export class NominatimLocationProvider implements LocationProvider {
  readonly name = 'nominatim' as const;

  constructor(private readonly options: { baseUrl: string; userAgent: string }) {}

  private async places(path: string, params: Record<string, string>): Promise<Place[] | null> {
    const url = new URL(`${this.options.baseUrl}${path}`);
    for (const [key, value] of Object.entries({
      ...params,
      format: 'jsonv2',
      addressdetails: '1',
      'accept-language': 'en',
    })) {
      url.searchParams.set(key, value);
    }
    // Nominatim's usage policy asks every application to name itself.
    const answer = await getJson(PROVIDER, url, { 'User-Agent': this.options.userAgent });
    if (answer === null) return null;
    const parsed = z.array(placeSchema).safeParse(answer);
    if (!parsed.success) throw providerError(PROVIDER, 'its answer is not a list of places');
    return parsed.data;
  }

  async suggest({ q }: LocationQuery): Promise<LocationSuggestion[]> {
    const places = (await this.places('/search', { q, limit: String(SUGGESTION_LIMIT) })) ?? [];
    return places
      .flatMap((place) => {
        if (!place.osm_type || place.osm_id === undefined) return [];
        const name = nameOf(place);
        return [
          {
            id: `${place.osm_type.charAt(0).toUpperCase()}${place.osm_id}`,
            name,
            placeFormatted: placeFormattedOf(place, name),
          },
        ];
      })
      .slice(0, SUGGESTION_LIMIT);
  }

  async retrieve({ id }: LocationLookup): Promise<LocationDetails | null> {
    if (!OSM_ID.test(id)) return null;
    const place = (await this.places('/lookup', { osm_ids: id }))?.[0];
    if (!place) return null;
    const box = place.boundingbox;
    const isArea =
      box !== undefined &&
      (box[1] - box[0] > POINT_SPAN_DEGREES || box[3] - box[2] > POINT_SPAN_DEGREES);
    return {
      lng: place.lon,
      lat: place.lat,
      bbox: isArea && box ? [box[2], box[0], box[3], box[1]] : null,
      address: streetOf(place.address),
      city: cityOf(place.address),
      state: place.address?.state ?? '',
      zip: place.address?.postcode ?? '',
      formatted: place.display_name,
    };
  }
}
