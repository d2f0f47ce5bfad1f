import { z } from 'zod';

/** One line of the location search's list (spec section 7: GET /api/locations/suggest). */
export const locationSuggestionSchema = z.object({
  /** Opaque to the client: handed back to retrieve as is. */
  id: z.string(),
  /** The place itself: '123 Main St', 'Springfield', '62701'. */
  name: z.string(),
  /** Where it is: 'Springfield, Illinois 62701, United States'. */
  placeFormatted: z.string(),
});
export type LocationSuggestion = z.output<typeof locationSuggestionSchema>;

/**
 * A chosen place (spec section 7: GET /api/locations/retrieve/:id), ready to fill an address
 * form.
 */
export const locationDetailsSchema = z.object({
  lng: z.number(),
  lat: z.number(),
  /** [minLng, minLat, maxLng, maxLat]; null for a point (the client then zooms to 14). */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  /** The street line, '' for a city or a ZIP. */
  address: z.string(),
  city: z.string(),
  /** The region's name as the provider gives it ('Illinois'); a known address keeps its own. */
  state: z.string(),
  zip: z.string(),
  /** The whole place on one line, shown in the input once chosen. */
  formatted: z.string(),
});
export type LocationDetails = z.output<typeof locationDetailsSchema>;
