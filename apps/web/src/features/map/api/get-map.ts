import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MapResponse } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { mapDayQueryKey } from './keys';

/** `GET /api/map?date&assigneeId`: a day's visits, the customers' pins and the tile server. */
export function getMap(
  date: string,
  assigneeId: string,
  signal?: AbortSignal,
): Promise<MapResponse> {
  const params = new URLSearchParams({ date });
  if (assigneeId) params.set('assigneeId', assigneeId);
  return apiRequest(`/map?${params.toString()}`, { signal });
}

export function mapQueryOptions(date: string, assigneeId: string) {
  return queryOptions({
    queryKey: mapDayQueryKey(date, assigneeId),
    queryFn: ({ signal }) => getMap(date, assigneeId, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMapDay(date: string, assigneeId: string) {
  return useQuery(mapQueryOptions(date, assigneeId));
}
