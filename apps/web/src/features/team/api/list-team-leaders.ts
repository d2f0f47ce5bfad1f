import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { EmployeesPage, TeamEmployee } from './list-employees';

/** `GET /api/team/employees?role=team_leader`: the leaders a crew can have (at most 100). */
export function teamLeadersQueryOptions() {
  return queryOptions({
    queryKey: ['team', 'leaders'] as const,
    queryFn: async ({ signal }): Promise<TeamEmployee[]> =>
      (await apiRequest<EmployeesPage>('/team/employees?role=team_leader&limit=100', { signal }))
        .items,
  });
}
