import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { TeamEmployee } from './list-employees';

export function employeeQueryKey(id: string) {
  return ['team', 'employee', id] as const;
}

/** `GET /api/team/employees/:id`; 404 for an id of another business. */
export function employeeQueryOptions(id: string) {
  return queryOptions({
    queryKey: employeeQueryKey(id),
    queryFn: ({ signal }) =>
      apiRequest<TeamEmployee>(`/team/employees/${encodeURIComponent(id)}`, { signal }),
  });
}
