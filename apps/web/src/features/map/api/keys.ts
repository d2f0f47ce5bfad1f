import { mapQueryKey } from '@/entities/job/api/job-keys';

export { mapQueryKey };

export function mapDayQueryKey(date: string, assigneeId: string) {
  return [...mapQueryKey, 'day', { date, assigneeId }] as const;
}
