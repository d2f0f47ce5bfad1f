import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobDetail } from '@crewdesk/domain';
import { jobsQueryKey, scheduleQueryKey } from '@/entities/job/api/job-keys';
import { apiRequest } from '@/lib/api-client';
import { requestsQueryKey } from './keys';

/** `POST /api/requests/:id/schedule-job`: a job from an accepted request (409 otherwise). */
export function scheduleJobFromRequest(id: string): Promise<JobDetail> {
  return apiRequest(`/requests/${encodeURIComponent(id)}/schedule-job`, { method: 'POST' });
}

export function useScheduleJobFromRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleJobFromRequest,
    // The request now lists the job; the jobs lists and the schedule have one more visit.
    onSuccess: () =>
      Promise.all(
        [requestsQueryKey, jobsQueryKey, scheduleQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
