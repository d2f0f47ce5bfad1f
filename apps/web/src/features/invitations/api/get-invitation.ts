import { queryOptions } from '@tanstack/react-query';
import type { PublicInvitation } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

export type { PublicInvitation };

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
