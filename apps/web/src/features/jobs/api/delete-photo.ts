import type { JobDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { useJobMutation } from './use-job-mutation';

/** `DELETE /api/jobs/:id/photos/:photoId`: own photos, or any for dispatchers. */
export function deleteJobPhoto({
  id,
  photoId,
}: {
  id: string;
  photoId: string;
}): Promise<JobDetail> {
  return apiRequest(`/jobs/${encodeURIComponent(id)}/photos/${encodeURIComponent(photoId)}`, {
    method: 'DELETE',
  });
}

export function useDeleteJobPhoto() {
  return useJobMutation(deleteJobPhoto);
}
