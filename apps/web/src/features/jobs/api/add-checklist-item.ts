import type { JobDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { useJobMutation } from './use-job-mutation';

/** `POST /api/jobs/:id/checklist`: a new item. */
export function addChecklistItem({ id, label }: { id: string; label: string }): Promise<JobDetail> {
  return apiRequest(`/jobs/${encodeURIComponent(id)}/checklist`, {
    method: 'POST',
    body: { label },
  });
}

export function useAddChecklistItem() {
  return useJobMutation(addChecklistItem);
}
