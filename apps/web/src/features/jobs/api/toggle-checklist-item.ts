import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobDetail } from '@crewdesk/domain';
import { refreshVisitQueries } from '@/entities/job/api/job-keys';
import { apiRequest } from '@/lib/api-client';
import { jobQueryKey } from './keys';

interface ToggleVariables {
  id: string;
  itemId: string;
  done: boolean;
}

/** `PATCH /api/jobs/:id/checklist/:itemId`: ticks or unticks an item. */
export function toggleChecklistItem({ id, itemId, done }: ToggleVariables): Promise<JobDetail> {
  return apiRequest(`/jobs/${encodeURIComponent(id)}/checklist/${encodeURIComponent(itemId)}`, {
    method: 'PATCH',
    body: { done },
  });
}

/**
 * The tick shows at once (a phone on a weak signal must not feel stuck) and is taken back if the
 * server refuses it; the server's answer then replaces the visit.
 */
export function useToggleChecklistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleChecklistItem,
    onMutate: async ({ id, itemId, done }: ToggleVariables) => {
      await queryClient.cancelQueries({ queryKey: jobQueryKey(id) });
      const before = queryClient.getQueryData<JobDetail>(jobQueryKey(id));
      if (before)
        queryClient.setQueryData<JobDetail>(jobQueryKey(id), {
          ...before,
          checklist: before.checklist.map((item) =>
            item.id === itemId
              ? { ...item, done, doneAt: done ? new Date().toISOString() : null }
              : item,
          ),
        });
      return { before };
    },
    onError: (_error, { id }, context) => {
      if (context?.before) queryClient.setQueryData(jobQueryKey(id), context.before);
    },
    onSuccess: async (job) => {
      queryClient.setQueryData(jobQueryKey(job.id), job);
      await refreshVisitQueries(queryClient, job.id);
    },
  });
}
