import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyVisitsResponse } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { myVisitsQueryKey } from './keys';

/** `GET /api/my-visits`: the signed-in member's visits of today, in time order. */
export function getMyVisits(signal?: AbortSignal): Promise<MyVisitsResponse> {
  return apiRequest('/my-visits', { signal });
}

export function myVisitsQueryOptions() {
  return queryOptions({
    queryKey: myVisitsQueryKey,
    queryFn: ({ signal }) => getMyVisits(signal),
    // A field worker's day changes as the office plans: fresher than the 5-minute default.
    staleTime: 30_000,
  });
}

export function useMyVisits(enabled = true) {
  return useQuery({ ...myVisitsQueryOptions(), enabled });
}
