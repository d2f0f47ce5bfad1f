import type { JobDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { useJobMutation } from './use-job-mutation';

/** `DELETE /api/jobs/:id/checklist/:itemId` (dispatchers). */
export function removeChecklistItem({
  id,
  itemId,
}: {
  id: string;
  itemId: string;
}): Promise<JobDetail> {
  return apiRequest(`/jobs/${encodeURIComponent(id)}/checklist/${encodeURIComponent(itemId)}`, {
    method: 'DELETE',
  });
}

export function useRemoveChecklistItem() {
  return useJobMutation(removeChecklistItem);
}
