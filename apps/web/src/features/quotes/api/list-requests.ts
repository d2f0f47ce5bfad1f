import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { RequestListCategory, RequestListResponse } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { requestListQueryKey, type RequestListFilters } from './keys';

const PAGE_SIZE = 25;

function searchParams(
  category: RequestListCategory,
  filters: RequestListFilters,
  cursor: string | null,
): string {
  const params = new URLSearchParams({ category, limit: String(PAGE_SIZE) });
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.status) params.set('status', filters.status);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** `GET /api/requests`: one page of a tab, newest first (keyset pagination). */
export function listRequests(
  category: RequestListCategory,
  filters: RequestListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<RequestListResponse> {
  return apiRequest(`/requests?${searchParams(category, filters, cursor)}`, { signal });
}

export function requestListQueryOptions(
  category: RequestListCategory,
  filters: RequestListFilters,
) {
  return infiniteQueryOptions({
    queryKey: requestListQueryKey(category, filters),
    queryFn: ({ pageParam, signal }) => listRequests(category, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new search or status keeps the rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useRequestList(category: RequestListCategory, filters: RequestListFilters) {
  return useInfiniteQuery(requestListQueryOptions(category, filters));
}
