import { queryOptions } from '@tanstack/react-query';
import type { Role } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

/** An invitation not answered yet; an expired one can be sent again. */
export interface TeamInvitation {
  id: string;
  email: string;
  role: Role;
  status: 'pending' | 'expired';
  expiresAt: string;
  createdAt: string;
  invitedBy: string | null;
}

export const invitationsQueryKey = ['team', 'invitations'] as const;

/** `GET /api/team/invitations`, newest first. */
export function invitationsQueryOptions() {
  return queryOptions({
    queryKey: invitationsQueryKey,
    queryFn: ({ signal }) => apiRequest<TeamInvitation[]>('/team/invitations', { signal }),
  });
}
