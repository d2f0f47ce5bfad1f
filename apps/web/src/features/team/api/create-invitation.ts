import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignableRole } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { invitationsQueryKey, type TeamInvitation } from './list-invitations';

/**
 * `POST /api/team/invitations`: 201 for a new invitation, 200 when a pending one for the same
 * address was renewed; 409 when the address already belongs to the team.
 */
export function createInvitation(input: {
  email: string;
  role: AssignableRole;
}): Promise<TeamInvitation> {
  return apiRequest('/team/invitations', { method: 'POST', body: input });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
