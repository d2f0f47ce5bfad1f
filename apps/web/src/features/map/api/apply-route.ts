import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VisitSummary } from '@crewdesk/domain';
import { jobsQueryKey, scheduleQueryKey } from '@/entities/job/api/job-keys';
import { apiRequest } from '@/lib/api-client';
import { mapQueryKey } from './keys';
import type { RouteRequest } from './suggest-route';

/**
 * `POST /api/map/route/apply`: keeps the day's first start time and lays the visits end to end
 * in this order.
 */
export function applyRoute(
  input: RouteRequest & { order: string[] },
): Promise<{ visits: VisitSummary[] }> {
  return apiRequest('/map/route/apply', { method: 'POST', body: input });
}

export function useApplyRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyRoute,
    onSuccess: async () => {
      // The visits' times changed: the map, the schedule and the jobs lists show them.
      await Promise.all(
        [mapQueryKey, scheduleQueryKey, jobsQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
