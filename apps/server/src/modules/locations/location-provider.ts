import type { LocationDetails, LocationSuggestion } from '@crewdesk/domain';

// The answers' shapes are the domain's, which the routes serialize with and the web reads.
export type { LocationDetails, LocationSuggestion };

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
