import type { JobDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { useJobMutation } from './use-job-mutation';

/** `POST /api/jobs/:id/notes`: a note in the visit's history. */
export function addJobNote({ id, text }: { id: string; text: string }): Promise<JobDetail> {
  return apiRequest(`/jobs/${encodeURIComponent(id)}/notes`, { method: 'POST', body: { text } });
}

export function useAddJobNote() {
  return useJobMutation(addJobNote);
}
