/** Every schedule query lives under this key: a move or a new job refreshes them all. */
export const scheduleQueryKey = ['schedule'] as const;

export interface ScheduleFilters {
  from: string;
  to: string;
  /** An employee id, or '' for everyone. */
  assigneeId: string;
}

export function scheduleRangeQueryKey(filters: ScheduleFilters) {
  return [...scheduleQueryKey, 'range', filters] as const;
}
