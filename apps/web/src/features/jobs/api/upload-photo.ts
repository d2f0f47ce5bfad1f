import type { JobDetail, PhotoLabel } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { useJobMutation } from './use-job-mutation';

/** `POST /api/jobs/:id/photos?label=`: the raw image; the server resizes it. */
export function uploadJobPhoto({
  id,
  file,
  label,
}: {
  id: string;
  file: File;
  label: PhotoLabel | null;
}): Promise<JobDetail> {
  const query = label ? `?label=${label}` : '';
  return apiRequest(`/jobs/${encodeURIComponent(id)}/photos${query}`, { method: 'POST', file });
}

export function useUploadJobPhoto() {
  return useJobMutation(uploadJobPhoto);
}
