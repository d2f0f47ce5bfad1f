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

/** Spec section 7: the place types the location search asks for. */
export const SEARCHBOX_TYPES = [
  'country',
  'region',
  'district',
  'locality',
  'place',
  'neighborhood',
  'address',
  'poi',
] as const;

const named = z.object({ name: z.string() }).partial().optional();

const suggestAnswer = z.object({
  suggestions: z.array(
    z
      .object({
        mapbox_id: z.string().optional(),
        name: z.string().optional(),
        place_formatted: z.string().optional(),
        full_address: z.string().optional(),
      })
      .loose(),
  ),
});

const bboxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

const retrieveAnswer = z.object({
  features: z.array(
    z
      .object({
        geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
        bbox: bboxSchema.optional(),
        properties: z
          .object({
            name: z.string().optional(),
            feature_type: z.string().optional(),
            address: z.string().optional(),
            full_address: z.string().optional(),
            place_formatted: z.string().optional(),
            bbox: bboxSchema.optional(),
            context: z
              .object({
                place: named,
                locality: named,
                region: named,
                postcode: named,
                address: named,
              })
              .loose()
              .optional(),
          })
          .loose(),
      })
      .loose(),
  ),
});

const PROVIDER = 'suggest/retrieve service';

/** The hosted suggest/retrieve service of spec section 7 (Mapbox's Search Box API shape). */
export class SearchBoxLocationProvider implements LocationProvider {
  readonly name = 'searchbox' as const;

  constructor(private readonly options: { baseUrl: string; accessToken: string }) {}

  private url(path: string, params: Record<string, string>): URL {
    const url = new URL(`${this.options.baseUrl}${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    url.searchParams.set('access_token', this.options.accessToken);
    return url;
  }

  async suggest({ q, sessionToken }: LocationQuery): Promise<LocationSuggestion[]> {
    const answer = await getJson(
      PROVIDER,
      this.url('/suggest', {
        q,
        language: 'en',
        limit: String(SUGGESTION_LIMIT),
        types: SEARCHBOX_TYPES.join(','),
        session_token: sessionToken,
      }),
    );
    const parsed = suggestAnswer.safeParse(answer);
    if (!parsed.success) throw providerError(PROVIDER, 'its answer has no suggestions list');
    return parsed.data.suggestions
      .filter((s) => s.mapbox_id)
      .slice(0, SUGGESTION_LIMIT)
      .map((s) => ({
        id: s.mapbox_id ?? '',
        name: s.name ?? s.full_address ?? '',
        placeFormatted: s.place_formatted ?? s.full_address ?? '',
      }));
  }

  async retrieve({ id, sessionToken }: LocationLookup): Promise<LocationDetails | null> {
    const answer = await getJson(
      PROVIDER,
      this.url(`/retrieve/${encodeURIComponent(id)}`, { session_token: sessionToken }),
    );
    if (answer === null) return null;
    const parsed = retrieveAnswer.safeParse(answer);
    if (!parsed.success) throw providerError(PROVIDER, 'its answer has no features');
    const feature = parsed.data.features[0];
    if (!feature) return null;
    const [lng, lat] = feature.geometry.coordinates;
    const p = feature.properties;
    const context = p.context ?? {};
    const street =
      p.address ?? context.address?.name ?? (p.feature_type === 'address' ? (p.name ?? '') : '');
    return {
      lng,
      lat,
      bbox: feature.bbox ?? p.bbox ?? null,
      address: street,
      city: context.place?.name ?? context.locality?.name ?? '',
      state: context.region?.name ?? '',
      zip: context.postcode?.name ?? '',
      formatted: p.full_address ?? [p.name, p.place_formatted].filter((part) => part).join(', '),
    };
  }
}
