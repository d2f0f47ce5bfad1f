import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { apiRequest } from './api-client';

/** An active employee of the account, as pickers and lists name them. */
export interface TeamMemberOption {
  id: string;
  firstName: string;
  lastName: string;
}

export const teamMemberOptionsQueryKey = ['team', 'employee-options'] as const;

/** `GET /api/team/employees/options`: active employees by first name (spec section 2). */
export function teamMemberOptionsQueryOptions() {
  return queryOptions({
    queryKey: teamMemberOptionsQueryKey,
    queryFn: ({ signal }) => apiRequest<TeamMemberOption[]>('/team/employees/options', { signal }),
  });
}

export function teamMemberName(member: Pick<TeamMemberOption, 'firstName' | 'lastName'>): string {
  return `${member.firstName} ${member.lastName}`.trim();
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
