import { scheduleQueryKey } from '@/entities/job/api/job-keys';

export { scheduleQueryKey };

export interface ScheduleFilters {
  from: string;
  to: string;
  /** An employee id, or '' for everyone. */
  assigneeId: string;
}

export function scheduleRangeQueryKey(filters: ScheduleFilters) {
  return [...scheduleQueryKey, 'range', filters] as const;
}
