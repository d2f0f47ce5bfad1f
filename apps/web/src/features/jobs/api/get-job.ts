import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { jobQueryKey } from './keys';

/** `GET /api/jobs/:id`: the visit with its checklist, photos, history, series and request. */
export function getJob(id: string, signal?: AbortSignal): Promise<JobDetail> {
  return apiRequest(`/jobs/${encodeURIComponent(id)}`, { signal });
}

export function jobQueryOptions(id: string) {
  return queryOptions({
    queryKey: jobQueryKey(id),
    queryFn: ({ signal }) => getJob(id, signal),
  });
}

export function useJob(id: string) {
  return useQuery(jobQueryOptions(id));
}
