import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobDetail } from '@crewdesk/domain';
import { refreshVisitQueries } from '@/entities/job/api/job-keys';
import { jobQueryKey } from './keys';

/**
 * A change on one visit that answers the visit as it now is: the detail page shows the answer at
 * once, and the lists, schedule and map refresh behind it.
 */
export function useJobMutation<V>(mutationFn: (variables: V) => Promise<JobDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (job) => {
      queryClient.setQueryData(jobQueryKey(job.id), job);
      await refreshVisitQueries(queryClient, job.id);
    },
  });
}
