import { infiniteQueryOptions } from '@tanstack/react-query';
import type { TeamEmployee } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

export type { TeamEmployee };

export interface EmployeesPage {
  items: TeamEmployee[];
  total: number;
  limit: number;
  offset: number;
  /** Pass as `offset` for the next page; null on the last one. */
  nextOffset: number | null;
}

export const TEAM_PAGE_SIZE = 50;

export const teamQueryKey = ['team'] as const;
export const employeesQueryKey = ['team', 'employees'] as const;

export function employeesPath(offset: number): string {
  const params = new URLSearchParams({ limit: String(TEAM_PAGE_SIZE) });
  if (offset > 0) params.set('offset', String(offset));
  return `/team/employees?${params.toString()}`;
}

/** `GET /api/team/employees`, ordered by first name, a page at a time. */
export function employeesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: employeesQueryKey,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<EmployeesPage>(employeesPath(pageParam), { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset,
  });
}
