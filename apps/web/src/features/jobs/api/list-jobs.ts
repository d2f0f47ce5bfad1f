import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type QueryClient,
} from '@tanstack/react-query';
import type { JobKind, JobListResponse } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { jobListQueryKey, NO_JOB_FILTERS, type JobListFilters } from './keys';

export const JOB_PAGE_SIZE = 25;

export function jobListSearch(
  kind: JobKind,
  filters: JobListFilters,
  cursor: string | null,
): string {
  const params = new URLSearchParams({ kind, limit: String(JOB_PAGE_SIZE) });
  if (filters.status) params.set('status', filters.status);
  if (filters.assigneeId) params.set('assigneeId', filters.assigneeId);
  if (filters.type) params.set('type', filters.type);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** `GET /api/jobs`: one page of jobs or tasks, soonest first, unscheduled last (keyset). */
export function listJobs(
  kind: JobKind,
  filters: JobListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<JobListResponse> {
  return apiRequest(`/jobs?${jobListSearch(kind, filters, cursor)}`, { signal });
}

export function jobListQueryOptions(kind: JobKind, filters: JobListFilters) {
  return infiniteQueryOptions({
    queryKey: jobListQueryKey(kind, filters),
    queryFn: ({ pageParam, signal }) => listJobs(kind, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new filter keeps the rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useJobList(kind: JobKind, filters: JobListFilters) {
  return useInfiniteQuery(jobListQueryOptions(kind, filters));
}

/** /jobs's first request (the first page, no filter), asked for while the page's code loads. */
export function prefetchJobList({ queryClient }: { queryClient: QueryClient }): void {
  void queryClient.prefetchInfiniteQuery(jobListQueryOptions('job', NO_JOB_FILTERS));
}
