import type { JobDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { useJobMutation } from './use-job-mutation';

/** `POST /api/jobs/:id/end-series`: no visits of the series after this one. */
export function endSeries({ id }: { id: string }): Promise<JobDetail> {
  return apiRequest(`/jobs/${encodeURIComponent(id)}/end-series`, { method: 'POST' });
}

export function useEndSeries() {
  return useJobMutation(endSeries);
}
