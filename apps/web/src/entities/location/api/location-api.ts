import { queryOptions } from '@tanstack/react-query';
import type { LocationDetails, LocationSuggestion, MapTiles } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

export function suggestLocations(
  q: string,
  sessionToken: string,
  signal?: AbortSignal,
): Promise<{ suggestions: LocationSuggestion[] }> {
  const params = new URLSearchParams({ q, sessionToken });
  return apiRequest(`/locations/suggest?${params.toString()}`, { signal });
}

export function retrieveLocation(id: string, sessionToken: string): Promise<LocationDetails> {
  const params = new URLSearchParams({ sessionToken });
  return apiRequest(`/locations/retrieve/${encodeURIComponent(id)}?${params.toString()}`);
}

/** `GET /api/map-tiles`: where maps get their tiles (null: none configured). */
export function mapTilesQueryOptions() {
  return queryOptions({
    queryKey: ['map-tiles'] as const,
    queryFn: ({ signal }) => apiRequest<MapTiles>('/map-tiles', { signal }),
    // The tile server is set when the app starts.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
