import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { apiRequest } from '@/lib/api-client';
import { teamMemberName, type TeamMemberOption } from '../model/team-member';

export const teamMemberOptionsQueryKey = ['team', 'employee-options'] as const;

/** `GET /api/team/employees/options`: active employees by first name (spec section 2). */
export function teamMemberOptionsQueryOptions() {
  return queryOptions({
    queryKey: teamMemberOptionsQueryKey,
    queryFn: ({ signal }) => apiRequest<TeamMemberOption[]>('/team/employees/options', { signal }),
  });
}

/** The active team members with display names, and a lookup by id. */
export function useTeamMemberNames() {
  const query = useQuery(teamMemberOptionsQueryOptions());
  const members = useMemo(
    () => (query.data ?? []).map((m) => ({ id: m.id, name: teamMemberName(m) })),
    [query.data],
  );
  const nameOf = useCallback(
    (id: string | null) => (id ? (members.find((m) => m.id === id)?.name ?? null) : null),
    [members],
  );
  return { members, nameOf, query };
}
