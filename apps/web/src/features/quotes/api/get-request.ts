import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { requestQueryKey } from './keys';

/** `GET /api/requests/:id`: the request with its history of events. */
export function getRequest(id: string, signal?: AbortSignal): Promise<RequestDetail> {
  return apiRequest(`/requests/${encodeURIComponent(id)}`, { signal });
}

export function requestQueryOptions(id: string) {
  return queryOptions({
    queryKey: requestQueryKey(id),
    queryFn: ({ signal }) => getRequest(id, signal),
  });
}

export function useRequest(id: string) {
  return useQuery(requestQueryOptions(id));
}
