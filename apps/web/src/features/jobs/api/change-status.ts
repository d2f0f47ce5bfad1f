import type { JobDetail, JobStatus } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { useJobMutation } from './use-job-mutation';

/** `POST /api/jobs/:id/status`: a lifecycle step (JOB_STATUS_TRANSITIONS). */
export function changeJobStatus({
  id,
  status,
}: {
  id: string;
  status: JobStatus;
}): Promise<JobDetail> {
  return apiRequest(`/jobs/${encodeURIComponent(id)}/status`, { method: 'POST', body: { status } });
}

export function useChangeJobStatus() {
  return useJobMutation(changeJobStatus);
}
