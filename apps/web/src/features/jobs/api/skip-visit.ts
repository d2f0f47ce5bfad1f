import type { JobDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { useJobMutation } from './use-job-mutation';

/** `POST /api/jobs/:id/skip`: a series visit is cancelled (event 'skipped'). */
export function skipVisit({ id }: { id: string }): Promise<JobDetail> {
  return apiRequest(`/jobs/${encodeURIComponent(id)}/skip`, { method: 'POST' });
}

export function useSkipVisit() {
  return useJobMutation(skipVisit);
}
