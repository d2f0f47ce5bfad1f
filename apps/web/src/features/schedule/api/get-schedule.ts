import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { scheduleRangePath, type ScheduleResponse } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { scheduleRangeQueryKey, type ScheduleFilters } from './keys';

/** `GET /api/schedule?from&to&assigneeId`: the visits of a range, the unplanned ones and the lanes. */
export function getSchedule(
  filters: ScheduleFilters,
  signal?: AbortSignal,
): Promise<ScheduleResponse> {
  // Written as the server writes its preload of the first screen's range, so this takes it.
  return apiRequest(scheduleRangePath(filters), { signal });
}

export function scheduleQueryOptions(filters: ScheduleFilters) {
  return queryOptions({
    queryKey: scheduleRangeQueryKey(filters),
    queryFn: ({ signal }) => getSchedule(filters, signal),
    // Paging to the next week keeps the calendar on screen until its visits arrive.
    placeholderData: keepPreviousData,
    // Others move visits too: a schedule older than a minute is asked for again.
    staleTime: 60_000,
  });
}

export function useSchedule(filters: ScheduleFilters) {
  return useQuery(scheduleQueryOptions(filters));
}
