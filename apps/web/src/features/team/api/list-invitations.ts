import { queryOptions } from '@tanstack/react-query';
import type { TeamInvitation } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

export type { TeamInvitation };

export const invitationsQueryKey = ['team', 'invitations'] as const;

/** `GET /api/team/invitations`, newest first. */
export function invitationsQueryOptions() {
  return queryOptions({
    queryKey: invitationsQueryKey,
    queryFn: ({ signal }) => apiRequest<TeamInvitation[]>('/team/invitations', { signal }),
  });
}
