import { queryOptions } from '@tanstack/react-query';
import type { InvitationStatus, Role } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

/** An invitation as its link shows it; no session needed (the id is the link's secret). */
export interface PublicInvitation {
  id: string;
  businessName: string;
  role: Role;
  email: string;
  status: InvitationStatus;
  expiresAt: string;
  invitedBy: string | null;
}

export function invitationQueryKey(id: string) {
  return ['invitation', id] as const;
}

/** `GET /api/invitations/:id`; 404 for an unknown id, 400 for one that is not an id at all. */
export function invitationQueryOptions(id: string) {
  return queryOptions({
    queryKey: invitationQueryKey(id),
    queryFn: ({ signal }) =>
      apiRequest<PublicInvitation>(`/invitations/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}
