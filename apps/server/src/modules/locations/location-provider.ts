/** One line of the location search's list (spec section 7: the suggest answer). */
export interface LocationSuggestion {
  /** Opaque to the client: handed back to retrieve as is. */
  id: string;
  /** The place itself: '123 Main St', 'Springfield', '62701'. */
  name: string;
  /** Where it is: 'Springfield, Illinois 62701, United States'. */
  placeFormatted: string;
}

/** A chosen place (spec section 7: the retrieve answer), ready to fill an address form. */
export interface LocationDetails {
  lng: number;
  lat: number;
  /** [minLng, minLat, maxLng, maxLat]; null for a point (the client then zooms to 14). */
  bbox: [number, number, number, number] | null;
  /** The street line, '' for a city or a ZIP. */
  address: string;
  city: string;
  /** The region's name as the provider gives it ('Illinois'); a known address keeps its own. */
  state: string;
  zip: string;
  /** The whole place on one line, shown in the input once chosen. */
  formatted: string;
}

export interface LocationQuery {
  q: string;
  sessionToken: string;
  /** The business asking: the offline provider also suggests its own contacts' addresses. */
  accountId: string;
}

export interface LocationLookup {
  id: string;
  sessionToken: string;
  accountId: string;
}

/** At most this many suggestions, in English (spec section 9). */
export const SUGGESTION_LIMIT = 5;

export interface LocationProvider {
  readonly name: 'searchbox' | 'nominatim' | 'offline';
  suggest(query: LocationQuery): Promise<LocationSuggestion[]>;
  /** null when the id names nothing (answered as 404). */
  retrieve(lookup: LocationLookup): Promise<LocationDetails | null>;
}
