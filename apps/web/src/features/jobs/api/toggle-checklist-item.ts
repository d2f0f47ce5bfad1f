import type { JobDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { useJobMutation } from './use-job-mutation';

/** `PATCH /api/jobs/:id/checklist/:itemId`: ticks or unticks an item. */
export function toggleChecklistItem({
  id,
  itemId,
  done,
}: {
  id: string;
  itemId: string;
  done: boolean;
}): Promise<JobDetail> {
  return apiRequest(`/jobs/${encodeURIComponent(id)}/checklist/${encodeURIComponent(itemId)}`, {
    method: 'PATCH',
    body: { done },
  });
}

export function useToggleChecklistItem() {
  return useJobMutation(toggleChecklistItem);
}
