import type { JobKind } from '@crewdesk/domain';
import { jobQueryKey, jobsQueryKey } from '@/entities/job/api/job-keys';

export { jobQueryKey, jobsQueryKey };

export interface JobListFilters {
  q: string;
  status: string;
  /** An employee id, 'unassigned', or '' for everyone. */
  assigneeId: string;
  type: string;
  /** 'YYYY-MM-DD' or ''. */
  from: string;
  to: string;
}

export const NO_JOB_FILTERS: JobListFilters = {
  q: '',
  status: '',
  assigneeId: '',
  type: '',
  from: '',
  to: '',
};

export function hasJobFilters(filters: JobListFilters): boolean {
  return Object.values(filters).some((v) => v.trim() !== '');
}

export function jobListQueryKey(kind: JobKind, filters: JobListFilters) {
  return [...jobsQueryKey, 'list', kind, filters] as const;
}

export const myVisitsQueryKey = [...jobsQueryKey, 'my-visits'] as const;
