import type { SeriesScope } from '@crewdesk/domain';
import type { JobDetail, JobInputBody } from '../model/job';
import { apiRequest } from '@/lib/api-client';

function scopeQuery(scope: SeriesScope | null): string {
  return scope ? `?scope=${scope}` : '';
}

/** `POST /api/jobs`: a job or task; a recurring one answers its first visit. */
export function createJob(input: JobInputBody): Promise<JobDetail> {
  return apiRequest('/jobs', { method: 'POST', body: input });
}

/** `PUT /api/jobs/:id?scope=`: this visit, or this and the following ones of its series. */
export function updateJob(
  id: string,
  input: JobInputBody,
  scope: SeriesScope | null = null,
): Promise<JobDetail> {
  return apiRequest(`/jobs/${encodeURIComponent(id)}${scopeQuery(scope)}`, {
    method: 'PUT',
    body: input,
  });
}

/** `DELETE /api/jobs/:id?scope=`. */
export function deleteJob(id: string, scope: SeriesScope | null = null): Promise<null> {
  return apiRequest(`/jobs/${encodeURIComponent(id)}${scopeQuery(scope)}`, { method: 'DELETE' });
}
