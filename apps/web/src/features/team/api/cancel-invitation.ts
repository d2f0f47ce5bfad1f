import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invitationsQueryKey } from './list-invitations';

/** `DELETE /api/team/invitations/:id` (204). */
export function cancelInvitation(id: string): Promise<void> {
  return apiRequest(`/team/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
